import { describe, expect, test } from '@jest/globals';
import {
  CRAWLERS,
  ROBOTS_CRAWLERS,
  findCrawler,
  findCrawlerByRobotsToken,
  matchAgent,
} from '../../../src/domain/crawlers/index.js';

/** Contract section 9: the robots.txt tokens a crawlability check analyses at least. */
const CONTRACT_ROBOTS_TOKENS = [
  'GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot',
  'Perplexity-User', 'Google-Extended', 'Googlebot', 'Bingbot', 'Applebot-Extended', 'Meta-ExternalAgent', 'CCBot',
  'Amazonbot', 'Bytespider',
];

/** Contract section 9: the agents whose full user agent probes a checked URL. */
const CONTRACT_PROBE_AGENTS = ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User', 'Googlebot', 'Bingbot'];

describe('crawler catalog', () => {
  test.each(CONTRACT_ROBOTS_TOKENS)('has the robots.txt token %s', (token) => {
    const crawler = findCrawlerByRobotsToken(token);
    expect(crawler?.robotsToken?.toLowerCase()).toBe(token.toLowerCase());
    expect(ROBOTS_CRAWLERS).toContain(crawler);
  });

  test.each(CONTRACT_PROBE_AGENTS)('has a full user agent to probe pages as %s', (name) => {
    expect(findCrawler(name)?.userAgent).toMatch(/^.{20,}$/);
  });

  test('every documented user agent is recognised as its own agent', () => {
    const withUserAgent = CRAWLERS.filter((crawler) => crawler.userAgent !== null);
    expect(withUserAgent.length).toBeGreaterThan(15);
    for (const crawler of withUserAgent) expect(matchAgent(crawler.userAgent ?? '')?.name).toBe(crawler.name);
  });

  test('robots.txt-only tokens send no requests, so they have no user agent and never match a log line', () => {
    for (const name of ['Google-Extended', 'Applebot-Extended']) {
      expect(findCrawler(name)).toMatchObject({ userAgentToken: null, userAgent: null, category: 'training' });
    }
  });

  test.each([
    ['bingbot', 'copilot'],
    ['Googlebot', 'google'],
    ['Google-Extended', 'google'],
    ['Google-GeminiNotebook', 'google'],
    ['GPTBot', 'chatgpt'],
    ['Claude-User', 'claude'],
    ['Perplexity-User', 'perplexity'],
    ['CCBot', 'other'],
  ])('%s counts toward the %s engine', (name, engine) => {
    expect(findCrawler(name)?.engine).toBe(engine);
  });

  test.each([
    ['GPTBot', 'training', /training/i],
    ['OAI-SearchBot', 'search', /ChatGPT search/],
    ['ChatGPT-User', 'user', /user/],
  ])('states what blocking %s costs (%s)', (name, purpose, meaning) => {
    const crawler = findCrawler(name);
    expect(crawler?.purpose).toBe(purpose);
    expect(crawler?.blockingMeans).toMatch(meaning);
  });

  test('finds agents by name and by robots.txt token case-insensitively, and nothing else', () => {
    expect(findCrawler('BINGBOT')?.name).toBe('bingbot');
    expect(findCrawlerByRobotsToken('meta-ExternalAgent')?.name).toBe('Meta-ExternalAgent');
    expect(findCrawler('GPTBot2')).toBeNull();
    expect(findCrawlerByRobotsToken('*')).toBeNull();
  });

  test('names each entry’s documentation page, or null only where the operator publishes none', () => {
    const undocumented = CRAWLERS.filter((crawler) => crawler.docsUrl === null).map((crawler) => crawler.name);
    expect(undocumented).toEqual(['Bytespider', 'cohere-ai']);
  });
});
