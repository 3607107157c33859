import type { AuditCrawler, CrawlerPurpose } from '../../domain/audits/index.js';
import { CRAWLERS, ROBOTS_CRAWLERS, type CrawlerEntry } from '../../domain/crawlers/index.js';

/**
 * The AI crawler catalog as the audits read it. The audits name some crawlers with another
 * capitalization than their operators write (`Bingbot`, `Meta-ExternalAgent`); robots.txt tokens and crawler
 * names compare case-insensitively, so results are keyed by the spelling the audits document where they give one.
 */
const CONTRACT_SPELLINGS = [
  'GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User',
  'Google-Extended', 'Googlebot', 'Bingbot', 'Applebot-Extended', 'Meta-ExternalAgent', 'CCBot', 'Amazonbot', 'Bytespider',
];
const contractSpelling = new Map(CONTRACT_SPELLINGS.map((name) => [name.toLowerCase(), name]));
const spelled = (name: string): string => contractSpelling.get(name.toLowerCase()) ?? name;

/** What a crawler allowed to fetch the page does with it, by why it crawls. */
const PURPOSE_CLAUSES: Record<CrawlerPurpose, (operator: string) => string> = {
  training: (operator) => `collects pages that may train ${operator}'s AI models`,
  search: (operator) => `indexes pages for ${operator}'s search, which AI answers draw their sources from`,
  user: (operator) => `opens pages when a user of ${operator}'s assistant asks it to`,
};

function auditCrawler(entry: CrawlerEntry): AuditCrawler {
  return {
    name: spelled(entry.name),
    robotsToken: spelled(entry.robotsToken ?? entry.name),
    userAgent: entry.userAgent,
    purpose: entry.purpose,
    meaning: PURPOSE_CLAUSES[entry.purpose](entry.operator),
    blockingMeans: entry.blockingMeans,
  };
}

/** Every catalogued crawler with a robots.txt token: what a crawlability check judges and probes. */
export const CRAWLABILITY_CRAWLERS: readonly AuditCrawler[] = ROBOTS_CRAWLERS.map(auditCrawler);

/** The identities the hosted API offers for content checks, and the catalog crawler each stands for. */
const HOSTED_API_IDENTITIES: Record<string, string> = { PerplexityCrawler: 'PerplexityBot', GoogleBot: 'Googlebot' };

const identities = new Map<string, AuditCrawler>(
  CRAWLERS.filter((entry) => entry.userAgent !== null).map((entry) => [spelled(entry.name), auditCrawler(entry)]),
);
for (const [identity, name] of Object.entries(HOSTED_API_IDENTITIES)) {
  const crawler = identities.get(name);
  if (crawler) identities.set(identity, crawler);
}

export const DEFAULT_CRAWLER_IDENTITY = 'ChatGPT-User';

/** Who a content check may fetch as: catalogued crawlers that send requests of their own, and the hosted API's names. */
export const CRAWLER_IDENTITIES = [...identities.keys()] as [string, ...string[]];

/** The crawler a content check fetches as; `identity` is one of CRAWLER_IDENTITIES. */
export function contentCheckCrawler(identity: string): AuditCrawler {
  const crawler = identities.get(identity);
  if (!crawler) throw new RangeError(`${identity} is not a crawler identity of the catalog`);
  return crawler;
}
