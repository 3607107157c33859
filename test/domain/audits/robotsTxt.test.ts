import { describe, expect, test } from '@jest/globals';
import { analyzeRobotsTxt, parseContentSignals, robotsTxtUrl, type RobotsTxtFetch } from '../../../src/domain/audits/index.js';
import { TEST_CRAWLERS } from '../../support/fixtureSites/crawlers.js';

const PAGE = 'https://acme.test/blog/post?ref=1';
const answered = (status: number, body = ''): RobotsTxtFetch => ({ kind: 'answered', status, body });
const verdicts = (fetched: RobotsTxtFetch, page = PAGE) => analyzeRobotsTxt(page, fetched, TEST_CRAWLERS).robotsTxtAnalysis;
const allTokens = (allowed: boolean) => Object.fromEntries(TEST_CRAWLERS.map((crawler) => [crawler.robotsToken, allowed]));

describe('robotsTxtUrl', () => {
  test.each([
    ['https://acme.test/blog/post?ref=1#top', 'https://acme.test/robots.txt'],
    ['http://acme.test:8080/a', 'http://acme.test:8080/robots.txt'],
  ])('%s is governed by %s', (page, robots) => {
    expect(robotsTxtUrl(page)).toBe(robots);
  });
});

describe('analyzeRobotsTxt: rules of a robots.txt answered 2xx', () => {
  const BLOCKS_GPTBOT = ['User-agent: GPTBot', 'Disallow: /', '', 'User-agent: OAI-SearchBot', 'Allow: /', '', 'User-agent: *', 'Disallow: /private/'].join('\n');

  test('blocks exactly the token its group names', () => {
    expect(verdicts(answered(200, BLOCKS_GPTBOT))).toEqual({ ...allTokens(true), GPTBot: false });
  });

  test('applies the * group to tokens without a group of their own', () => {
    expect(verdicts(answered(200, BLOCKS_GPTBOT), 'https://acme.test/private/plans')).toEqual({
      ...allTokens(false),
      'OAI-SearchBot': true,
    });
  });

  test.each([
    ['the token case-insensitively', 'User-agent: gptbot\nDisallow: /blog', { GPTBot: false }],
    ['several tokens in one group', 'User-agent: ClaudeBot\nUser-agent: PerplexityBot\nDisallow: /', { ClaudeBot: false, PerplexityBot: false }],
    ['the longest matching rule, allow winning a tie', 'User-agent: Googlebot\nDisallow: /blog\nAllow: /blog/post', {}],
    ['wildcards and the query', 'User-agent: Bingbot\nDisallow: /*?ref=', { Bingbot: false }],
    ['no group for anyone as allowing everything', 'Sitemap: https://acme.test/sitemap.xml', {}],
    ['an empty file as allowing everything', '', {}],
  ])('reads %s', (_name, body, blocked) => {
    expect(verdicts(answered(200, body))).toEqual({ ...allTokens(true), ...blocked });
  });

  test('robotsTxtAnalysisResult is true only when every token may fetch the page', () => {
    expect(analyzeRobotsTxt(PAGE, answered(200, ''), TEST_CRAWLERS).robotsTxtAnalysisResult).toBe(true);
    expect(analyzeRobotsTxt(PAGE, answered(200, BLOCKS_GPTBOT), TEST_CRAWLERS).robotsTxtAnalysisResult).toBe(false);
  });

  test('judges a token shared by two crawlers once, under the first', () => {
    const [gptBot] = TEST_CRAWLERS;
    const crawlers = [gptBot!, { ...gptBot!, name: 'GPTBot-Other', purpose: 'search' as const }];
    const analysis = analyzeRobotsTxt(PAGE, answered(200, BLOCKS_GPTBOT), crawlers);
    expect(analysis.robotsTxtAnalysis).toEqual({ GPTBot: false });
    expect(analysis.consequences.GPTBot?.purpose).toBe('training');
  });
});

describe('analyzeRobotsTxt: RFC 9309 status rules', () => {
  test.each([400, 401, 403, 404, 410, 429])('a robots.txt answered %i allows everything', (status) => {
    expect(verdicts(answered(status, 'User-agent: *\nDisallow: /'))).toEqual(allTokens(true));
  });

  test.each([500, 502, 503, 504])('a robots.txt answered %i disallows everything', (status) => {
    expect(verdicts(answered(status))).toEqual(allTokens(false));
  });

  test('an unreachable robots.txt disallows everything', () => {
    expect(verdicts({ kind: 'unreachable', reason: 'no answer within 10 s' })).toEqual(allTokens(false));
  });

  test('a robots.txt behind more than five redirects is unavailable: everything is allowed', () => {
    expect(verdicts({ kind: 'unavailable', reason: 'more than 5 redirects' })).toEqual(allTokens(true));
  });
});

