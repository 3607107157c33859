import { describe, expect, test } from '@jest/globals';
import {
  createVisitClassifier,
  isReportHost,
  pagePath,
  reportHosts,
  type ClassificationContext,
  type LogRecord,
} from '../../../src/domain/agentLogs/index.js';
import { SNAPSHOT_RANGES, compileRanges } from '../../../src/domain/crawlers/index.js';

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot';
const CLAUDEBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const context: ClassificationContext = {
  hosts: reportHosts({ brandDomain: 'Acme.com', brandDomainVariations: ['acme.io', 'https://www.acme.de/'], brandDomainWildcard: false }),
  defaultHost: 'acme.com',
  ranges: compileRanges(SNAPSHOT_RANGES),
};

const record = (overrides: Partial<LogRecord>): LogRecord => ({
  host: 'acme.com',
  path: '/pricing',
  userAgent: GPTBOT,
  ip: '74.7.241.17',
  time: '2025-10-10T23:59:59.000Z',
  status: 200,
  referrer: '',
  method: 'GET',
  ...overrides,
});

describe('reportHosts', () => {
  test('lists the brand domain and its variations normalized; the wildcard root only when the report sets it', () => {
    expect(context.hosts).toEqual({ domains: ['acme.com', 'acme.io', 'acme.de'], wildcardRoot: null });
    expect(reportHosts({ brandDomain: 'acme.com', brandDomainVariations: [], brandDomainWildcard: true }).wildcardRoot).toBe('acme.com');
  });

  test.each([
    ['acme.com', true],
    ['WWW.Acme.COM', true],
    ['acme.com:8443', true],
    ['www.acme.io:443', true],
    ['acme.com.', true],
    ['docs.acme.com', false],
    ['acme.com.evil.net', false],
    ['notacme.com', false],
  ])('host %s is the report’s: %s', (host, expected) => {
    expect(isReportHost(host, context.hosts)).toBe(expected);
  });

  test('with the wildcard, subdomains of the brand domain are the report’s, not look-alikes', () => {
    const hosts = reportHosts({ brandDomain: 'acme.com', brandDomainVariations: ['acme.io'], brandDomainWildcard: true });
    expect(isReportHost('docs.acme.com', hosts)).toBe(true);
    expect(isReportHost('www.blog.acme.com:443', hosts)).toBe(true);
    expect(isReportHost('notacme.com', hosts)).toBe(false);
    expect(isReportHost('docs.acme.io', hosts)).toBe(false);
  });
});

describe('pagePath', () => {
  test.each([
    ['/pricing', '/pricing'],
    ['/pricing?utm_source=chatgpt.com', '/pricing'],
    ['/docs#intro', '/docs'],
    ['', '/'],
    ['?a=1', '/'],
    ['http://acme.com/a/b?c=1', '/a/b'],
    ['https://acme.com', '/'],
    ['/redirect?to=https://other.com/x', '/redirect'],
  ])('the page of %j is %j', (target, path) => {
    expect(pagePath(target)).toBe(path);
  });
});

describe('createVisitClassifier', () => {
  const classify = createVisitClassifier(context);

  test('a GPTBot request from an OpenAI address to the report’s host is a verified visit on its UTC day', () => {
    expect(classify(record({ path: '/pricing?utm_source=chatgpt.com' }))).toEqual({
      kind: 'visit',
      visit: { day: '2025-10-10', agent: 'GPTBot', engine: 'chatgpt', category: 'training', path: '/pricing', verification: 'verified' },
    });
  });

  test('a GPTBot line from an IP outside OpenAI’s ranges is a spoofed visit', () => {
    expect(classify(record({ ip: '203.0.113.9' }))).toMatchObject({ kind: 'visit', visit: { agent: 'GPTBot', verification: 'spoofed' } });
  });

  test('an agent whose operator publishes no ranges makes an unverifiable visit', () => {
    expect(classify(record({ userAgent: CLAUDEBOT, ip: '203.0.113.9' }))).toMatchObject({
      kind: 'visit',
      visit: { agent: 'ClaudeBot', engine: 'claude', verification: 'unverifiable' },
    });
  });

  test.each([
    ['a browser', CHROME],
    ['a look-alike user agent', 'NotGPTBot/1.0 (+https://openai.com/gptbot)'],
  ])('%s is not a visit', (_description, userAgent) => {
    expect(classify(record({ userAgent }))).toEqual({ kind: 'not_a_visit', reason: 'not_an_ai_agent' });
  });

  test.each(['other.com', 'docs.acme.com', 'acme.com.evil.net'])('a request to %s, not the report’s host, is not a visit', (host) => {
    expect(classify(record({ host }))).toEqual({ kind: 'not_a_visit', reason: 'not_a_report_host' });
  });

  test.each(['www.acme.com', 'ACME.com:443', 'www.acme.io:8080'])('a request to %s normalizes to a report domain', (host) => {
    expect(classify(record({ host })).kind).toBe('visit');
  });

  test('a line without a host stands for the default host', () => {
    expect(classify(record({ host: null })).kind).toBe('visit');
    const elsewhere = createVisitClassifier({ ...context, defaultHost: 'other.com' });
    expect(elsewhere(record({ host: null }))).toEqual({ kind: 'not_a_visit', reason: 'not_a_report_host' });
  });

  test('the day is the UTC day of the request', () => {
    const visit = classify(record({ time: '2025-10-11T00:00:00.000Z' }));
    expect(visit.kind === 'visit' && visit.visit.day).toBe('2025-10-11');
  });
});
