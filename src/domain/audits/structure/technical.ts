import type { AuditDocument } from '../html/document.js';
import { metaContent } from './metadata.js';
import { when, type BreakdownItem } from './scoring.js';

/** `width=device-width, initial-scale=1` as a map of lower-case keys to values. */
function viewportSettings(content: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const pair of content.split(/[,;]/)) {
    const [key, value = ''] = pair.split('=').map((part) => part.trim().toLowerCase());
    if (key) settings.set(key, value);
  }
  return settings;
}

/**
 * A viewport meta tag is the mobile signal (none: 0); device width, initial scale 1, zoom left to the
 * reader and responsive images or media queries complete it.
 */
export function mobileFriendlyIndicatorsScore({ $ }: AuditDocument): number {
  const viewport = metaContent($, 'viewport');
  if (viewport === '') return 0;
  const settings = viewportSettings(viewport);
  const zoomDisabled = ['no', '0'].includes(settings.get('user-scalable') ?? '') || Number(settings.get('maximum-scale') ?? 10) < 2;
  const responsiveMedia =
    $('img[srcset], picture, source[srcset], link[media]').length > 0 ||
    $('style')
      .toArray()
      .some((style) => /@media\b/i.test($(style).text()));
  return (
    (settings.get('width') === 'device-width' ? 15 : 8) +
    when(Number(settings.get('initial-scale')) === 1, 5) +
    when(!zoomDisabled, 5) +
    when(responsiveMedia, 5)
  );
}

/** Presentational elements HTML5 made obsolete. */
const OBSOLETE_ELEMENTS = 'font, center, marquee, blink, big, strike, tt, frameset, frame, acronym, applet';

const HTML5_DOCTYPE = /^\uFEFF?\s*(?:<!--[\s\S]*?-->\s*)*<!doctype\s+html\s*>/i;

/** Parse errors other than those about the doctype, which the doctype points already account for. */
const parseErrorsBesidesDoctype = (errors: string[]): number => errors.filter((code) => !code.includes('doctype')).length;

/**
 * Markup a parser reads without guessing: the HTML5 doctype, a declared charset, no parse errors, unique
 * ids and no obsolete elements. A page without any content scores 0.
 */
export function validHtmlStructureScore({ $, source, parseErrors, headers }: AuditDocument): number {
  const body = $('body');
  if (body.children().length === 0 && body.text().trim() === '') return 0;
  const charsetDeclared =
    $('meta[charset]').length > 0 ||
    /charset=/i.test($('meta[http-equiv="content-type" i]').attr('content') ?? '') ||
    /charset=/i.test(headers['content-type'] ?? '');
  const errors = parseErrorsBesidesDoctype(parseErrors);
  const errorPoints = errors === 0 ? 15 : errors <= 2 ? 10 : errors <= 5 ? 5 : 0;
  const ids = $('[id]')
    .toArray()
    .map((element) => $(element).attr('id'));
  return (
    when(HTML5_DOCTYPE.test(source), 10) +
    when(charsetDeclared, 5) +
    errorPoints +
    when(new Set(ids).size === ids.length, 5) +
    when($(OBSOLETE_ELEMENTS).length === 0, 5)
  );
}

/** The robots directives of the page: its robots meta tags and X-Robots-Tag header, lower case. */
function robotsDirectives({ $, headers }: AuditDocument): string[] {
  const metas = $('meta[name="robots" i], meta[name="googlebot" i]')
    .toArray()
    .map((element) => $(element).attr('content') ?? '');
  const header = headers['x-robots-tag'];
  const all = header === undefined ? metas : [...metas, header];
  return all.flatMap((value) => value.toLowerCase().split(',')).map((directive) => directive.trim()).filter(Boolean);
}

/**
 * A page that forbids indexing scores 0 whatever else it says. Otherwise a canonical link earns half and
 * explicit robots directives the other half, less when they forbid snippets (answers quote snippets).
 */
export function robotsAndCrawlingScore(document: AuditDocument): number {
  const directives = robotsDirectives(document);
  if (directives.some((directive) => directive === 'noindex' || directive === 'none')) return 0;
  const canonical = (document.$('link[rel~="canonical" i]').attr('href') ?? '').trim() !== '';
  const limitsSnippets = directives.some((directive) => directive === 'nosnippet' || /^max-snippet\s*:\s*0$/.test(directive));
  return when(canonical, 10) + when(directives.length > 0, limitsSnippets ? 5 : 10);
}

/** A BCP 47 tag as people write them: a 2 or 3 letter language, then subtags ("en", "pt-BR", "zh-Hant-TW"). */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

export function languageDeclarationScore({ $ }: AuditDocument): number {
  const lang = ($('html').attr('lang') ?? '').trim();
  if (lang !== '') return LANGUAGE_TAG.test(lang) ? 10 : 5;
  return when(($('meta[http-equiv="content-language" i]').attr('content') ?? '').trim() !== '', 5);
}

export const TECHNICAL_ITEMS = {
  mobileFriendlyIndicators: { maxScore: 30, score: mobileFriendlyIndicatorsScore },
  validHtmlStructure: { maxScore: 40, score: validHtmlStructureScore },
  robotsAndCrawling: { maxScore: 20, score: robotsAndCrawlingScore },
  languageDeclaration: { maxScore: 10, score: languageDeclarationScore },
} satisfies Record<string, BreakdownItem>;
