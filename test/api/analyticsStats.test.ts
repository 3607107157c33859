import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createApiKey } from '../../src/app/credentials/credentials.js';
import { createKnownReport, seedKnownAnswers, WINDOW, type KnownAnswers } from './support/knownAnswers.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let known: KnownAnswers;

beforeAll(async () => {
  api = await startTestApi();
  known = await seedKnownAnswers(api);
}, 60_000);

afterAll(async () => api.close());

const near = (value: number) => expect.closeTo(value, 9);
const interval = (low: number, high: number) => ({ low: expect.closeTo(low, 3), high: expect.closeTo(high, 3) });

/**
 * Hand-computed from the known answers (knownAnswers.ts). Positions per run: r1 Acme 1, Globex 2; r2 Globex 1,
 * Acme 2; r5 Globex 1 (2026-11-01); r3 Initech 1, Acme 2; r6 Globex 1, Initech 2 (2026-11-02). A run "would buy"
 * when the brand has a positive sentence and no negative one: Acme r1, r3; Globex r2, r5, r6; Initech none.
 * Domains cited: acme.com r1, r3; globex.com r2, r6; initech.com never.
 */
const SERIES = {
  brandVisibilityIndex: [
    {
      date: '2026-11-01',
      brands: [
        { brand: 'Acme', isMainBrand: true, visibilityScore: near(50), brandCoverage: near(200 / 3), likelihoodToBuy: near(100 / 3) },
        { brand: 'Globex', isMainBrand: false, visibilityScore: near(250 / 3), brandCoverage: 100, likelihoodToBuy: near(200 / 3) },
        { brand: 'Initech', isMainBrand: false, visibilityScore: 0, brandCoverage: 0, likelihoodToBuy: 0 },
      ],
    },
    {
      date: '2026-11-02',
      brands: [
        { brand: 'Acme', isMainBrand: true, visibilityScore: near(25), brandCoverage: 50, likelihoodToBuy: 50 },
        { brand: 'Globex', isMainBrand: false, visibilityScore: near(50), brandCoverage: 50, likelihoodToBuy: 50 },
        { brand: 'Initech', isMainBrand: false, visibilityScore: near(75), brandCoverage: 100, likelihoodToBuy: 0 },
      ],
    },
  ],
  domainCoverageHistory: [
    {
      date: '2026-11-01',
      domains: [
        { domain: 'acme.com', brand: 'Acme', isMainBrand: true, logoUrl: 'https://acme.com/favicon.ico', coverage: near(100 / 3) },
        { domain: 'globex.com', brand: 'Globex', isMainBrand: false, logoUrl: 'https://globex.com/favicon.ico', coverage: near(100 / 3) },
        { domain: 'initech.com', brand: 'Initech', isMainBrand: false, logoUrl: 'https://initech.com/favicon.ico', coverage: 0 },
      ],
    },
    {
      date: '2026-11-02',
      domains: [
        { domain: 'acme.com', brand: 'Acme', isMainBrand: true, logoUrl: 'https://acme.com/favicon.ico', coverage: 50 },
        { domain: 'globex.com', brand: 'Globex', isMainBrand: false, logoUrl: 'https://globex.com/favicon.ico', coverage: 50 },
        { domain: 'initech.com', brand: 'Initech', isMainBrand: false, logoUrl: 'https://initech.com/favicon.ico', coverage: 0 },
      ],
    },
  ],
};

type Series = Record<'brandRankHistory' | 'brandCoverageHistory' | 'brandPositionHistory' | 'brandVisibilityIndex' | 'domainCoverageHistory', unknown[]>;
type Stats = {
  status: string;
  summary: Record<string, unknown>;
  allBrandsAnalysis: { brandMentions: Array<Record<string, unknown>> } & Series;
  competitorBrandsAnalysis: { brandMentions: Array<Record<string, unknown>> } & Series;
  engines: unknown[];
};

async function stats(query = WINDOW, key = known.team.readKey) {
  return api.call<Stats>('GET', `/v1/reports/brand/${known.reportId}/stats?${query}`, { key });
}

