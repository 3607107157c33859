import {
  analyzeContent,
  analyzeStructure,
  compareDynamicContent,
  loadAuditDocument,
  visibleText,
  type AuditCrawler,
} from '../../domain/audits/index.js';
import type { ContentFindings } from '../../domain/audits/events.js';
import { auditedUrl } from './crawlabilityCheck.js';
import type { HttpAnswer, HttpFetcher, PageRenderer } from '../../ports/web.js';

/** The header that tells a site which check fetched it, when the check asks to identify itself. */
export const SERVICE_HEADER = 'X-Geolens-Audit';

export interface ContentCheckOptions {
  /** Whose user agent fetches and renders the page. */
  crawler: AuditCrawler;
  /** Adds `X-Geolens-Audit: <checkId>` to every request. */
  sendServiceHeader: boolean;
  checkId: string;
  /** Whose check it is: the browser is shared fairly between teams. */
  teamId: string;
}

export interface ContentCheckDependencies {
  fetcher: HttpFetcher;
  renderer: PageRenderer;
}

/** What a completed content check records. */
export type ContentCheckResult = ContentFindings;

/** Media types that carry a page to read; anything else (PDF, images, JSON) is not one. */
const READABLE_TYPE = /^(?:text\/html|application\/xhtml\+xml|text\/plain)\b/i;

function ensureReadable(answer: HttpAnswer): void {
  const type = answer.headers['content-type'];
  if (type !== undefined && !READABLE_TYPE.test(type.trim())) {
    throw new Error(`${answer.url} is ${type.split(';')[0]?.trim()}, not an HTML page`);
  }
}

/**
 * A content check: the page fetched as `crawler` without JavaScript, then rendered in
 * a browser with the same identity. The structural and content analyses read the static page, since that is
 * what a crawler that runs no scripts receives; the dynamic comparison says what it misses. Rejects, with the
 * message the failed check shows, when the page cannot be fetched, rendered or read.
 */
export async function runContentCheck(
  url: string,
  { crawler, sendServiceHeader, checkId, teamId }: ContentCheckOptions,
  { fetcher, renderer }: ContentCheckDependencies,
): Promise<ContentCheckResult> {
  if (crawler.userAgent === null) throw new Error(`${crawler.name} has no user agent of its own to fetch pages with`);
  const serviceHeaders: Record<string, string> = sendServiceHeader ? { [SERVICE_HEADER]: checkId } : {};
  const staticAnswer = await fetcher.get(auditedUrl(url).href, { 'user-agent': crawler.userAgent, ...serviceHeaders });
  ensureReadable(staticAnswer);
  const rendered = await renderer.render(staticAnswer.url, { team: teamId, userAgent: crawler.userAgent, headers: serviceHeaders });
  const document = loadAuditDocument(staticAnswer.body, { url: staticAnswer.url, headers: staticAnswer.headers });
  return {
    structuralAnalysis: analyzeStructure(document),
    dynamicContent: compareDynamicContent({
      staticText: visibleText(staticAnswer.body, false),
      dynamicText: visibleText(rendered.html, true),
      staticAnswer: { status: staticAnswer.status, html: staticAnswer.body, headers: staticAnswer.headers },
      crawlerName: crawler.name,
    }),
    contentAnalysis: analyzeContent(document),
  };
}
