import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createBrandReport } from '../../src/app/brandReports/edit/commands.js';
import { createApiKey } from '../../src/app/credentials/credentials.js';
import { createPrompt } from '../../src/app/prompts/prompts.js';
import { createTag } from '../../src/app/tags/tags.js';
import { runGeolens } from '../support/cli.js';
import { seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let team: SeededTeam;
let reportId: string;
let firstPrompt: string;
let secondPrompt: string;
let tagId: string;

const citation = (link: string, rank: number) => ({ title: link, link, rank });

/** Known answers: every figure asserted below follows from these texts by the metric definitions (docs/metrics.md). */
function knownRuns() {
  const run = (runId: string, promptId: string, engine: string, runDate: string, content: string, links: string[], state = 'completed') =>
    JSON.stringify({ runId, promptId, engine, runDate, content, citations: links.map((link, index) => citation(link, index + 1)), state, ...(runId === 'r3' && { replicate: 1 }) });
  return [
    run('r1', firstPrompt, 'chatgpt', '2026-11-01T08:00:00Z',
      'Acme CRM is the best choice for small teams. Globex is a CRM vendor based in Ohio. I couldn\'t find any information about Initech.',
      ['https://acme.com/pricing', 'https://en.wikipedia.org/wiki/CRM', 'https://www.reddit.com/r/crm']),
    run('r2', firstPrompt, 'perplexity', '2026-11-01T09:00:00Z',
      'Globex is great for enterprises. Acme is terrible at onboarding.',
      ['https://globex.com/', 'https://www.youtube.com/watch?v=1']),
    run('r3', firstPrompt, 'chatgpt', '2026-11-02T08:00:00Z',
      'Initech is a bad fit for startups. Acme is excellent.',
      ['https://ACME.com/pricing/#plans', 'https://www.nytimes.com/2026/crm.html']),
    run('r4', firstPrompt, 'claude', '2026-11-02T09:00:00Z', '', [], 'failed'),
    run('r5', secondPrompt, 'perplexity', '2026-11-01T10:00:00Z', 'Globex is good.', ['https://acme.com/pricing']),
  ];
}

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  tagId = (await createTag(api.context, { workspaceId: team.workspaceId, name: 'Pricing', color: 'gold' })).id;
  firstPrompt = (await createPrompt(api.context, { workspaceId: team.workspaceId, country: 'us', text: 'Best CRM for small teams?', tagIds: [tagId], intentVolume: 880 })).id;
  secondPrompt = (await createPrompt(api.context, { workspaceId: team.workspaceId, country: 'us', text: 'Cheapest CRM?' })).id;
  reportId = (
    await createBrandReport(api.context, {
      workspaceId: team.workspaceId,
      reportTitle: 'Acme visibility',
      brand: 'Acme',
      brandVariations: ['Acme CRM'],
      brandDomain: 'acme.com',
      promptIds: [firstPrompt, secondPrompt],
      competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }, { brand: 'Initech', brandDomain: 'initech.com' }],
    })
  ).id;
  await api.settle();
  await api.rebuild();

  const file = join(api.dataDir, 'runs.ndjson');
  await writeFile(file, `${knownRuns().join('\n')}\n`);
  const imported = await runGeolens(api.dataDir, 'runs', 'import', '--file', file, '--json');
  expect(imported).toMatchObject({ stderr: '', status: 0, stdout: '{"imported":5,"skipped":0}\n' });
  await api.settle();
}, 60_000);

afterAll(async () => api.close());

const window = 'startDate=2026-11-01&endDate=2026-11-02&country=us';

