import { describe, expect, test } from '@jest/globals';
import { createVisitClassifier, reportHosts, type ClassificationContext, type LogRecord } from '../../../src/domain/agentLogs/index.js';
import { isBotUserAgent, isPagePath, referrerHostVerdict, referrerVerdict, utmSource } from '../../../src/domain/agentLogs/referrals.js';
import { compileRanges, SNAPSHOT_RANGES } from '../../../src/domain/crawlers/index.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHATGPT_USER = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';

describe('referrerHostVerdict', () => {
  test.each([
    ['https://chatgpt.com/', 'chatgpt'],
    ['https://chatgpt.com', 'chatgpt'],
    ['https://www.perplexity.ai:443/search?q=crm', 'perplexity'],
    ['http://claude.ai/?x', 'claude'],
    ['android-app://gemini.google.com/', 'gemini'],
    ['https://www.google.com/', 'unattributable'],
    ['https://acme.com/pricing', undefined],
    ['https://chatgpt.co/', undefined],
    ['https://chatgpt.com.evil.example/', undefined],
    ['https://xhatgpt.com/', undefined],
    ['https://CHATGPX.COM/', undefined],
    ['https://chatgpt.com.:8443/', undefined],
    ['chatgpt.com', undefined],
    ['//chatgpt.com/', undefined],
    ['', undefined],
  ])('of %j is %j', (referrer, verdict) => {
    expect(referrerHostVerdict(referrer)).toBe(verdict);
  });
});

describe('utmSource', () => {
  test.each([
    ['/pricing?utm_source=chatgpt.com', 'chatgpt.com'],
    ['/pricing?a=1&utm_source=perplexity&utm_medium=referral', 'perplexity'],
    ['/pricing?utm_source=chat%67pt.com', 'chatgpt.com'],
    ['/pricing?utm_source=%E0%A4%A', '%E0%A4%A'],
    ['/pricing?xutm_source=chatgpt.com', null],
    ['/pricing?a=1&xutm_source=b&utm_source=claude.ai', 'claude.ai'],
    ['/utm_source=chatgpt.com', null],
    ['/pricing', null],
  ])('of %j is %j', (target, value) => {
    expect(utmSource(target)).toBe(value);
  });
});

describe('referrerVerdict', () => {
  test.each([
    ['an AI referrer', 'https://chatgpt.com/', '/', 'chatgpt'],
    ['utm_source without a referrer', '', '/?utm_source=chatgpt.com', 'chatgpt'],
    ['utm_source behind a referrer that names no assistant', 'https://acme.com/blog', '/?utm_source=perplexity', 'perplexity'],
    ['an AI referrer before a utm_source naming another', 'https://claude.ai/', '/?utm_source=chatgpt.com', 'claude'],
    ['Google, whatever the utm_source', 'https://www.google.com/', '/?utm_source=chatgpt.com', 'unattributable'],
    ['a utm_source naming no assistant', '', '/?utm_source=newsletter', null],
    ['neither', 'https://news.ycombinator.com/', '/', null],
  ])('of %s', (_case, referrer, path, verdict) => {
    expect(referrerVerdict({ referrer, path })).toBe(verdict);
  });
});

describe('isPagePath', () => {
  test.each([
    ['/', true],
    ['/pricing', true],
    ['/docs/start.html', true],
    ['/legacy/index.HTM', true],
    ['/about.php', true],
    ['/old/default.asp', true],
    ['/old/default.aspx', true],
    ['/v1.2/docs', true],
    ['/static/app.js', false],
    ['/images/logo.png', false],
    ['/sitemap.xml', false],
    ['/favicon.ico', false],
    ['/feed.rss', false],
  ])('%s is a page: %s', (path, page) => {
    expect(isPagePath(path)).toBe(page);
  });
});

describe('isBotUserAgent', () => {
  test.each([
    [FIREFOX, false],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', false],
    ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', true],
    ['curl/8.5.0', true],
    ['python-requests/2.32.3', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', true],
    ['', true],
    ['-', true],
  ])('%j is a bot: %s', (userAgent, bot) => {
    expect(isBotUserAgent(userAgent)).toBe(bot);
    expect(isBotUserAgent(userAgent)).toBe(bot);
  });
});

describe('classifying referral visits', () => {
  const context: ClassificationContext = {
    hosts: reportHosts({ brandDomain: 'acme.com', brandDomainVariations: ['acme.io'], brandDomainWildcard: false }),
    defaultHost: 'acme.com',
    ranges: compileRanges(SNAPSHOT_RANGES),
  };
  const classify = createVisitClassifier(context);
  const record = (overrides: Partial<LogRecord>): LogRecord => ({
    host: 'acme.com',
    path: '/pricing?plan=pro',
    userAgent: FIREFOX,
    ip: '198.51.100.1',
    time: '2026-11-01T09:00:00.000Z',
    status: 200,
    referrer: 'https://chatgpt.com/',
    method: 'GET',
    ...overrides,
  });

  test('a browser’s GET of a page from an AI answer is a referral, its page without the query', () => {
    expect(classify(record({}))).toEqual({
      kind: 'referral',
      referral: { time: '2026-11-01T09:00:00.000Z', engine: 'chatgpt', path: '/pricing', clientAddress: '198.51.100.1', userAgent: FIREFOX },
    });
  });

  test.each([
    ['a host of the report’s variations', { host: 'www.acme.io:443' }],
    ['a line without a host (the default host stands for it)', { host: null }],
    ['a redirect', { status: 302 }],
    ['a 204', { status: 204 }],
    ['a lowercase get', { method: 'get' }],
    ['an absolute-form target', { path: 'https://acme.com/pricing' }],
  ])('%s still counts', (_case, overrides) => {
    expect(classify(record(overrides)).kind).toBe('referral');
  });

  test.each([
    ['no AI referrer', { referrer: 'https://news.ycombinator.com/' }, 'not_an_ai_agent'],
    ['Google', { referrer: 'https://www.google.com/' }, 'unattributable'],
    ['a POST', { method: 'POST' }, 'not_a_get'],
    ['a HEAD', { method: 'HEAD' }, 'not_a_get'],
    ['a 404', { status: 404 }, 'not_a_success'],
    ['a 500', { status: 500 }, 'not_a_success'],
    ['a 101', { status: 101 }, 'not_a_success'],
    ['an asset', { path: '/static/app.js?v=2' }, 'not_a_page'],
    ['another host', { host: 'globex.com' }, 'not_a_report_host'],
    ['a bot of the maintained list', { userAgent: 'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)' }, 'a_bot'],
    ['no user agent', { userAgent: '' }, 'a_bot'],
  ])('%s is not a referral (%s)', (_case, overrides, reason) => {
    expect(classify(record(overrides))).toEqual({ kind: 'not_a_visit', reason });
  });

  test('an AI crawler with an AI referrer is a crawler visit, not a referral', () => {
    expect(classify(record({ userAgent: CHATGPT_USER, ip: '52.255.111.85' }))).toMatchObject({ kind: 'visit', visit: { agent: 'ChatGPT-User', verification: 'verified' } });
  });

  test('with referrals off, a referral line is not one (ingestions begun before referrals were counted)', () => {
    expect(createVisitClassifier({ ...context, referrals: false })(record({}))).toEqual({ kind: 'not_a_visit', reason: 'not_an_ai_agent' });
  });
});
