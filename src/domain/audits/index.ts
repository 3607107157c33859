/**
 * GEO audits: pure functions from robots.txt and HTML to the fields of crawlability
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
export { loadAuditDocument, type AuditDocument } from './html/document.js';
export { visibleText } from './html/visibleText.js';
export { detectBotChallenge, type BotChallenge } from './botChallenge.js';
export { compareDynamicContent, type DynamicContent, type PageViews } from './dynamicContent.js';
export {
  analyzeStructure,
  STRUCTURAL_CATEGORIES,
  STRUCTURAL_WEIGHTS,
  type CategoryResult,
  type ScoredItem,
  type StructuralAnalysis,
  type StructuralCategory,
} from './structure/structuralAnalysis.js';
export { analyzeContent, type ContentAnalysis } from './contentAnalysis/contentAnalysis.js';
export { semanticRepetition } from './contentAnalysis/semanticRepetition.js';
export { summaryBlock } from './contentAnalysis/summaryBlock.js';
export { clarityAndAssertiveness } from './contentAnalysis/clarityAndAssertiveness.js';
export { specificity } from './contentAnalysis/specificity.js';
export type { MeasuredItem } from './contentAnalysis/text.js';
