import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runGeolens } from '../support/cli.js';
import { seedPrompts, seedReport, seedTag, seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

/**
 * The requests that public clients written for the hosted service's API sent, and that geolens refused before
 * geolens's answers were made to fit them. Every answer is also checked against its documented
 * schema by the test server (validateResponses), so 200 here means 200 with the documented shape.
 */

let api: TestApi;
let team: SeededTeam;
let reportId: string;
let promptId: string;
let tagId: string;

const window = 'startDate=2026-11-01&endDate=2026-11-02&country=us';

/** An answer as engines write it: "Close" the CRM with its site, "Fit" a heading, the brand criticised. */
const LISTING = [
  "Here's a quick look at CRM tools for small teams:",
  '',
  '1. **Close** — built-in calling and email sequences for inside sales.',
  '2. **Acme** — simple pipelines.',
  '',
  '**Fit**: what works for small teams may not suit larger teams.',
  '',
  'Acme is terrible at onboarding.',
].join('\n');

beforeAll(async () => {
  api = await startTestApi({ environment: { CORS_ORIGINS: 'https://dashboard.example' } });
  team = await seedTeam(api);
  tagId = await seedTag(api, team.workspaceId, 'Pricing');
  [promptId] = (await seedPrompts(api, team.workspaceId, [{ country: 'us', tagIds: [tagId] }])) as [string];
  reportId = await seedReport(api, team.workspaceId, { brand: 'Acme', promptIds: [promptId] });
  await seedReport(api, team.workspaceId, { brand: 'Globex' });
  await api.settle();
  await api.rebuild();
  const runs = [
    { runId: 'c1', engine: 'chatgpt', runDate: '2026-11-01T08:00:00Z', content: 'Acme is great. Acme again.' },
    { runId: 'c2', engine: 'perplexity', runDate: '2026-11-01T09:00:00Z', content: 'Nothing about the brand here.' },
    { runId: 'c3', engine: 'gemini', runDate: '2026-11-02T09:00:00Z', content: 'Acme is fine.' },
    { runId: 'c4', engine: 'claude', runDate: '2026-11-03T09:00:00Z', content: LISTING, citations: [{ link: 'https://close.com/', title: 'Close CRM', rank: 1 }] },
  ].map((run) => JSON.stringify({ citations: [], ...run, promptId, state: 'completed' }));
  const file = join(api.dataDir, 'runs.ndjson');
  await writeFile(file, `${runs.join('\n')}\n`);
  expect(await runGeolens(api.dataDir, 'runs', 'import', '--file', file, '--json')).toMatchObject({ status: 0 });
  await api.settle();
}, 60_000);

afterAll(async () => api.close());

describe('requests of clients written for the hosted API', () => {
  test('GET /v1/reports/brand?brand=… filters the list by brand, case-insensitively and exactly', async () => {
    const { status, body } = await api.call<{ items: Array<{ id: string; brand: string }> }>('GET', '/v1/reports/brand?brand=acme', { key: team.readKey });
    expect(status).toBe(200);
    expect(body.items.map(({ id }) => id)).toEqual([reportId]);
    const none = await api.call<{ items: unknown[] }>('GET', '/v1/reports/brand?brand=acm', { key: team.readKey });
    expect(none.body.items).toEqual([]);
  });

  test('the prompt detail takes repeated `engines` and counts only their runs', async () => {
    const path = `/v1/reports/brand/${reportId}/prompts/${promptId}`;
    const all = await api.call<{ brandRank: Array<{ brand: string; mentions: number; brandCoverage: number }> }>('GET', `${path}?${window}`, { key: team.readKey });
    const filtered = await api.call<{ brandRank: Array<{ brand: string; mentions: number; brandCoverage: number }> }>(
      'GET', `${path}?${window}&engines=chatgpt&engines=perplexity`, { key: team.readKey });
    expect(filtered.status).toBe(200);
    expect(all.body.brandRank[0]).toMatchObject({ brand: 'Acme', mentions: 3, brandCoverage: 2 / 3 });
    expect(filtered.body.brandRank[0]).toMatchObject({ brand: 'Acme', mentions: 2, brandCoverage: 1 / 2 });
    const single = await api.call<{ brandRank: Array<{ mentions: number }> }>('GET', `${path}?${window}&engines=gemini`, { key: team.readKey });
    expect(single.body.brandRank[0]?.mentions).toBe(1);
  });

  test('the AI responses list takes `engines` beside `engine`', async () => {
    const path = `/v1/reports/brand/${reportId}/prompts/${promptId}/ai-responses?${window}`;
    const several = await api.call<{ items: Array<{ runId: string }> }>('GET', `${path}&engines=chatgpt&engines=gemini`, { key: team.readKey });
    expect(several.status).toBe(200);
    expect(several.body.items.map(({ runId }) => runId)).toEqual(['c3', 'c1']);
    const both = await api.call<{ items: Array<{ runId: string }> }>('GET', `${path}&engines=chatgpt&engines=gemini&engine=gemini`, { key: team.readKey });
    expect(both.body.items.map(({ runId }) => runId)).toEqual(['c3']);
  });

  test('one comma-separated `engines` value means every engine it names, on every endpoint that takes `engines`', async () => {
    type Get = { parameters?: Array<{ name: string; in: string }>; responses?: Record<string, { content?: Record<string, unknown> }> };
    const document = (await api.call<{ paths: Record<string, { get?: Get }> }>('GET', '/v1/openapi.json')).body;
    // JSON answers only: a PDF of the same figures differs in its creation time.
    const paths = Object.entries(document.paths)
      .filter(([, item]) => item.get?.parameters?.some(({ name, in: where }) => name === 'engines' && where === 'query') && item.get.responses?.['200']?.content?.['application/json'])
      .map(([path]) => path.replace('{reportId}', reportId).replace('{promptId}', promptId));
    expect(paths).toEqual(expect.arrayContaining([`/v1/reports/brand/${reportId}/stats`, `/v1/reports/brand/${reportId}/prompts/${promptId}`]));
    for (const path of paths) {
      const query = `${path}?${window}&url=${encodeURIComponent('https://acme.com/')}`;
      const repeated = await api.call('GET', `${query}&engines=chatgpt&engines=perplexity`, { key: team.readKey });
      const commaSeparated = await api.call('GET', `${query}&engines=chatgpt,perplexity`, { key: team.readKey });
      expect({ path, status: commaSeparated.status }).toEqual({ path, status: 200 });
      expect(commaSeparated.body).toEqual(repeated.body);
    }
    const spaced = await api.call<{ brandRank: Array<{ mentions: number }> }>('GET', `${paths[0]}?${window}&engines=chatgpt,%20gemini`, { key: team.readKey });
    expect(spaced.status).toBe(200);
    const badPart = await api.call('GET', `/v1/reports/brand/${reportId}/prompts/${promptId}?${window}&engines=chatgpt,bing`, { key: team.readKey });
    expect(badPart.body).toMatchObject({ target: 'query', errors: [expect.objectContaining({ path: 'engines.1', code: 'invalid_value' })] });
  });

  test('query parameters this API does not use are ignored, known ones still validated', async () => {
    const ignored = await api.call<{ items: unknown[] }>('GET', '/v1/reports/brand?limit=10&page=1', { key: team.readKey });
    expect(ignored.status).toBe(200);
    expect(ignored.body.items).toHaveLength(2);
    const detail = await api.call('GET', `/v1/reports/brand/${reportId}/prompts/${promptId}?${window}&includeRaw=1`, { key: team.readKey });
    expect(detail.status).toBe(200);
    const badEngine = await api.call('GET', `/v1/reports/brand/${reportId}/prompts/${promptId}?${window}&engines=bing`, { key: team.readKey });
    expect(badEngine.status).toBe(400);
    expect(badEngine.body).toMatchObject({ target: 'query', errors: [expect.objectContaining({ path: 'engines.0', code: 'invalid_value' })] });
  });

  test('GET /v1/engines answers {items: [{country, baseEngines, addonEngines}]}', async () => {
    const { status, body } = await api.call<{ items: Array<Record<string, unknown>> }>('GET', '/v1/engines', { key: team.readKey });
    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) expect(Object.keys(item).sort()).toEqual(['addonEngines', 'baseEngines', 'country']);
  });

  test('workspace prompts carry tagIds beside tags', async () => {
    const { status, body } = await api.call<{ items: Array<{ id: string; tagIds: string[]; tags: Array<{ id: string }> }> }>(
      'GET', `/v1/workspaces/${team.workspaceId}/prompts`, { key: team.readKey });
    expect(status).toBe(200);
    expect(body.items).toEqual([expect.objectContaining({ id: promptId, tagIds: [tagId], tags: [expect.objectContaining({ id: tagId })] })]);
  });
});

