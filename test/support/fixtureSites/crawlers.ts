import type { AuditCrawler } from '../../../src/domain/audits/index.js';

/**
 * A small stand-in for the crawler catalog, with the real robots tokens and user agents the operators
 * publish, so the audits are tested against what those crawlers really send.
 */
export const TEST_CRAWLERS: AuditCrawler[] = [
  {
    name: 'GPTBot',
    robotsToken: 'GPTBot',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot',
    purpose: 'training',
    meaning: "collects pages that may train OpenAI's models",
  },
  {
    name: 'OAI-SearchBot',
    robotsToken: 'OAI-SearchBot',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
    purpose: 'search',
    meaning: 'indexes pages for ChatGPT search answers',
  },
  {
    name: 'ChatGPT-User',
    robotsToken: 'ChatGPT-User',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    purpose: 'user',
    meaning: 'opens pages when a ChatGPT user asks it to',
  },
  {
    name: 'ClaudeBot',
    robotsToken: 'ClaudeBot',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    purpose: 'training',
    meaning: "collects pages that may train Anthropic's models",
  },
  {
    name: 'PerplexityBot',
    robotsToken: 'PerplexityBot',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    purpose: 'search',
    meaning: 'indexes pages for Perplexity answers',
  },
  {
    name: 'Googlebot',
    robotsToken: 'Googlebot',
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    purpose: 'search',
    meaning: 'indexes pages for Google Search and its AI Overviews',
  },
  {
    name: 'Bingbot',
    robotsToken: 'Bingbot',
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
    purpose: 'search',
    meaning: 'indexes pages for Bing and Copilot answers',
  },
];

/** The test crawler named `name`. */
export function testCrawler(name: string): AuditCrawler {
  const crawler = TEST_CRAWLERS.find((candidate) => candidate.name === name);
  if (crawler === undefined) throw new Error(`no test crawler named ${name}`);
  return crawler;
}
