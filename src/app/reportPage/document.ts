import { createHash } from 'node:crypto';
import type { ShareFigures } from './figures.js';
import { escapeHtml } from './html.js';
import { reportBody } from './page.js';
import { pageStyle } from './pageStyle.js';

/** Whose report it is: the workspace's branding where it has some, else geolens's. */
export interface PageBranding {
  name: string | null;
  accentColor: string | null;
  /** Where the page loads the logo from (a path of this server, or a data URL when printing); null: none. */
  logoSrc: string | null;
}

export const DEFAULT_ACCENT = '#2f5bd3';

export interface ReportDocument {
  html: string;
  /** The page's Content-Security-Policy: its one stylesheet by hash, images from this server only, nothing else. */
  contentSecurityPolicy: string;
}

function header(figures: ShareFigures, branding: PageBranding): string {
  const { window, stats } = figures;
  const logo = branding.logoSrc === null ? '' : `<img src="${escapeHtml(branding.logoSrc)}" alt="${escapeHtml(branding.name ?? 'Logo')}">`;
  const engines = window.engines === null ? 'every engine' : window.engines.join(', ');
  const scope = `${window.startDate} to ${window.endDate} · ${window.country.toUpperCase()} · ${engines}`;
  return `<header>${logo}<div><p class="agency">${escapeHtml(branding.name ?? 'geolens')}</p><h1>${escapeHtml(stats.brand.brand)} in AI search answers</h1><p data-window="${escapeHtml(`${window.startDate}/${window.endDate}`)}">${escapeHtml(scope)}</p></div></header>`;
}

/** The report's overview as one self-contained page: the share page, and the layout its PDF is printed from. */
export function reportDocument(figures: ShareFigures, branding: PageBranding, generatedAt: Date): ReportDocument {
  const style = pageStyle(branding.accentColor ?? DEFAULT_ACCENT);
  const styleHash = createHash('sha256').update(style).digest('base64');
  const title = `${figures.stats.brand.brand} — ${figures.window.startDate} to ${figures.window.endDate}`;
  const footer = `<footer>Figures for ${escapeHtml(figures.window.startDate)} to ${escapeHtml(figures.window.endDate)}, as of ${escapeHtml(generatedAt.toISOString().slice(0, 16).replace('T', ' '))} UTC. Coverage intervals are 95 % Wilson intervals.</footer>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${style}</style></head><body>${header(figures, branding)}<main>${reportBody(figures)}</main>${footer}</body></html>`;
  const contentSecurityPolicy = `default-src 'none'; style-src 'sha256-${styleHash}'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  return { html, contentSecurityPolicy };
}

/** A plain page for a link that cannot be opened (404, 410, 429): the same headers, no figures. */
export function refusalDocument(status: number, message: string): string {
  const heading = status === 410 ? 'This link has expired' : status === 429 ? 'Too many requests' : 'Link not found';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${heading}</title></head><body><h1>${heading}</h1><p>${escapeHtml(message)}</p></body></html>`;
}