describe('analytics fields the dashboards of the hosted API read', () => {
  const day = 'startDate=2026-11-03&endDate=2026-11-03&country=us';
  interface Stats {
    status: string;
    detectedBrands: Array<{ name: string; mentions: number }>;
    allBrandsAnalysis: { brandVisibilityIndex: Array<{ brands: Array<{ brand: string; visibilityScore: number }> }>; domainCoverageHistory: Array<{ domains: Array<{ domain: string; coverage: number }> }> };
    competitorBrandsAnalysis: { brandMentions: Array<{ brand: string; domain: string; logoUrl: string; visibilityScore: number; likelihoodToBuy: number; averageRank: number }> };
  }

  test('stats answer status, both analyses and their series', async () => {
    const { status, body } = await api.call<Stats>('GET', `/v1/reports/brand/${reportId}/stats?${day}`, { key: team.readKey });
    expect(status).toBe(200);
    expect(body.status).toBe('finished');
    expect(body.competitorBrandsAnalysis.brandMentions).toEqual([
      expect.objectContaining({ brand: 'Acme', domain: 'acme.com', logoUrl: 'https://acme.com/favicon.ico', visibilityScore: 100, likelihoodToBuy: 0, averageRank: 1 }),
    ]);
    expect(body.allBrandsAnalysis.brandVisibilityIndex).toEqual([{ date: '2026-11-03', brands: [expect.objectContaining({ brand: 'Acme', visibilityScore: 100 })] }]);
    expect(body.allBrandsAnalysis.domainCoverageHistory).toEqual([{ date: '2026-11-03', domains: [expect.objectContaining({ domain: 'acme.com', coverage: 0 })] }]);
  });

  test('detectedBrands lists only untracked names: "Close" cited with close.com, not the brand nor the heading "Fit"', async () => {
    const { body } = await api.call<Stats>('GET', `/v1/reports/brand/${reportId}/stats?${day}`, { key: team.readKey });
    expect(body.detectedBrands).toEqual([{ name: 'Close', mentions: 1 }]);
  });

  test('recommendations name the engine of their evidence and carry status beside state', async () => {
    const { body } = await api.call<{ items: Array<{ type: string; engine: string | null; state: string; status: string }> }>(
      'GET', `/v1/reports/brand/${reportId}/recommendations?country=us`, { key: team.readKey });
    expect(body.items.map(({ type, engine, state, status }) => ({ type, engine, state, status }))).toEqual([
      { type: 'sentiment_risk', engine: 'claude', state: 'suggested', status: 'suggested' },
    ]);
  });
});

describe('CORS_ORIGINS', () => {
  test('a browser preflight from an allowed origin may send the Authorization header', async () => {
    const preflight = await api.call('OPTIONS', '/v1/reports/brand', {
      headers: { origin: 'https://dashboard.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://dashboard.example');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const read = await api.call('GET', '/v1/reports/brand', { key: team.readKey, headers: { origin: 'https://dashboard.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBe('https://dashboard.example');
  });

  test('another origin gets no CORS headers', async () => {
    const read = await api.call('GET', '/v1/reports/brand', { key: team.readKey, headers: { origin: 'https://elsewhere.example' } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('unset, no CORS headers are sent at all', async () => {
    const plain = await startTestApi();
    try {
      const answer = await plain.call('GET', '/v1/health', { headers: { origin: 'https://dashboard.example' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
