/**
 * The AI crawler catalog (`catalog.json`, beside this file): one entry per agent its operator documents. Data,
 * not code: adding an agent means editing the JSON. Agent analytics matches log lines against it; GEO audits
 * read its robots.txt tokens, probe user agents and the consequences of blocking each token.
 */
import { createRequire } from 'node:module';
import { z } from 'zod';

/** The engine an agent's visits count toward: Bingbot is Copilot's, Google's fetchers Google's. */
export const AGENT_ENGINES = ['chatgpt', 'claude', 'copilot', 'perplexity', 'google', 'other'] as const;
export type AgentEngine = (typeof AGENT_ENGINES)[number];

/** What an agent does: fetch a page for a user, build a search index, collect training data, act as an agent. */
export const AGENT_CATEGORIES = ['user_fetch', 'search_index', 'training', 'agent', 'other'] as const;
export type AgentCategory = (typeof AGENT_CATEGORIES)[number];

/** What disallowing the agent's robots.txt token costs: training data, search presence, or user fetches. */
export const BLOCKING_PURPOSES = ['training', 'search', 'user'] as const;
export type BlockingPurpose = (typeof BLOCKING_PURPOSES)[number];

const crawlerSchema = z.strictObject({
  name: z.string().min(1),
  operator: z.string().min(1),
  engine: z.enum(AGENT_ENGINES),
  category: z.enum(AGENT_CATEGORIES),
  robotsToken: z.string().min(1).nullable(),
  userAgentToken: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/).nullable(),
  userAgent: z.string().min(1).nullable(),
  purpose: z.enum(BLOCKING_PURPOSES),
  blockingMeans: z.string().min(1),
  docsUrl: z.url().nullable(),
});

export type CrawlerEntry = Readonly<z.infer<typeof crawlerSchema>>;

const catalogSchema = z.object({ about: z.string(), agents: z.array(crawlerSchema).min(1) }).superRefine((catalog, context) => {
  const names = catalog.agents.map((agent) => agent.name.toLowerCase());
  const tokens = catalog.agents.flatMap((agent) => (agent.userAgentToken === null ? [] : [agent.userAgentToken.toLowerCase()]));
  for (const [label, values] of [['name', names], ['userAgentToken', tokens]] as const) {
    const duplicate = values.find((value, index) => values.indexOf(value) !== index);
    if (duplicate !== undefined) context.addIssue({ code: 'custom', message: `duplicate ${label} "${duplicate}"` });
  }
});

const require = createRequire(import.meta.url);

/** Fails at load, not at the first lookup, when the data is malformed. */
function loadCatalog(): readonly CrawlerEntry[] {
  const parsed = catalogSchema.safeParse(require('./catalog.json'));
  if (!parsed.success) throw new Error(`crawlers/catalog.json: ${z.prettifyError(parsed.error)}`);
  return Object.freeze(parsed.data.agents.map((agent) => Object.freeze(agent)));
}

/** Every catalogued agent, in catalog order. */
export const CRAWLERS: readonly CrawlerEntry[] = loadCatalog();

const crawlersByName = new Map(CRAWLERS.map((crawler) => [crawler.name.toLowerCase(), crawler]));
const crawlersByRobotsToken = new Map(
  CRAWLERS.flatMap((crawler) => (crawler.robotsToken === null ? [] : [[crawler.robotsToken.toLowerCase(), crawler] as const])),
);

/** The agent of that name, compared case-insensitively (`bingbot`, `Bingbot`), or null. */
export const findCrawler = (name: string): CrawlerEntry | null => crawlersByName.get(name.toLowerCase()) ?? null;

/** The agent whose robots.txt token this is (robots.txt tokens compare case-insensitively, RFC 9309), or null. */
export const findCrawlerByRobotsToken = (token: string): CrawlerEntry | null =>
  crawlersByRobotsToken.get(token.toLowerCase()) ?? null;

/** The agents that have a robots.txt token: the entries a crawlability check analyses, in catalog order. */
export const ROBOTS_CRAWLERS: readonly CrawlerEntry[] = CRAWLERS.filter((crawler) => crawler.robotsToken !== null);
