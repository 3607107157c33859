import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { findCrawler } from '../../../src/domain/crawlers/index.js';
import { startArticleSite, startGptBotBlockingSite, type FixtureServer } from '../../support/fixtureSites/index.js';
import { seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { allPages, testWorker, type TestWorker } from './support.js';

const CHECKS = '/v1/audits/geo/crawlability-checks';

/** The tokens robotsTxtAnalysis has at least, and the crawlers serverBotAccess probes at least. */
const CONTRACT_TOKENS = [
  'GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User',
  'Google-Extended', 'Googlebot', 'Bingbot', 'Applebot-Extended', 'Meta-ExternalAgent', 'CCBot', 'Amazonbot', 'Bytespider',
];
const CONTRACT_PROBES = ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User', 'Googlebot', 'Bingbot'];

interface Created {
  id: string;
  workspaceId: string;
  url: string;
  status: string;
  createdDate: string;
}

let api: TestApi;
let team: SeededTeam;
let worker: TestWorker;
let site: FixtureServer;

beforeAll(async () => {
  [api, site] = await Promise.all([startTestApi(), startGptBotBlockingSite()]);
  team = await seedTeam(api, { plan: 'premium' });
  worker = testWorker(api);
});
afterAll(async () => {
  await worker.close();
  await Promise.all([api.close(), site.close()]);
});

const create = (body: unknown, key = team.writeKey) => api.call<Created>('POST', CHECKS, { key, body });
const later = () => (api.clock.now = new Date(api.clock.now.getTime() + 1000));

describe('creating a crawlability check', () => {
  test('answers 201 with the pending check, which a GET shows at once', async () => {
    const url = `${site.origin}/blog/post`;
    const created = await create({ workspaceId: team.workspaceId, url });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^cr_/), workspaceId: team.workspaceId, url, status: 'pending', createdDate: api.clock.now.toISOString() });

    const detail = await api.call('GET', `${CHECKS}/${created.body.id}`, { key: team.readKey });
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({ ...created.body, domain: '127.0.0.1' });
  });

  test('the worker completes it with every robots.txt token of the catalog and a probe per crawler', async () => {
    const created = await create({ workspaceId: team.workspaceId, url: `${site.origin}/blog/post` });
    later();
    await worker.runAll();
    const { status, body } = await api.call<Record<string, unknown> & {
      robotsTxtAnalysis: Record<string, boolean>;
      serverBotAccess: Record<string, { userAgent: string; status: number; ok: boolean }>;
      consequences: Record<string, { purpose: string; allowed: boolean; meaning: string }>;
    }>('GET', `${CHECKS}/${created.body.id}`, { key: team.readKey });

    expect(status).toBe(200);
    expect(body).toMatchObject({ id: created.body.id, status: 'completed', createdDate: created.body.createdDate, completedDate: api.clock.now.toISOString() });
    expect(Object.keys(body.robotsTxtAnalysis)).toEqual(expect.arrayContaining(CONTRACT_TOKENS));
    expect(body.robotsTxtAnalysis).toMatchObject({ GPTBot: false, 'OAI-SearchBot': true, ClaudeBot: true, Bingbot: true, 'Meta-ExternalAgent': true });
    expect(body.robotsTxtAnalysisResult).toBe(false);
    expect(body.contentSignals).toEqual({ search: true, 'ai-input': true, 'ai-train': false });
    expect(body.consequences.GPTBot).toMatchObject({ purpose: 'training', allowed: false });
    expect(body.consequences.GPTBot?.meaning).toContain("Leaves OpenAI model training");
    expect(body.consequences['OAI-SearchBot']).toMatchObject({ purpose: 'search', allowed: true });
    for (const name of CONTRACT_PROBES) {
      expect(body.serverBotAccess[name]).toEqual({ userAgent: findCrawler(name)?.userAgent, status: 200, ok: true });
    }
    expect(Object.keys(body).sort()).toEqual(
      ['id', 'workspaceId', 'url', 'domain', 'status', 'createdDate', 'completedDate', 'robotsTxtAnalysis', 'robotsTxtAnalysisResult', 'serverBotAccess', 'contentSignals', 'consequences'].sort(),
    );
  });

  test('a robots.txt without Content-Signal answers all three signals, each null', async () => {
    const silent = await startArticleSite();
    try {
      const created = await create({ workspaceId: team.workspaceId, url: `${silent.origin}/` });
      await worker.runAll();
      const { body } = await api.call<Record<string, unknown>>('GET', `${CHECKS}/${created.body.id}`, { key: team.readKey });
      expect(body).toMatchObject({ status: 'completed', robotsTxtAnalysisResult: true });
      expect(body.contentSignals).toEqual({ search: null, 'ai-input': null, 'ai-train': null });
    } finally {
      await silent.close();
    }
  });

  test('fetches every probe of the page with a crawler’s full user agent', async () => {
    const before = site.requests.length;
    await create({ workspaceId: team.workspaceId, url: `${site.origin}/blog/post?probe=1` });
    await worker.runAll();
    const agents = site.requests.slice(before).filter(({ path }) => path === '/blog/post?probe=1').map(({ headers }) => headers['user-agent']);
    expect(agents).toEqual(expect.arrayContaining(CONTRACT_PROBES.map((name) => findCrawler(name)?.userAgent)));
  });

  test('a loopback URL without AUDIT_ALLOW_PRIVATE_NETWORKS fails with an error that says why', async () => {
    const guarded = testWorker(api, { allowPrivateNetworks: false });
    try {
      const created = await create({ workspaceId: team.workspaceId, url: `${site.origin}/blog/post` });
      const before = site.requests.length;
      await guarded.runAll();
      const { body } = await api.call<Record<string, unknown>>('GET', `${CHECKS}/${created.body.id}`, { key: team.readKey });
      expect(body).toEqual({ ...created.body, domain: '127.0.0.1', status: 'failed', completedDate: api.clock.now.toISOString(), error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a loopback address/) });
      expect(site.requests.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });

  test('a site that does not answer at all fails with the reason', async () => {
    const created = await create({ workspaceId: team.workspaceId, url: 'http://127.0.0.1:1/' });
    await worker.runAll();
    const { body } = await api.call<{ status: string; error: string }>('GET', `${CHECKS}/${created.body.id}`, { key: team.readKey });
    expect(body.status).toBe('failed');
    expect(body.error).toContain('127.0.0.1:1');
  });

  test.each([
    ['a URL of another scheme', { url: 'ftp://example.com/file' }, 'url', 'invalid_format'],
    ['text that is no URL', { url: 'example.com/page' }, 'url', 'invalid_format'],
    ['no url', { url: undefined }, 'url', 'invalid_type'],
    ['no workspaceId', { workspaceId: undefined }, 'workspaceId', 'invalid_type'],
    ['an unknown field', { crawlerIdentity: 'GPTBot' }, 'crawlerIdentity', 'unrecognized_keys'],
  ])('400 for %s, and nothing is created', async (_case, change, path, code) => {
    const head = await api.context.eventStore.headPosition();
    const answer = await create({ workspaceId: team.workspaceId, url: 'https://example.com/', ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ target: 'body', errors: [expect.objectContaining({ path, code })] });
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });

  test('403 with a read key, or for a workspace the key cannot reach; 404 for an unknown workspace', async () => {
    const other = await seedTeam(api);
    const head = await api.context.eventStore.headPosition();
    expect((await create({ workspaceId: team.workspaceId, url: 'https://example.com/' }, team.readKey)).status).toBe(403);
    expect((await create({ workspaceId: team.otherWorkspaceId, url: 'https://example.com/' }, team.scopedWriteKey)).status).toBe(403);
    expect((await create({ workspaceId: other.workspaceId, url: 'https://example.com/' })).status).toBe(403);
    expect((await create({ workspaceId: 'ws_unknown', url: 'https://example.com/' })).status).toBe(404);
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });
});