describe('analyzeRobotsTxt: consequences', () => {
  test('say per token what its verdict means, by purpose', () => {
    const body = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: OAI-SearchBot\nDisallow: /\n\nUser-agent: ChatGPT-User\nDisallow: /';
    const { consequences } = analyzeRobotsTxt(PAGE, answered(200, body), TEST_CRAWLERS);
    expect(consequences.GPTBot).toEqual({
      purpose: 'training',
      allowed: false,
      meaning:
        'GPTBot may not fetch /blog/post?ref=1, so the page stays out of the training data it collects; AI search answers are not affected by this token.',
    });
    expect(consequences['OAI-SearchBot']).toMatchObject({ purpose: 'search', allowed: false });
    expect(consequences['OAI-SearchBot']?.meaning).toContain('cannot enter the search index');
    expect(consequences['ChatGPT-User']?.meaning).toContain('cannot open the page when a user asks it to');
    expect(consequences.Googlebot).toEqual({
      purpose: 'search',
      allowed: true,
      meaning: 'Googlebot may fetch /blog/post?ref=1: it indexes pages for Google Search and its AI Overviews.',
    });
  });

  test("add what the operator says blocking costs, for a disallowed token only", () => {
    const withCost = TEST_CRAWLERS.map((crawler) => ({ ...crawler, blockingMeans: `Blocking ${crawler.name} costs this.` }));
    const { consequences } = analyzeRobotsTxt(PAGE, answered(200, 'User-agent: GPTBot\nDisallow: /'), withCost);
    expect(consequences.GPTBot?.meaning).toBe(
      'GPTBot may not fetch /blog/post?ref=1, so the page stays out of the training data it collects; AI search answers are not affected by this token. Blocking GPTBot costs this.',
    );
    expect(consequences.ClaudeBot?.meaning).not.toContain('costs this');
  });

  test('name the status behind a blanket verdict', () => {
    const { consequences } = analyzeRobotsTxt(PAGE, answered(503), TEST_CRAWLERS);
    expect(consequences.ClaudeBot?.meaning).toMatch(/\(robots\.txt answered 503, which RFC 9309 reads as disallowing everything\)\.$/);
  });
});

describe('contentSignals', () => {
  test('reads the Content-Signal of the * group', () => {
    const body = 'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /';
    expect(analyzeRobotsTxt(PAGE, answered(200, body), TEST_CRAWLERS).contentSignals).toEqual({
      search: true,
      'ai-input': true,
      'ai-train': false,
    });
  });

  test('are all null when robots.txt was not answered 2xx', () => {
    expect(analyzeRobotsTxt(PAGE, answered(404, 'User-agent: *\nContent-Signal: ai-train=no'), TEST_CRAWLERS).contentSignals).toEqual({
      search: null,
      'ai-input': null,
      'ai-train': null,
    });
  });

  test.each([
    ['a signal left unstated as null', 'User-agent: *\nContent-Signal: ai-train=no', { search: null, 'ai-input': null, 'ai-train': false }],
    ['keys and values case-insensitively, with comments', 'user-agent: *\ncontent-signal: AI-Train=No, Search=YES # policy', { search: true, 'ai-input': null, 'ai-train': false }],
    ['a * among several agents of a group', 'User-agent: Bingbot\nUser-agent: *\nContent-Signal: search=no', { search: false, 'ai-input': null, 'ai-train': null }],
    ['only the * group, not another crawler’s', 'User-agent: GPTBot\nContent-Signal: ai-train=no\n\nUser-agent: *\nAllow: /', { search: null, 'ai-input': null, 'ai-train': null }],
    ['the first statement of a signal', 'User-agent: *\nContent-Signal: ai-train=no\nContent-Signal: ai-train=yes', { search: null, 'ai-input': null, 'ai-train': false }],
    ['values other than yes or no as unstated', 'User-agent: *\nContent-Signal: ai-train=maybe, ai-input', { search: null, 'ai-input': null, 'ai-train': null }],
    ['a directive outside any group as not for *', 'Content-Signal: ai-train=no\nUser-agent: *\nAllow: /', { search: null, 'ai-input': null, 'ai-train': null }],
  ])('parseContentSignals reads %s', (_name, body, signals) => {
    expect(parseContentSignals(body)).toEqual(signals);
  });
});
