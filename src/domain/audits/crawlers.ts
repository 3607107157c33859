/**
 * What an audit needs to know of a crawler. The catalog of AI crawlers lives elsewhere and is passed in, so
 * the audits never depend on which crawlers it lists.
 */

/** Why a crawler fetches pages: to train models, to build a search index, or on behalf of a user's request. */
export type CrawlerPurpose = 'training' | 'search' | 'user';

export interface AuditCrawler {
  /** The crawler's name, the key of `serverBotAccess` ("GPTBot", "ChatGPT-User"). */
  name: string;
  /** The product token robots.txt groups name it by, the key of `robotsTxtAnalysis` ("GPTBot", "Google-Extended"). */
  robotsToken: string;
  /**
   * The full User-Agent header it sends; null for a token that only steers how another crawler's fetches
   * are used (Google-Extended, Applebot-Extended), which no server probe can impersonate.
   */
  userAgent: string | null;
  purpose: CrawlerPurpose;
  /** What the crawler does with a page it may fetch, as a clause: "collects pages to train OpenAI's GPT models". */
  meaning: string;
  /** What its operator says blocking the token costs, in sentences; added to the consequence of a disallowed token. */
  blockingMeans?: string;
}