describe('GET /v1/reports/brand/{reportId}/prompts/{promptId}', () => {
  test('gives coverage per day, ranks, mentions, sentiment and domain categories of the imported answers', async () => {
    const { status, body } = await api.call('GET', `/v1/reports/brand/${reportId}/prompts/${firstPrompt}?${window}`, { key: team.readKey });
    expect(status).toBe(200);
    expect(body).toEqual({
      id: firstPrompt,
      reportId,
      prompt: 'Best CRM for small teams?',
      intentVolume: 880,
      brandCoverageHistory: [
        { brand: 'Acme', coverage: 1, date: '2026-11-01' },
        { brand: 'Globex', coverage: 1, date: '2026-11-01' },
        { brand: 'Initech', coverage: 0, date: '2026-11-01' },
        { brand: 'Acme', coverage: 1, date: '2026-11-02' },
        { brand: 'Globex', coverage: 0, date: '2026-11-02' },
        { brand: 'Initech', coverage: 1, date: '2026-11-02' },
      ],
      brandRank: [
        { brand: 'Acme', rank: 1, mentions: 3, brandCoverage: 1, sentiment: { positive: 2 / 3, neutral: 0, negative: 1 / 3, nss: 1 / 3 } },
        { brand: 'Globex', rank: 2, mentions: 2, brandCoverage: 2 / 3, sentiment: { positive: 0.5, neutral: 0.5, negative: 0, nss: 0.5 } },
        { brand: 'Initech', rank: 3, mentions: 1, brandCoverage: 1 / 3, sentiment: { positive: 0, neutral: 0, negative: 1, nss: -1 } },
      ],
      domainCategories: [
        { category: 'Brand', value: 2 },
        { category: 'Competitor', value: 1 },
        { category: 'Social Media', value: 0 },
        { category: 'Community/Forum', value: 1 },
        { category: 'Encyclopedia', value: 1 },
        { category: 'News/Media', value: 1 },
        { category: 'Blogs/Personal Sites', value: 0 },
        { category: 'Government/NGO', value: 0 },
        { category: 'Education', value: 0 },
        { category: 'Video', value: 1 },
        { category: 'Others', value: 0 },
        { category: 'Unclassified', value: 0 },
      ],
      brandReports: [{ id: reportId, brand: 'Acme', brandDomain: 'acme.com', reportTitle: 'Acme visibility' }],
      tags: [{ id: tagId, name: 'Pricing', color: 'gold' }],
    });
    const rank = (body as { brandRank: Array<{ sentiment: { positive: number; neutral: number; negative: number } }> }).brandRank;
    for (const { sentiment } of rank) expect(sentiment.positive + sentiment.neutral + sentiment.negative).toBeCloseTo(1);
  });

  test('a window without runs ranks every tracked brand at zero', async () => {
    const { body } = await api.call<{ brandRank: unknown[]; brandCoverageHistory: unknown[] }>(
      'GET', `/v1/reports/brand/${reportId}/prompts/${firstPrompt}?startDate=2026-10-01&endDate=2026-10-05&country=us`, { key: team.readKey });
    expect(body.brandCoverageHistory).toEqual([]);
    expect(body.brandRank).toEqual([
      expect.objectContaining({ brand: 'Acme', rank: 1, mentions: 0, brandCoverage: 0 }),
      expect.objectContaining({ brand: 'Globex', rank: 2, mentions: 0 }),
      expect.objectContaining({ brand: 'Initech', rank: 3, mentions: 0 }),
    ]);
  });

  test.each([
    ['startDate after endDate', 'startDate=2026-11-03&endDate=2026-11-01&country=us', 'startDate', 'custom'],
    ['a window over 366 days', 'startDate=2025-01-01&endDate=2026-11-01&country=us', 'endDate', 'custom'],
    ['gb instead of uk', 'startDate=2026-11-01&endDate=2026-11-02&country=gb', 'country', 'invalid_value'],
    ['a malformed date', 'startDate=2026-13-01&endDate=2026-11-02&country=us', 'startDate', 'custom'],
    ['a missing country', 'startDate=2026-11-01&endDate=2026-11-02', 'country', 'invalid_value'],
  ])('400 for %s', async (_name, query, path, code) => {
    const { status, body } = await api.call('GET', `/v1/reports/brand/${reportId}/prompts/${firstPrompt}?${query}`, { key: team.readKey });
    expect(status).toBe(400);
    expect(body).toMatchObject({ target: 'query', errors: [expect.objectContaining({ path, code })] });
  });

  test('404 for a prompt that is not in the report, 403 for a key without the workspace', async () => {
    const stranger = (await createPrompt(api.context, { workspaceId: team.otherWorkspaceId, country: 'us', text: 'Other' })).id;
    expect((await api.call('GET', `/v1/reports/brand/${reportId}/prompts/${stranger}?${window}`, { key: team.readKey })).status).toBe(404);
    expect((await api.call('GET', `/v1/reports/brand/br_missing/prompts/${firstPrompt}?${window}`, { key: team.readKey })).status).toBe(404);
    const otherOnly = await createApiKey(api.context, { teamId: team.teamId, permission: 'read', workspaceIds: [team.otherWorkspaceId] });
    await api.settle();
    const forbidden = await api.call<{ message: string }>('GET', `/v1/reports/brand/${reportId}/prompts/${firstPrompt}?${window}`, { key: otherOnly.key });
    expect(forbidden).toMatchObject({ status: 403, body: { message: expect.stringContaining(reportId) } });
    expect(forbidden.body.message).not.toContain(team.workspaceId);
  });
});

