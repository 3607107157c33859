import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { findCrawler } from '../../../src/domain/crawlers/index.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { send, startArticleSite, startFixtureServer, startSinglePageAppSite, type FixtureServer } from '../../support/fixtureSites/index.js';
import { seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { allPages, testWorker, type TestWorker } from './support.js';

const CHECKS = '/v1/audits/geo/content-checks';

interface Created {
  id: string;
  workspaceId: string;
  url: string;
  status: string;
  createdDate: string;
}

interface ContentCheck extends Created {
  crawlerIdentity: string;
  sendServiceHeader: boolean;
  sendOtterlyHeader: boolean;
  completedDate?: string;
  error?: string;
  structuralAnalysis: { overallScore: number; categoryScores: Record<string, number>; metadata: { breakdown: Record<string, { maxScore: number }> } };
  dynamicContent: { staticLength: number; dynamicLength: number; score: number; isPotentiallyBlocked: boolean };
  contentAnalysis: { overallScore: number; analysis: Record<string, { score: number; description: string }> };
}

describeWithChromium()('content checks', () => {
  let api: TestApi;
  let team: SeededTeam;
  let worker: TestWorker;
  let article: FixtureServer;
  let spa: FixtureServer;

  beforeAll(async () => {
    [api, article, spa] = await Promise.all([startTestApi(), startArticleSite(), startSinglePageAppSite()]);
    team = await seedTeam(api, { plan: 'premium' });
    worker = testWorker(api);
  });
  afterAll(async () => {
    await worker.close();
    await Promise.all([api.close(), article.close(), spa.close()]);
  });

  const create = (body: Record<string, unknown>, key = team.writeKey) => api.call<Created>('POST', CHECKS, { key, body: { workspaceId: team.workspaceId, ...body } });
  const detail = async (id: string) => (await api.call<ContentCheck>('GET', `${CHECKS}/${id}`, { key: team.readKey })).body;
  const requestsFrom = (site: FixtureServer, before: number) => site.requests.slice(before).filter(({ path }) => path === '/');

  test('answers 201 with the pending check; its detail names the default identity and no service header, under both names', async () => {
    const url = `${article.origin}/`;
    const created = await create({ url });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^cn_/), workspaceId: team.workspaceId, url, status: 'pending', createdDate: api.clock.now.toISOString() });
    expect(await detail(created.body.id)).toEqual({ ...created.body, crawlerIdentity: 'ChatGPT-User', sendServiceHeader: false, sendOtterlyHeader: false });
  });

  test('the worker completes it from the page fetched and rendered as ChatGPT-User, without the service header', async () => {
    const before = article.requests.length;
    const created = await create({ url: `${article.origin}/` });
    await worker.runAll();
    const check = await detail(created.body.id);
    expect(check).toMatchObject({ status: 'completed', completedDate: api.clock.now.toISOString(), crawlerIdentity: 'ChatGPT-User' });
    expect(check.structuralAnalysis.overallScore).toBeGreaterThan(80);
    expect(Object.keys(check.structuralAnalysis.categoryScores)).toEqual(['metadata', 'technical', 'structure', 'content']);
    expect(check.structuralAnalysis.metadata.breakdown.titleTag?.maxScore).toBe(30);
    expect(Object.keys(check.contentAnalysis.analysis).sort()).toEqual(['clarityAndAssertiveness', 'semanticRepetition', 'specificity', 'summaryBlock']);
    expect(check.dynamicContent).toMatchObject({ score: 100, isPotentiallyBlocked: false });
    const fetched = requestsFrom(article, before);
    expect(fetched.length).toBeGreaterThanOrEqual(2);
    for (const { headers } of fetched) {
      expect(headers['user-agent']).toBe(findCrawler('ChatGPT-User')?.userAgent);
      expect(headers['x-geolens-audit']).toBeUndefined();
    }
  });

  test('a single-page app shows its text only to the rendered view', async () => {
    const created = await create({ url: `${spa.origin}/` });
    await worker.runAll();
    const { dynamicContent } = await detail(created.body.id);
    expect(dynamicContent.dynamicLength).toBeGreaterThan(dynamicContent.staticLength);
    expect(dynamicContent.score).toBeLessThan(50);
  });

  test.each([
    ['sendServiceHeader', { sendServiceHeader: true }],
    ['the hosted API’s sendOtterlyHeader', { sendOtterlyHeader: true }],
  ])('%s sends X-Geolens-Audit with the check id on the static fetch and the render; the detail echoes both names', async (_case, option) => {
    const before = article.requests.length;
    const created = await create({ url: `${article.origin}/`, ...option });
    await worker.runAll();
    expect(await detail(created.body.id)).toMatchObject({ status: 'completed', sendServiceHeader: true, sendOtterlyHeader: true });
    const fetched = requestsFrom(article, before);
    expect(fetched.length).toBeGreaterThanOrEqual(2);
    for (const { headers } of fetched) expect(headers['x-geolens-audit']).toBe(created.body.id);
  });

  test.each([
    ['PerplexityCrawler', 'PerplexityBot'],
    ['GoogleBot', 'Googlebot'],
    ['ClaudeBot', 'ClaudeBot'],
  ])('crawlerIdentity %s fetches with the user agent of %s', async (identity, crawler) => {
    const before = article.requests.length;
    const created = await create({ url: `${article.origin}/`, crawlerIdentity: identity });
    await worker.runAll();
    expect(await detail(created.body.id)).toMatchObject({ status: 'completed', crawlerIdentity: identity });
    expect(new Set(requestsFrom(article, before).map(({ headers }) => headers['user-agent']))).toEqual(new Set([findCrawler(crawler)?.userAgent]));
  });

  test('a page that is not HTML fails the check with the reason', async () => {
    const pdf = await startFixtureServer((_request, response) => send(response, 200, 'application/pdf', '%PDF-1.7'));
    try {
      const created = await create({ url: `${pdf.origin}/report.pdf` });
      await worker.runAll();
      expect(await detail(created.body.id)).toMatchObject({ status: 'failed', error: `${pdf.origin}/report.pdf is application/pdf, not an HTML page` });
    } finally {
      await pdf.close();
    }
  });

  test.each([
    ['an identity outside the catalog', { crawlerIdentity: 'MyBot' }, 'crawlerIdentity', 'invalid_value'],
    ['a robots.txt token that sends no requests', { crawlerIdentity: 'Google-Extended' }, 'crawlerIdentity', 'invalid_value'],
    ['sendOtterlyHeader contradicting sendServiceHeader', { sendServiceHeader: true, sendOtterlyHeader: false }, 'sendOtterlyHeader', 'custom'],
    ['a header flag that is not a boolean', { sendServiceHeader: 'yes' }, 'sendServiceHeader', 'invalid_type'],
  ])('400 for %s, and nothing is created', async (_case, change, path, code) => {
    const head = await api.context.eventStore.headPosition();
    const answer = await create({ url: `${article.origin}/`, ...change });
    expect(answer).toMatchObject({ status: 400, body: { target: 'body', errors: [expect.objectContaining({ path, code })] } });
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });

  test('the list shows content checks only, newest first, with the list fields', async () => {
    const fresh = await seedTeam(api, { plan: 'premium' });
    const first = await create({ workspaceId: fresh.workspaceId, url: 'https://example.com/first' }, fresh.writeKey);
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    const second = await create({ workspaceId: fresh.workspaceId, url: 'https://example.com/second' }, fresh.writeKey);
    await api.call('POST', '/v1/audits/geo/crawlability-checks', { key: fresh.writeKey, body: { workspaceId: fresh.workspaceId, url: 'https://example.com/' } });
    const items = await allPages(api, `${CHECKS}?workspaceId=${fresh.workspaceId}`, fresh.readKey);
    const { status: _status, ...listed } = second.body;
    expect(items).toEqual([{ ...listed, status: 'pending' }, { id: first.body.id, workspaceId: fresh.workspaceId, url: 'https://example.com/first', status: 'pending', createdDate: first.body.createdDate }]);
    expect((await api.call('GET', `${CHECKS}/${first.body.id}`, { key: fresh.scopedReadKey })).status).toBe(200);
    expect((await api.call('GET', `${CHECKS}/${first.body.id}`, { key: team.readKey })).status).toBe(403);
  });
});
