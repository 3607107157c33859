/**
 * The AI crawler catalog shared by agent analytics and GEO audits: who each agent is, how its user agent reads,
 * what blocking its robots.txt token means, and the IP ranges its operator publishes.
 */
export {
  AGENT_CATEGORIES,
  AGENT_ENGINES,
  BLOCKING_PURPOSES,
  CRAWLERS,
  ROBOTS_CRAWLERS,
  findCrawler,
  findCrawlerByRobotsToken,
  type AgentCategory,
  type AgentEngine,
  type BlockingPurpose,
  type CrawlerEntry,
} from './catalog.js';
export { CRAWLER_RANGES_STREAM, rangeTableAfter, type CrawlerRangesEvent, type CrawlerRangesReplaced } from './events.js';
export { matchAgent } from './matchAgent.js';
export {
  RANGE_SNAPSHOT_DATE,
  SNAPSHOT_RANGES,
  mergeRangeOverrides,
  overrideCounts,
  parseRangeOverrides,
  rangeOverridesSchema,
  type AgentRanges,
  type RangeOverrides,
  type RangeTable,
} from './ranges.js';
export { compileRanges, verifyIp, type CompiledRanges, type Verification } from './verify.js';