describe('GET /v1/reports/brand/{reportId}/prompts/{promptId}/ai-responses', () => {
  test('lists completed and failed runs newest first with brand mentions from the report settings', async () => {
    const { status, body } = await api.call<{ items: Array<Record<string, unknown>>; paging: unknown }>(
      'GET', `/v1/reports/brand/${reportId}/prompts/${firstPrompt}/ai-responses?${window}`, { key: team.readKey });
    expect(status).toBe(200);
    expect(body.items.map(({ runId, state, engine }) => ({ runId, state, engine }))).toEqual([
      { runId: 'r4', state: 'failed', engine: 'claude' },
      { runId: 'r3', state: 'completed', engine: 'chatgpt' },
      { runId: 'r2', state: 'completed', engine: 'perplexity' },
      { runId: 'r1', state: 'completed', engine: 'chatgpt' },
    ]);
    // An imported run names its replicate when its line gives one, and is null otherwise.
    expect(body.items.map(({ replicate }) => replicate)).toEqual([null, 1, null, null]);
    expect(body.items[3]).toMatchObject({
      runDate: '2026-11-01T08:00:00.000Z',
      brandMentions: [{ brand: 'Acme', isMainBrand: true, mentions: 1 }, { brand: 'Globex', isMainBrand: false, mentions: 1 }],
      citations: [{ link: 'https://acme.com/pricing', rank: 1 }, { rank: 2 }, { rank: 3 }].map((entry) => expect.objectContaining(entry)),
    });
    expect(body.items[0]).toMatchObject({ content: '', brandMentions: [], citations: [] });
    expect(body.paging).toEqual({ nextCursor: null, hasMore: false });
  });

  test('filters by engine', async () => {
    const { body } = await api.call<{ items: Array<{ runId: string }> }>(
      'GET', `/v1/reports/brand/${reportId}/prompts/${firstPrompt}/ai-responses?${window}&engine=chatgpt`, { key: team.readKey });
    expect(body.items.map(({ runId }) => runId)).toEqual(['r3', 'r1']);
  });

  test('400 for an unknown engine and for a malformed cursor', async () => {
    const base = `/v1/reports/brand/${reportId}/prompts/${firstPrompt}/ai-responses?${window}`;
    expect((await api.call('GET', `${base}&engine=bing`, { key: team.readKey })).body).toMatchObject({ errors: [expect.objectContaining({ path: 'engine' })] });
    expect((await api.call('GET', `${base}&cursor=nope`, { key: team.readKey })).body).toMatchObject({ errors: [expect.objectContaining({ path: 'cursor' })] });
  });
});

describe('GET /v1/reports/brand/{reportId}/citations/prompts', () => {
  const cited = `/v1/reports/brand/\${reportId}/citations/prompts?url=${encodeURIComponent('https://acme.com/pricing')}&${window}`;
  const path = () => cited.replace('${reportId}', reportId);

  test('lists the prompts that cited the URL with their engines and the citing runs that mention the brand', async () => {
    const { status, body } = await api.call('GET', path(), { key: team.readKey });
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [
        { id: firstPrompt, prompt: 'Best CRM for small teams?', engines: ['chatgpt'], brandMentioned: 2 },
        { id: secondPrompt, prompt: 'Cheapest CRM?', engines: ['perplexity'], brandMentioned: 0 },
      ],
      paging: { limit: 25, offset: 0, hasMore: false },
    });
  });

  test('filters by engines and by tag, and pages with limit and offset', async () => {
    const byEngine = await api.call<{ items: Array<{ id: string }> }>('GET', `${path()}&engines=perplexity&engines=claude`, { key: team.readKey });
    expect(byEngine.body.items.map(({ id }) => id)).toEqual([secondPrompt]);
    const byTag = await api.call<{ items: Array<{ id: string }> }>('GET', `${path()}&tagId=${tagId}`, { key: team.readKey });
    expect(byTag.body.items.map(({ id }) => id)).toEqual([firstPrompt]);
    const secondPage = await api.call('GET', `${path()}&limit=1&offset=1`, { key: team.readKey });
    expect(secondPage.body).toMatchObject({ items: [{ id: secondPrompt }], paging: { limit: 1, offset: 1, hasMore: false } });
  });

  test('400 when offset is not a multiple of limit or the URL is not http(s)', async () => {
    expect((await api.call('GET', `${path()}&limit=10&offset=5`, { key: team.readKey })).body).toMatchObject({
      errors: [expect.objectContaining({ path: 'offset' })],
    });
    const badUrl = path().replace(/url=[^&]+/, 'url=ftp%3A%2F%2Fx');
    expect((await api.call('GET', badUrl, { key: team.readKey })).body).toMatchObject({ errors: [expect.objectContaining({ path: 'url' })] });
  });
});

describe('GET /v1/reports/brand/{reportId}/recalculation', () => {
  test('a report created with prompts and never changed answers version 1, finished; a detection change runs version 2', async () => {
    const finished = await api.call('GET', `/v1/reports/brand/${reportId}/recalculation`, { key: team.readKey });
    expect(finished).toMatchObject({ status: 200, body: { reportId, version: 1, state: 'finished', startedDate: expect.any(String) } });
    const patched = await api.call('PATCH', `/v1/reports/brand/${reportId}`, { key: team.writeKey, body: { brandVariations: ['Acme CRM', 'ACME'] } });
    expect(patched.status).toBe(200);
    const running = await api.call('GET', `/v1/reports/brand/${reportId}/recalculation`, { key: team.readKey });
    expect(running).toMatchObject({ status: 200, body: { reportId, version: 2, state: 'running', finishedDate: null } });
  });

  test('404 for an unknown report', async () => {
    expect((await api.call('GET', '/v1/reports/brand/br_missing/recalculation', { key: team.readKey })).status).toBe(404);
  });
});
