/**
 * GEO audits (contract.md section 9): pure functions from robots.txt and HTML to the fields of crawlability
 * and content checks. Fetching and rendering happen in src/app/audits through injected ports.
 */
export type { AuditCrawler, CrawlerPurpose } from './crawlers.js';
export { CONTENT_SIGNALS, parseContentSignals, type ContentSignal, type ContentSignals } from './contentSignals.js';
export {
  analyzeRobotsTxt,
  robotsTxtUrl,
  type Consequence,
  type RobotsTxtAnalysis,
  type RobotsTxtFetch,
} from './robotsTxt.js';