describe('reading crawlability checks', () => {
  test('the list pages by 25, newest first, with the list fields', async () => {
    const fresh = await seedTeam(api, { plan: 'premium' });
    const ids: string[] = [];
    for (let index = 0; index < 27; index++) {
      later();
      ids.push((await create({ workspaceId: fresh.workspaceId, url: `https://example.com/${index}` }, fresh.writeKey)).body.id);
    }
    const first = await api.call<{ items: Array<{ id: string }>; paging: { nextCursor: string | null; hasMore: boolean } }>('GET', CHECKS, { key: fresh.readKey });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.paging.hasMore).toBe(true);
    expect(first.body.items[0]).toEqual({ id: ids[26], workspaceId: fresh.workspaceId, url: 'https://example.com/26', domain: 'example.com', status: 'pending', createdDate: api.clock.now.toISOString() });
    expect((await allPages<{ id: string }>(api, CHECKS, fresh.readKey)).map(({ id }) => id)).toEqual([...ids].reverse());
  });

  test('workspaceId narrows the list; a key scoped to one workspace sees only it', async () => {
    const fresh = await seedTeam(api, { plan: 'premium' });
    const inFirst = (await create({ workspaceId: fresh.workspaceId, url: 'https://example.com/a' }, fresh.writeKey)).body.id;
    later();
    const inOther = (await create({ workspaceId: fresh.otherWorkspaceId, url: 'https://example.com/b' }, fresh.writeKey)).body.id;
    const ids = async (path: string, key: string) => (await allPages<{ id: string }>(api, path, key)).map(({ id }) => id);
    expect(await ids(CHECKS, fresh.readKey)).toEqual([inOther, inFirst]);
    expect(await ids(`${CHECKS}?workspaceId=${fresh.otherWorkspaceId}`, fresh.readKey)).toEqual([inOther]);
    expect(await ids(CHECKS, fresh.scopedReadKey)).toEqual([inFirst]);
    expect((await api.call('GET', `${CHECKS}?workspaceId=${fresh.otherWorkspaceId}`, { key: fresh.scopedReadKey })).status).toBe(403);
    expect((await api.call('GET', `${CHECKS}?workspaceId=ws_unknown`, { key: fresh.readKey })).status).toBe(404);
    expect(await api.call('GET', `${CHECKS}?cursor=nonsense`, { key: fresh.readKey })).toMatchObject({ status: 400, body: { target: 'query', errors: [{ path: 'cursor' }] } });
  });

  test('a check is 404 when unknown, 403 outside the key’s workspaces, 404 when workspaceId names another workspace', async () => {
    const created = await create({ workspaceId: team.otherWorkspaceId, url: 'https://example.com/' });
    expect((await api.call('GET', `${CHECKS}/cr_unknown`, { key: team.readKey })).status).toBe(404);
    expect((await api.call('GET', `${CHECKS}/${created.body.id}`, { key: team.scopedReadKey })).status).toBe(403);
    expect((await api.call('GET', `${CHECKS}/${created.body.id}?workspaceId=${team.workspaceId}`, { key: team.readKey })).status).toBe(404);
    expect((await api.call('GET', `${CHECKS}/${created.body.id}?workspaceId=${team.otherWorkspaceId}`, { key: team.readKey })).status).toBe(200);
  });
});
