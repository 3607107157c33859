import robotsParserModule from 'robots-parser';
import { parseContentSignals, type ContentSignals } from './contentSignals.js';
import type { AuditCrawler, CrawlerPurpose } from './crawlers.js';

type RobotsParser = typeof robotsParserModule.default;

/**
 * robots-parser is CommonJS whose types claim a default export: under NodeNext the default import is the
 * function itself at run time, and a namespace holding it as `default` under bundlers and jest transforms.
 */
const robotsParser: RobotsParser =
  (robotsParserModule as unknown as { default?: RobotsParser }).default ?? (robotsParserModule as unknown as RobotsParser);

/**
 * What fetching robots.txt gave. `unreachable`: no answer (network error, timeout, unresolvable host).
 * `unavailable`: more than five redirects, which RFC 9309 (2.3.1.2) lets a crawler read as a missing file.
 */
export type RobotsTxtFetch =
  | { kind: 'answered'; status: number; body: string }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'unavailable'; reason: string };

export interface Consequence {
  purpose: CrawlerPurpose;
  allowed: boolean;
  meaning: string;
}

export interface RobotsTxtAnalysis {
  /** Robots token → may it fetch the checked URL. */
  robotsTxtAnalysis: Record<string, boolean>;
  /** True when every token may. */
  robotsTxtAnalysisResult: boolean;
  contentSignals: ContentSignals;
  /** Robots token → what its verdict means for the site. */
  consequences: Record<string, Consequence>;
}

/** How RFC 9309 (2.3.1) reads a robots.txt fetch: its rules, or a blanket verdict with the reason for it. */
type RobotsTxtReading =
  | { kind: 'rules'; body: string }
  | { kind: 'blanket'; allowed: boolean; reason: string };

function readRobotsTxt(fetched: RobotsTxtFetch): RobotsTxtReading {
  if (fetched.kind === 'unreachable') {
    return { kind: 'blanket', allowed: false, reason: `robots.txt could not be fetched (${fetched.reason}), which RFC 9309 reads as disallowing everything` };
  }
  if (fetched.kind === 'unavailable') {
    return { kind: 'blanket', allowed: true, reason: `robots.txt is unavailable (${fetched.reason}), which RFC 9309 reads as allowing everything` };
  }
  const { status } = fetched;
  if (status >= 200 && status < 300) return { kind: 'rules', body: fetched.body };
  if (status >= 500) {
    return { kind: 'blanket', allowed: false, reason: `robots.txt answered ${status}, which RFC 9309 reads as disallowing everything` };
  }
  return { kind: 'blanket', allowed: true, reason: `robots.txt answered ${status}, which RFC 9309 reads as allowing everything` };
}

/** The robots.txt that governs `pageUrl`: the one at the root of its scheme, host and port. */
export function robotsTxtUrl(pageUrl: string): string {
  return new URL('/robots.txt', pageUrl).href;
}

const pathOf = (pageUrl: string): string => {
  const url = new URL(pageUrl);
  return `${url.pathname}${url.search}`;
};

const BLOCKED_EFFECT: Record<CrawlerPurpose, string> = {
  training: 'the page stays out of the training data it collects; AI search answers are not affected by this token',
  search: 'the page cannot enter the search index that AI answers draw their sources from',
  user: 'the assistant cannot open the page when a user asks it to',
};

function consequenceOf(crawler: AuditCrawler, allowed: boolean, path: string, reason: string | null): Consequence {
  const verdict = allowed
    ? `${crawler.robotsToken} may fetch ${path}: it ${crawler.meaning}`
    : `${crawler.robotsToken} may not fetch ${path}, so ${BLOCKED_EFFECT[crawler.purpose]}`;
  const sentence = reason === null ? `${verdict}.` : `${verdict} (${reason}).`;
  return { purpose: crawler.purpose, allowed, meaning: !allowed && crawler.blockingMeans ? `${sentence} ${crawler.blockingMeans}` : sentence };
}

/** Whether a token may fetch `pageUrl`: by the file's rules (no matching rule allows), or the blanket verdict. */
function verdictsOf(pageUrl: string, reading: RobotsTxtReading): (token: string) => boolean {
  if (reading.kind === 'blanket') return () => reading.allowed;
  const rules = robotsParser(robotsTxtUrl(pageUrl), reading.body);
  return (token) => rules.isAllowed(pageUrl, token) !== false;
}

/**
 * Which robots tokens may fetch `pageUrl`, read from the fetch of its robots.txt. Crawlers sharing a token
 * are judged once, under the first of them.
 */
export function analyzeRobotsTxt(
  pageUrl: string,
  fetched: RobotsTxtFetch,
  crawlers: readonly AuditCrawler[],
): RobotsTxtAnalysis {
  const reading = readRobotsTxt(fetched);
  const mayFetch = verdictsOf(pageUrl, reading);
  const path = pathOf(pageUrl);
  const robotsTxtAnalysis: Record<string, boolean> = {};
  const consequences: Record<string, Consequence> = {};
  for (const crawler of crawlers) {
    const token = crawler.robotsToken;
    if (token in robotsTxtAnalysis) continue;
    const allowed = mayFetch(token);
    robotsTxtAnalysis[token] = allowed;
    consequences[token] = consequenceOf(crawler, allowed, path, reading.kind === 'blanket' ? reading.reason : null);
  }
  return {
    robotsTxtAnalysis,
    robotsTxtAnalysisResult: Object.values(robotsTxtAnalysis).every(Boolean),
    contentSignals: parseContentSignals(reading.kind === 'rules' ? reading.body : ''),
    consequences,
  };
}