describe('GET /v1/reports/brand/{reportId}/stats', () => {
  test('answers every figure of the window: per brand, per day and per engine, rates in percent with their evidence', async () => {
    const { status, body } = await stats();
    expect(status).toBe(200);
    expect(body).toEqual({
      id: known.reportId,
      status: 'finished',
      isRecalculating: false,
      totalPrompts: 2,
      brand: { brand: 'Acme', brandDomain: 'acme.com', brandDomainWildcard: false },
      summary: {
        averageRank: 2,
        averagePosition: near(5 / 3),
        totalMentions: 9,
        totalSources: 11,
        shareOfVoice: near(100 / 3),
        brandCoverage: near(60),
        domainCoverage: near(40),
        mentions: 3,
        domainCitedRuns: 2,
        runs: 5,
        mentionedRuns: 3,
        brandCoverageInterval: interval(23.072, 88.2382),
      },
      detectedBrands: [
        { name: 'Freshsales', mentions: 3 },
        { name: 'Copper', mentions: 1 },
      ],
      allBrandsAnalysis: {
        brandMentions: [
          {
            brand: 'Globex', isMainBrand: false, rank: 1, mentions: 4, shareOfVoice: near(400 / 9), brandCoverage: near(80),
            runs: 5, mentionedRuns: 4, brandCoverageInterval: interval(37.5528, 96.3777), averagePosition: 1.25,
            sentiment: { positive: 0.75, neutral: 0.25, negative: 0, nss: 0.75 }, sentences: { positive: 3, neutral: 1, negative: 0 },
          },
          {
            brand: 'Acme', isMainBrand: true, rank: 2, mentions: 3, shareOfVoice: near(100 / 3), brandCoverage: near(60),
            runs: 5, mentionedRuns: 3, brandCoverageInterval: interval(23.072, 88.2382), averagePosition: near(5 / 3),
            sentiment: { positive: near(2 / 3), neutral: 0, negative: near(1 / 3), nss: near(1 / 3) }, sentences: { positive: 2, neutral: 0, negative: 1 },
          },
          {
            brand: 'Initech', isMainBrand: false, rank: 3, mentions: 2, shareOfVoice: near(200 / 9), brandCoverage: near(40),
            runs: 5, mentionedRuns: 2, brandCoverageInterval: interval(11.7618, 76.928), averagePosition: 1.5,
            sentiment: { positive: 0, neutral: 0, negative: 1, nss: -1 }, sentences: { positive: 0, neutral: 0, negative: 2 },
          },
        ],
        brandRankHistory: [
          { date: '2026-11-01', brands: [{ brand: 'Acme', isMainBrand: true, rank: 2 }, { brand: 'Globex', isMainBrand: false, rank: 1 }, { brand: 'Initech', isMainBrand: false, rank: 3 }] },
          { date: '2026-11-02', brands: [{ brand: 'Acme', isMainBrand: true, rank: 2 }, { brand: 'Globex', isMainBrand: false, rank: 3 }, { brand: 'Initech', isMainBrand: false, rank: 1 }] },
        ],
        brandCoverageHistory: [
          {
            date: '2026-11-01',
            brands: [
              { brand: 'Acme', isMainBrand: true, coverage: near(200 / 3), runs: 3, mentionedRuns: 2, brandCoverageInterval: interval(20.7655, 93.851) },
              { brand: 'Globex', isMainBrand: false, coverage: 100, runs: 3, mentionedRuns: 3, brandCoverageInterval: interval(43.8494, 100) },
              { brand: 'Initech', isMainBrand: false, coverage: 0, runs: 3, mentionedRuns: 0, brandCoverageInterval: interval(0, 56.151) },
            ],
          },
          {
            date: '2026-11-02',
            brands: [
              { brand: 'Acme', isMainBrand: true, coverage: 50, runs: 2, mentionedRuns: 1, brandCoverageInterval: interval(9.4529, 90.5471) },
              { brand: 'Globex', isMainBrand: false, coverage: 50, runs: 2, mentionedRuns: 1, brandCoverageInterval: interval(9.4529, 90.5471) },
              { brand: 'Initech', isMainBrand: false, coverage: 100, runs: 2, mentionedRuns: 2, brandCoverageInterval: interval(34.2372, 100) },
            ],
          },
        ],
        brandPositionHistory: [
          { date: '2026-11-01', brands: [{ brand: 'Acme', isMainBrand: true, position: 1.5 }, { brand: 'Globex', isMainBrand: false, position: near(4 / 3) }, { brand: 'Initech', isMainBrand: false, position: null }] },
          { date: '2026-11-02', brands: [{ brand: 'Acme', isMainBrand: true, position: 2 }, { brand: 'Globex', isMainBrand: false, position: 1 }, { brand: 'Initech', isMainBrand: false, position: 1.5 }] },
        ],
        ...SERIES,
      },
      competitorBrandsAnalysis: {
        brandMentions: [
          {
            brand: 'Acme', domain: 'acme.com', logoUrl: 'https://acme.com/favicon.ico', isMainBrand: true, mentions: 3, shareOfVoice: near(100 / 3),
            brandCoverage: near(60), domainCoverage: near(40), domainCitations: 2, averageRank: 2, averagePosition: near(5 / 3),
            visibilityScore: near(40), likelihoodToBuy: near(40), sentiment: { positive: near(2 / 3), neutral: 0, negative: near(1 / 3), nss: near(1 / 3) },
            runs: 5, mentionedRuns: 3, brandCoverageInterval: interval(23.072, 88.2382),
          },
          {
            brand: 'Globex', domain: 'globex.com', logoUrl: 'https://globex.com/favicon.ico', isMainBrand: false, mentions: 4, shareOfVoice: near(400 / 9),
            brandCoverage: near(80), domainCoverage: near(40), domainCitations: 2, averageRank: 2, averagePosition: 1.25,
            visibilityScore: near(70), likelihoodToBuy: near(60), sentiment: { positive: 0.75, neutral: 0.25, negative: 0, nss: 0.75 },
            runs: 5, mentionedRuns: 4, brandCoverageInterval: interval(37.5528, 96.3777),
          },
          {
            brand: 'Initech', domain: 'initech.com', logoUrl: 'https://initech.com/favicon.ico', isMainBrand: false, mentions: 2, shareOfVoice: near(200 / 9),
            brandCoverage: near(40), domainCoverage: 0, domainCitations: 0, averageRank: 2, averagePosition: 1.5,
            visibilityScore: near(30), likelihoodToBuy: 0, sentiment: { positive: 0, neutral: 0, negative: 1, nss: -1 },
            runs: 5, mentionedRuns: 2, brandCoverageInterval: interval(11.7618, 76.928),
          },
        ],
        brandRankHistory: expect.any(Array),
        brandCoverageHistory: expect.any(Array),
        brandPositionHistory: expect.any(Array),
        ...SERIES,
      },
      engines: [
        { engine: 'chatgpt', brandCoverage: 100, runs: 2, mentionedRuns: 2, brandCoverageInterval: interval(34.2372, 100) },
        { engine: 'perplexity', brandCoverage: 50, runs: 2, mentionedRuns: 1, brandCoverageInterval: interval(9.4529, 90.5471) },
        { engine: 'gemini', brandCoverage: 0, runs: 1, mentionedRuns: 0, brandCoverageInterval: interval(0, 79.3457) },
      ],
    });
  });

  test('a tag narrows to its prompts, engines to their runs, the country to its own prompts', async () => {
    const tagged = await stats(`${WINDOW}&tagId=${known.pricingTag}`);
    expect(tagged.body).toMatchObject({ totalPrompts: 1, summary: { runs: 3, mentionedRuns: 3, brandCoverage: 100, totalMentions: 6, totalSources: 8 } });
    const chatgpt = await stats(`${WINDOW}&engines=chatgpt`);
    expect(chatgpt.body).toMatchObject({ summary: { runs: 2, mentions: 2, totalMentions: 4, totalSources: 6 }, engines: [expect.objectContaining({ engine: 'chatgpt' })] });
    const britain = await stats('startDate=2026-11-01&endDate=2026-11-02&country=uk');
    expect(britain.body).toMatchObject({ totalPrompts: 1, summary: { runs: 1, mentions: 1, totalMentions: 2 } });
  });

  test('a window without runs answers zeros, null averages and empty histories, every tracked brand ranked by name', async () => {
    const { body } = await stats('startDate=2026-10-01&endDate=2026-10-05&country=us');
    expect(body).toMatchObject({
      status: 'no_data',
      summary: { averageRank: null, averagePosition: null, runs: 0, brandCoverage: 0, brandCoverageInterval: { low: 0, high: 0 } },
      detectedBrands: [],
      allBrandsAnalysis: { brandRankHistory: [], brandCoverageHistory: [], brandPositionHistory: [], brandVisibilityIndex: [], domainCoverageHistory: [] },
      competitorBrandsAnalysis: {
        brandRankHistory: [], brandCoverageHistory: [], brandPositionHistory: [], brandVisibilityIndex: [], domainCoverageHistory: [],
        brandMentions: [
          expect.objectContaining({ brand: 'Acme', averageRank: null, averagePosition: null, visibilityScore: 0, likelihoodToBuy: 0, domainCoverage: 0 }),
          expect.objectContaining({ brand: 'Globex' }),
          expect.objectContaining({ brand: 'Initech' }),
        ],
      },
      engines: [],
    });
    expect(body.allBrandsAnalysis.brandMentions.map(({ brand, rank }) => [brand, rank])).toEqual([['Acme', 1], ['Globex', 2], ['Initech', 3]]);
  });

  test('the competitor analysis repeats the five daily series of all brands', async () => {
    const { body } = await stats();
    const { brandMentions: _all, ...allSeries } = body.allBrandsAnalysis;
    const { brandMentions: _tracked, ...trackedSeries } = body.competitorBrandsAnalysis;
    expect(trackedSeries).toEqual(allSeries);
    expect(Object.keys(trackedSeries).sort()).toEqual(['brandCoverageHistory', 'brandPositionHistory', 'brandRankHistory', 'brandVisibilityIndex', 'domainCoverageHistory']);
  });

  test('no tracked name among the detected brands: not the brand, a variation or a competitor', async () => {
    const { body } = await stats('startDate=2026-10-17&endDate=2026-11-15&country=us');
    const names = (body as unknown as { detectedBrands: Array<{ name: string }> }).detectedBrands.map(({ name }) => name.toLowerCase());
    expect(names).toEqual(['freshsales', 'copper']);
  });

  test('a report whose history is not built yet answers pending', async () => {
    const pending = await createKnownReport(api, known.team, [known.bestCrm]);
    await api.settle();
    const { status, body } = await api.call<Stats>('GET', `/v1/reports/brand/${pending}/stats?${WINDOW}`, { key: known.team.readKey });
    expect(status).toBe(200);
    expect(body.status).toBe('pending');
  });

  test('equal the sums of the prompt details over the same window', async () => {
    const { body } = await stats();
    const prompts = await api.call<{ items: Array<{ id: string; runs: number; mentionedRuns: number; citations: number; brandMentions: number; competitors: Array<{ brand: string; brandMentions: number }> }> }>(
      'GET', `/v1/reports/brand/${known.reportId}/prompts?${WINDOW}`, { key: known.team.readKey });
    const items = prompts.body.items;
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(body.summary).toMatchObject({
      runs: sum(items.map(({ runs }) => runs)),
      mentionedRuns: sum(items.map(({ mentionedRuns }) => mentionedRuns)),
      totalSources: sum(items.map(({ citations }) => citations)),
      mentions: sum(items.map(({ brandMentions }) => brandMentions)),
    });
    const details = await Promise.all(items.map(({ id }) =>
      api.call<{ brandRank: Array<{ brand: string; mentions: number }>; domainCategories: Array<{ value: number }> }>(
        'GET', `/v1/reports/brand/${known.reportId}/prompts/${id}?${WINDOW}`, { key: known.team.readKey })));
    const mentionsOf = (brand: string) => sum(details.map(({ body: detail }) => detail.brandRank.find((entry) => entry.brand === brand)?.mentions ?? 0));
    for (const brand of body.allBrandsAnalysis.brandMentions) expect(brand.mentions).toBe(mentionsOf(brand.brand as string));
    expect(body.summary.totalSources).toBe(sum(details.flatMap(({ body: detail }) => detail.domainCategories.map(({ value }) => value))));
    expect(body.summary.totalMentions).toBe(sum(items.flatMap(({ brandMentions, competitors }) => [brandMentions, ...competitors.map((entry) => entry.brandMentions)])));
  });

  test('404 for an unknown report, 403 for a key without its workspace, 400 for a window that ends before it starts', async () => {
    expect((await api.call('GET', `/v1/reports/brand/br_missing/stats?${WINDOW}`, { key: known.team.readKey })).status).toBe(404);
    const otherOnly = await createApiKey(api.context, { teamId: known.team.teamId, permission: 'read', workspaceIds: [known.team.otherWorkspaceId] });
    await api.settle();
    expect((await stats(WINDOW, otherOnly.key)).status).toBe(403);
    expect((await stats('startDate=2026-11-03&endDate=2026-11-01&country=us')).body).toMatchObject({ target: 'query', errors: [expect.objectContaining({ path: 'startDate' })] });
  });
});

