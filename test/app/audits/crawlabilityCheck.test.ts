import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { FetchRefusedError, runCrawlabilityCheck } from '../../../src/app/audits/index.js';
import type { AuditCrawler } from '../../../src/domain/audits/index.js';
import { createSafeFetcher, publicAddressesOnly, type AddressPolicy } from '../../../src/infra/http/index.js';
import {
  TEST_CRAWLERS,
  send,
  startBotForbiddingSite,
  startFixtureServer,
  startGptBotBlockingSite,
  startRobotsServerErrorSite,
  type FixtureServer,
} from '../../support/fixtureSites/index.js';

const fetcher = createSafeFetcher({ allowPrivateNetworks: true });
const everyToken = (allowed: boolean) => Object.fromEntries(TEST_CRAWLERS.map((crawler) => [crawler.robotsToken, allowed]));
const everyProbe = (status: number) =>
  Object.fromEntries(TEST_CRAWLERS.map((crawler) => [crawler.name, { userAgent: crawler.userAgent, status, ok: status >= 200 && status < 300 }]));

describe('runCrawlabilityCheck', () => {
  let gptBotBlocking: FixtureServer;
  let robotsServerError: FixtureServer;
  let botForbidding: FixtureServer;

  beforeAll(async () => {
    [gptBotBlocking, robotsServerError, botForbidding] = await Promise.all([
      startGptBotBlockingSite(),
      startRobotsServerErrorSite(),
      startBotForbiddingSite(),
    ]);
  });

  afterAll(async () => {
    await Promise.all([gptBotBlocking.close(), robotsServerError.close(), botForbidding.close()]);
  });

  test('reads a robots.txt that blocks GPTBot but allows OAI-SearchBot', async () => {
    const result = await runCrawlabilityCheck(`${gptBotBlocking.origin}/blog/post`, TEST_CRAWLERS, { fetcher });
    expect(result.robotsTxtAnalysis).toEqual({ ...everyToken(true), GPTBot: false });
    expect(result.robotsTxtAnalysisResult).toBe(false);
    expect(result.contentSignals).toEqual({ search: true, 'ai-input': true, 'ai-train': false });
    expect(result.consequences.GPTBot).toMatchObject({ purpose: 'training', allowed: false });
    expect(result.consequences['OAI-SearchBot']).toMatchObject({ purpose: 'search', allowed: true });
    expect(result.serverBotAccess).toEqual(everyProbe(200));
  });

  test('answers exactly the result fields of a crawlability check', async () => {
    const result = await runCrawlabilityCheck(`${gptBotBlocking.origin}/blog/post`, TEST_CRAWLERS, { fetcher });
    expect(Object.keys(result).sort()).toEqual(
      ['consequences', 'contentSignals', 'robotsTxtAnalysis', 'robotsTxtAnalysisResult', 'serverBotAccess'].sort(),
    );
  });

  test('judges the path of the checked URL', async () => {
    const result = await runCrawlabilityCheck(`${gptBotBlocking.origin}/private/plans`, TEST_CRAWLERS, { fetcher });
    expect(result.robotsTxtAnalysis).toEqual({ ...everyToken(false), 'OAI-SearchBot': true });
  });

  test('probes the page once with each crawler’s full user agent', async () => {
    const before = gptBotBlocking.requests.length;
    await runCrawlabilityCheck(`${gptBotBlocking.origin}/blog/post`, TEST_CRAWLERS, { fetcher });
    const probes = gptBotBlocking.requests.slice(before).filter((request) => request.path === '/blog/post');
    expect(probes.map((request) => request.headers['user-agent']).sort()).toEqual(TEST_CRAWLERS.map((crawler) => crawler.userAgent).sort());
  });

  test('disallows every token when robots.txt answers 500, while the pages still answer', async () => {
    const result = await runCrawlabilityCheck(`${robotsServerError.origin}/`, TEST_CRAWLERS, { fetcher });
    expect(result.robotsTxtAnalysis).toEqual(everyToken(false));
    expect(result.robotsTxtAnalysisResult).toBe(false);
    expect(result.contentSignals).toEqual({ search: null, 'ai-input': null, 'ai-train': null });
    expect(result.consequences.ClaudeBot?.meaning).toContain('robots.txt answered 500, which RFC 9309 reads as disallowing everything');
    expect(result.serverBotAccess).toEqual(everyProbe(200));
  });

  test('reports the 403 a server answers to bot user agents only, with robots.txt missing (404: all allowed)', async () => {
    const result = await runCrawlabilityCheck(`${botForbidding.origin}/`, TEST_CRAWLERS, { fetcher });
    expect(result.robotsTxtAnalysis).toEqual(everyToken(true));
    expect(result.robotsTxtAnalysisResult).toBe(true);
    expect(result.serverBotAccess).toEqual(everyProbe(403));
    const browser = await fetcher.get(`${botForbidding.origin}/`, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' });
    expect(browser.status).toBe(200);
  });

  test('allows every token when robots.txt is behind more than five redirects (RFC 9309: unavailable)', async () => {
    const looping = await startFixtureServer((request, response) => {
      if (request.url === '/robots.txt') {
        response.writeHead(302, { location: '/robots.txt' });
        return response.end();
      }
      send(response, 200, 'text/html', '<p>page</p>');
    });
    try {
      const result = await runCrawlabilityCheck(`${looping.origin}/`, TEST_CRAWLERS, { fetcher });
      expect(result.robotsTxtAnalysis).toEqual(everyToken(true));
    } finally {
      await looping.close();
    }
  });

  test('judges a robots token that has no user agent of its own, without probing it', async () => {
    const googleExtended: AuditCrawler = { name: 'Google-Extended', robotsToken: 'Google-Extended', userAgent: null, purpose: 'training', meaning: 'lets Google train Gemini' };
    const result = await runCrawlabilityCheck(`${gptBotBlocking.origin}/blog/post`, [...TEST_CRAWLERS, googleExtended], { fetcher });
    expect(result.robotsTxtAnalysis['Google-Extended']).toBe(true);
    expect(result.serverBotAccess).not.toHaveProperty('Google-Extended');
  });

  test('reports status 0 for a probe that got no answer', async () => {
    let pageRequests = 0;
    const flaky = await startFixtureServer((request, response) => {
      if (request.url === '/robots.txt') return send(response, 200, 'text/plain', '');
      pageRequests += 1;
      if (/GPTBot/.test(request.headers['user-agent'] ?? '')) return request.socket.destroy();
      send(response, 200, 'text/html', '<p>page</p>');
    });
    try {
      const result = await runCrawlabilityCheck(`${flaky.origin}/`, TEST_CRAWLERS, { fetcher });
      expect(result.serverBotAccess.GPTBot).toEqual({ userAgent: TEST_CRAWLERS[0]!.userAgent, status: 0, ok: false });
      expect(result.serverBotAccess.ClaudeBot?.status).toBe(200);
      expect(pageRequests).toBe(TEST_CRAWLERS.length);
    } finally {
      await flaky.close();
    }
  });

  test('fails with the reason when nothing on the site answers', async () => {
    const closed = await startFixtureServer(() => undefined);
    await closed.close();
    await expect(runCrawlabilityCheck(`${closed.origin}/`, TEST_CRAWLERS, { fetcher })).rejects.toThrow(
      `no answer from ${closed.origin}/ (ECONNREFUSED)`,
    );
  });

  test('fails on a URL that is not http or https', async () => {
    await expect(runCrawlabilityCheck('ftp://acme.test/', TEST_CRAWLERS, { fetcher })).rejects.toThrow('not an http or https URL: ftp://acme.test/');
  });
});

describe('runCrawlabilityCheck behind the SSRF guard', () => {
  let site: FixtureServer;

  /** The default rules, except that exactly the site is let through. */
  const allowingOnly =
    (server: FixtureServer): AddressPolicy =>
    (endpoint) =>
      endpoint.address === '127.0.0.1' && endpoint.port === server.port ? null : publicAddressesOnly(endpoint);

  beforeAll(async () => {
    site = await startFixtureServer((request, response) => {
      if (request.url === '/robots.txt') {
        response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
        return response.end();
      }
      send(response, 200, 'text/html', '<p>page</p>');
    });
  });

  afterAll(() => site.close());

  test('fails, saying why, for a URL at a loopback address', async () => {
    const check = runCrawlabilityCheck(`${site.origin}/`, TEST_CRAWLERS, { fetcher: createSafeFetcher() });
    await expect(check).rejects.toThrow(FetchRefusedError);
    await expect(check).rejects.toThrow('refused: 127.0.0.1 is a loopback address');
  });

  test('fails, saying why, for a hostname that resolves to a private address', async () => {
    const guarded = createSafeFetcher({ resolveHost: async () => ['10.0.0.5'] });
    await expect(runCrawlabilityCheck('https://evil.test/', TEST_CRAWLERS, { fetcher: guarded })).rejects.toThrow(
      'refused: 10.0.0.5 is a private address (resolved from evil.test)',
    );
  });

  test('fails, saying why, when robots.txt redirects to the metadata address', async () => {
    const guarded = createSafeFetcher({ addressPolicy: allowingOnly(site) });
    await expect(runCrawlabilityCheck(`${site.origin}/`, TEST_CRAWLERS, { fetcher: guarded })).rejects.toThrow(
      `refused: 169.254.169.254 is a link-local address (redirected from ${site.origin}/robots.txt)`,
    );
  });
});
