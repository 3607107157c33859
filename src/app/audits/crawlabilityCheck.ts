import PQueue from 'p-queue';
import type { CrawlabilityFindings, ServerBotAccess } from '../../domain/audits/events.js';
import { analyzeRobotsTxt, robotsTxtUrl, type AuditCrawler, type RobotsTxtFetch } from '../../domain/audits/index.js';
import { FetchFailedError, type HttpFetcher } from '../../ports/web.js';

/** Who fetches robots.txt: the service under its own name, since no single crawler's view is the point. */
export const AUDIT_USER_AGENT = 'Mozilla/5.0 (compatible; geolens-audit/1.0)';

/** Probes at once against the audited site: enough to finish quickly, few enough not to look like a flood. */
const PROBE_CONCURRENCY = 3;

/** What a completed crawlability check records. */
export type CrawlabilityResult = CrawlabilityFindings;

export interface CrawlabilityDependencies {
  fetcher: HttpFetcher;
}

/** Parses `url` as the page to audit: an absolute http or https URL. */
export function auditedUrl(url: string): URL {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new FetchFailedError('invalidUrl', `not an http or https URL: ${url}`);
  }
  return parsed;
}

/** Fetches robots.txt and says what came of it; a refusal by the SSRF guard fails the whole check. */
async function fetchRobotsTxt(pageUrl: string, fetcher: HttpFetcher): Promise<RobotsTxtFetch> {
  try {
    const answer = await fetcher.get(robotsTxtUrl(pageUrl), { 'user-agent': AUDIT_USER_AGENT, accept: 'text/plain,*/*;q=0.8' });
    return { kind: 'answered', status: answer.status, body: answer.body };
  } catch (error) {
    if (!(error instanceof FetchFailedError)) throw error;
    return error.failure === 'tooManyRedirects' ? { kind: 'unavailable', reason: error.message } : { kind: 'unreachable', reason: error.message };
  }
}

type ProbeOutcome = { access: ServerBotAccess; failure: FetchFailedError | null };

async function probe(pageUrl: string, userAgent: string, fetcher: HttpFetcher): Promise<ProbeOutcome> {
  try {
    const { status } = await fetcher.get(pageUrl, { 'user-agent': userAgent });
    return { access: { userAgent, status, ok: status >= 200 && status < 300 }, failure: null };
  } catch (error) {
    if (!(error instanceof FetchFailedError)) throw error;
    return { access: { userAgent, status: 0, ok: false }, failure: error };
  }
}

/** GETs the page once with the full user agent of each crawler that has one of its own, by crawler name. */
async function probeServer(pageUrl: string, crawlers: readonly AuditCrawler[], fetcher: HttpFetcher): Promise<Map<string, ProbeOutcome>> {
  const probed = new Map<string, string>();
  for (const { name, userAgent } of crawlers) if (userAgent !== null && !probed.has(name)) probed.set(name, userAgent);
  const queue = new PQueue({ concurrency: PROBE_CONCURRENCY });
  const outcomes = await Promise.all([...probed.values()].map((userAgent) => queue.add(() => probe(pageUrl, userAgent, fetcher))));
  return new Map([...probed.keys()].map((name, index) => [name, outcomes[index] as ProbeOutcome]));
}

/**
 * A crawlability check: what robots.txt lets each token fetch, and how the server
 * answers each crawler's user agent. Rejects, with the message the failed check shows, when the SSRF guard
 * refuses a request or when nothing on the site answered at all.
 */
export async function runCrawlabilityCheck(
  url: string,
  crawlers: readonly AuditCrawler[],
  { fetcher }: CrawlabilityDependencies,
): Promise<CrawlabilityResult> {
  const pageUrl = auditedUrl(url).href;
  const [robotsTxt, probes] = await Promise.all([fetchRobotsTxt(pageUrl, fetcher), probeServer(pageUrl, crawlers, fetcher)]);
  const outcomes = [...probes.values()];
  const firstFailure = outcomes.find((outcome) => outcome.failure !== null)?.failure;
  if (robotsTxt.kind === 'unreachable' && outcomes.every((outcome) => outcome.failure !== null)) {
    throw firstFailure ?? new FetchFailedError('network', robotsTxt.reason);
  }
  return {
    ...analyzeRobotsTxt(pageUrl, robotsTxt, crawlers),
    serverBotAccess: Object.fromEntries([...probes].map(([name, outcome]) => [name, outcome.access])),
  };
}
