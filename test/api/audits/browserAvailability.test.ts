import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { locateChromium } from '../../../src/infra/browser/index.js';
import { seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';

const CONTENT = '/v1/audits/geo/content-checks';
const CRAWLABILITY = '/v1/audits/geo/crawlability-checks';
const MISSING_BROWSER = '/nonexistent/bin/chromium';

describe('without a browser (CHROMIUM_PATH names no file)', () => {
  let api: TestApi;
  let team: SeededTeam;

  beforeAll(async () => {
    api = await startTestApi({ environment: { CHROMIUM_PATH: MISSING_BROWSER } });
    team = await seedTeam(api, { plan: 'premium' });
  });
  afterAll(() => api.close());

  const used = async () => (await api.call<{ geoAuditUsedCount: number }>('GET', '/v1/accounts/info', { key: team.readKey })).body.geoAuditUsedCount;

  test('/v1/health reports the browser unavailable', async () => {
    const { status, body } = await api.call<{ browser: string }>('GET', '/v1/health');
    expect(status).toBe(200);
    expect(body.browser).toBe('unavailable');
  });

  test('a content check is answered 503 naming what to install, and creates and counts nothing', async () => {
    const head = await api.context.eventStore.headPosition();
    const before = await used();
    const answer = await api.call<{ message: string }>('POST', CONTENT, { key: team.writeKey, body: { workspaceId: team.workspaceId, url: 'https://example.com/' } });
    expect(answer.status).toBe(503);
    expect(Object.keys(answer.body)).toEqual(['message']);
    expect(answer.body.message).toContain('apt-get install -y chromium');
    expect(answer.body.message).toContain(MISSING_BROWSER);
    expect(await api.context.eventStore.headPosition()).toBe(head);
    expect(await used()).toBe(before);
    expect((await api.call<{ items: unknown[] }>('GET', CONTENT, { key: team.readKey })).body.items).toEqual([]);
  });

  test('the OpenAPI document names the 503 of content-check creation', async () => {
    const document = (await api.call<{ paths: Record<string, { post?: { responses: Record<string, { description: string }> } }> }>('GET', '/v1/openapi.json')).body;
    expect(document.paths[CONTENT]?.post?.responses['503']?.description).toMatch(/No browser to render with/);
  });

  test('crawlability checks, which need no browser, are still created', async () => {
    const answer = await api.call('POST', CRAWLABILITY, { key: team.writeKey, body: { workspaceId: team.workspaceId, url: 'https://example.com/' } });
    expect(answer.status).toBe(201);
  });

  test('bad input is still a 400 and a read key still a 403', async () => {
    expect((await api.call('POST', CONTENT, { key: team.writeKey, body: { workspaceId: team.workspaceId, url: 'ftp://example.com/' } })).status).toBe(400);
    expect((await api.call('POST', CONTENT, { key: team.readKey, body: { workspaceId: team.workspaceId, url: 'https://example.com/' } })).status).toBe(403);
  });
});

(locateChromium(undefined).state === 'ready' ? describe : describe.skip)('with Chromium installed at a default path', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  test('/v1/health reports the browser ready, found without CHROMIUM_PATH', async () => {
    const { body } = await api.call<{ browser: string }>('GET', '/v1/health');
    expect(body.browser).toBe('ready');
  });
});