describe('/v1/openapi.json for the stats', () => {
  type Schema = { properties?: Record<string, Schema>; items?: Schema; enum?: string[]; required?: string[] };

  test('documents status, both analyses, their five series and the competitor figures', async () => {
    const { body } = await api.call<{ components: { schemas: Record<string, Schema> } }>('GET', '/v1/openapi.json');
    const stats = body.components.schemas.BrandReportStats;
    const series = ['brandRankHistory', 'brandCoverageHistory', 'brandPositionHistory', 'brandVisibilityIndex', 'domainCoverageHistory'];
    expect(stats?.properties?.status?.enum).toEqual(['no_data', 'pending', 'failed', 'finished']);
    expect(stats?.required).toEqual(expect.arrayContaining(['status', 'competitorBrandsAnalysis', 'allBrandsAnalysis', 'detectedBrands']));
    expect(Object.keys(stats?.properties?.allBrandsAnalysis?.properties ?? {})).toEqual(expect.arrayContaining(series));
    expect(Object.keys(stats?.properties?.competitorBrandsAnalysis?.properties ?? {})).toEqual(expect.arrayContaining(['brandMentions', ...series]));
    expect(Object.keys(stats?.properties?.competitorBrandsAnalysis?.properties?.brandMentions?.items?.properties ?? {})).toEqual(expect.arrayContaining([
      'brand', 'domain', 'logoUrl', 'isMainBrand', 'mentions', 'shareOfVoice', 'brandCoverage', 'domainCoverage', 'domainCitations',
      'averageRank', 'averagePosition', 'visibilityScore', 'likelihoodToBuy', 'sentiment',
    ]));
  });
});

