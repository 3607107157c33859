import { CRAWLERS, type CrawlerEntry } from './catalog.js';

/**
 * What may stand before and after an agent's product token in a user agent. Crawlers write their token as a
 * product (`GPTBot/1.3`) or a comment item (`(compatible; Bytespider; ...)`), so the token starts the string or
 * follows a space, `(`, `;` or `,`, and ends before `/`, `;`, `)`, a space, `,` or the end. This rejects look-alikes:
 * `NotGPTBot`, `gptbot-checker`, `Googlebot-Image`, and a bot's name inside a URL (`https://openai.com/gptbot`)
 * or an e-mail address (`+claudebot@anthropic.com`).
 */
const TOKEN_START = '(?:^|[\\s(;,])';
const TOKEN_END = '(?=[/;)\\s,]|$)';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const crawlersByToken = new Map(
  CRAWLERS.flatMap((crawler) =>
    crawler.userAgentToken === null ? [] : [[crawler.userAgentToken.toLowerCase(), crawler] as const],
  ),
);

/** One pass over the user agent finds any catalogued token: longest first, so no token shadows a longer one. */
const anyToken = new RegExp(
  `${TOKEN_START}(${[...crawlersByToken.keys()]
    .sort((left, right) => right.length - left.length)
    .map(escapeRegExp)
    .join('|')})${TOKEN_END}`,
  'i',
);

/** Logs repeat the same few user agents; remembering them makes classification a map lookup per line. */
const MAX_REMEMBERED_USER_AGENTS = 10_000;
const remembered = new Map<string, CrawlerEntry | null>();

function uncachedMatch(userAgent: string): CrawlerEntry | null {
  const token = anyToken.exec(userAgent)?.[1];
  return token === undefined ? null : (crawlersByToken.get(token.toLowerCase()) ?? null);
}

/** The catalogued AI agent a request's User-Agent names, or null for browsers, other bots and look-alikes. */
export function matchAgent(userAgent: string): CrawlerEntry | null {
  const known = remembered.get(userAgent);
  if (known !== undefined) return known;
  const crawler = uncachedMatch(userAgent);
  if (remembered.size >= MAX_REMEMBERED_USER_AGENTS) remembered.clear();
  remembered.set(userAgent, crawler);
  return crawler;
}