describe('GET /v1/reports/brand/{reportId}/prompts', () => {
  const list = (query = '') => api.call<{ items: Array<Record<string, unknown>>; paging: unknown }>(
    'GET', `/v1/reports/brand/${known.reportId}/prompts?${WINDOW}${query}`, { key: known.team.readKey });

  test('lists each prompt of the country with the brand’s and each competitor’s mentions and domain citations', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [
        {
          rank: 1, id: known.bestCrm, country: 'us', prompt: 'Best CRM for small teams?', volume: 880, brandMentions: 3, domainMentions: 2,
          tags: [{ id: known.pricingTag, name: 'Pricing', color: 'gold' }],
          competitors: [{ brand: 'Globex', brandMentions: 2, domainMentions: 1 }, { brand: 'Initech', brandMentions: 1, domainMentions: 0 }],
          runs: 3, mentionedRuns: 3, brandCoverage: 1, brandCoverageInterval: interval(0.438494, 1), citations: 8,
        },
        {
          rank: 3, id: known.cheapestCrm, country: 'us', prompt: 'Cheapest CRM?', volume: 0, brandMentions: 0, domainMentions: 0, tags: [],
          competitors: [{ brand: 'Globex', brandMentions: 2, domainMentions: 1 }, { brand: 'Initech', brandMentions: 1, domainMentions: 0 }],
          runs: 2, mentionedRuns: 0, brandCoverage: 0, brandCoverageInterval: interval(0, 0.657628), citations: 3,
        },
      ],
      paging: { limit: 25, offset: 0, hasMore: false, totalCount: 2 },
    });
  });

  test('searches, sorts every way and pages', async () => {
    const ids = async (query: string) => (await list(query)).body.items.map(({ id }) => id);
    expect(await ids('&search=CHEAP')).toEqual([known.cheapestCrm]);
    expect(await ids('&sortBy=rank&sortOrder=asc')).toEqual([known.bestCrm, known.cheapestCrm]);
    expect(await ids('&sortBy=rank')).toEqual([known.cheapestCrm, known.bestCrm]);
    expect(await ids('&sortBy=prompt&sortOrder=asc')).toEqual([known.bestCrm, known.cheapestCrm]);
    expect(await ids('&sortBy=volume&sortOrder=asc')).toEqual([known.cheapestCrm, known.bestCrm]);
    expect(await ids('&sortBy=domainMentions')).toEqual([known.bestCrm, known.cheapestCrm]);
    expect(await ids(`&tagId=${known.pricingTag}`)).toEqual([known.bestCrm]);
    expect((await list('&limit=1&offset=1')).body).toMatchObject({ items: [{ id: known.cheapestCrm }], paging: { limit: 1, offset: 1, hasMore: false, totalCount: 2 } });
    expect((await list('&sortBy=popularity')).body).toMatchObject({ errors: [expect.objectContaining({ path: 'sortBy', code: 'invalid_value' })] });
  });

  test.each([
    ['three whole weeks', 'startDate=2026-10-26&endDate=2026-11-15&country=us', 5],
    ['a whole week with days around it', 'startDate=2026-10-31&endDate=2026-11-10&country=us', 5],
    ['a whole week on two engines', 'startDate=2026-10-31&endDate=2026-11-10&country=us&engines=chatgpt&engines=copilot', 4],
  ])('over %s, each item agrees with the prompt detail of the same window', async (_name, window, bestCrmRuns) => {
    const { body } = await api.call<{ items: Array<{ id: string; brandMentions: number; runs: number; citations: number; competitors: Array<{ brand: string; brandMentions: number }> }> }>(
      'GET', `/v1/reports/brand/${known.reportId}/prompts?${window}`, { key: known.team.readKey });
    expect(body.items.length).toBe(2);
    for (const item of body.items) {
      const detail = await api.call<{ brandRank: Array<{ brand: string; mentions: number }>; domainCategories: Array<{ value: number }> }>(
        'GET', `/v1/reports/brand/${known.reportId}/prompts/${item.id}?${window}`, { key: known.team.readKey });
      const mentions = Object.fromEntries(detail.body.brandRank.map(({ brand, mentions: count }) => [brand, count]));
      expect({ Acme: item.brandMentions, ...Object.fromEntries(item.competitors.map(({ brand, brandMentions }) => [brand, brandMentions])) }).toEqual(mentions);
      expect(item.citations).toBe(detail.body.domainCategories.reduce((sum, { value }) => sum + value, 0));
    }
    expect(body.items.find(({ id }) => id === known.bestCrm)?.runs).toBe(bestCrmRuns);
  });

  test('a prompt without runs in the window has no rank and sorts last', async () => {
    const { body } = await api.call<{ items: Array<{ id: string; rank: number | null; runs: number }> }>(
      'GET', `/v1/reports/brand/${known.reportId}/prompts?startDate=2026-11-10&endDate=2026-11-10&country=us&sortBy=rank&sortOrder=asc`, { key: known.team.readKey });
    expect(body.items.map(({ id, rank, runs }) => ({ id, rank, runs }))).toEqual([
      { id: known.bestCrm, rank: 1, runs: 1 },
      { id: known.cheapestCrm, rank: null, runs: 0 },
    ]);
  });
});
