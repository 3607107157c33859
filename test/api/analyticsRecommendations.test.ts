import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { seedKnownAnswers, type KnownAnswers } from './support/knownAnswers.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let known: KnownAnswers;

beforeAll(async () => {
  api = await startTestApi();
  known = await seedKnownAnswers(api);
}, 60_000);

afterAll(async () => api.close());

interface Recommendation {
  id: string;
  type: string;
  group: string;
  engine: string | null;
  priority: number;
  score: number;
  state: string;
  status: string;
  data: Record<string, unknown>;
  copy: { title: string; headline: string; reasoning: string; suggestions: string[] };
}

const recommendations = (query: string) =>
  api.call<{ items: Recommendation[]; paging: unknown }>('GET', `/v1/reports/brand/${known.reportId}/recommendations?${query}`, { key: known.team.readKey });

describe('GET /v1/reports/brand/{reportId}/recommendations', () => {
  test('most urgent first, each naming the prompts, URLs, runs and sentences it rests on', async () => {
    const { status, body } = await recommendations('country=us');
    expect(status).toBe(200);
    expect(body.paging).toEqual({ nextCursor: null, hasMore: false });
    // engine: most of the evidence; r5 (perplexity) and r6 (gemini) tie, broken in the API's engine order.
    expect(body.items.map(({ type, group, priority, score, engine, state, status: itemStatus }) => ({ type, group, priority, score, engine, state, status: itemStatus }))).toEqual([
      { type: 'content_gap', group: 'on_page', priority: 10, score: 2, engine: 'perplexity', state: 'suggested', status: 'suggested' },
      { type: 'content_partnership_opportunities', group: 'off_page', priority: 10, score: expect.closeTo(1.2, 9), engine: 'perplexity', state: 'suggested', status: 'suggested' },
      { type: 'own_site_citations', group: 'on_page', priority: 5, score: 0.8, engine: 'gemini', state: 'suggested', status: 'suggested' },
      { type: 'sentiment_risk', group: 'reputation', priority: 3, score: 1.5, engine: 'perplexity', state: 'suggested', status: 'suggested' },
    ]);
    const [gap, partnership, ownSite, sentiment] = body.items.map(({ data }) => data);
    expect(gap).toEqual({
      promptId: known.cheapestCrm, prompt: 'Cheapest CRM?', country: 'us', runs: 2, gapRuns: 2,
      mentionedCompetitors: [{ brand: 'Globex', runs: 2 }, { brand: 'Initech', runs: 1 }], runIds: ['r5', 'r6'],
    });
    expect(partnership).toEqual({
      url: 'https://www.g2.com/crm', title: 'G2 CRM reviews', domain: 'g2.com', domainCategory: 'Others', mentionedCompetitors: ['Globex', 'Initech'],
      citations: 2, prompts: [{ promptId: known.cheapestCrm, prompt: 'Cheapest CRM?' }], country: 'us', runIds: ['r5', 'r6'],
    });
    expect(ownSite).toEqual({
      promptId: known.cheapestCrm, prompt: 'Cheapest CRM?', country: 'us', runs: 2,
      competitorDomains: [{ brand: 'Globex', domain: 'globex.com', citations: 1 }], urls: ['https://globex.com/pricing'], runIds: ['r6'],
    });
    expect(sentiment).toEqual({
      promptId: known.bestCrm, prompt: 'Best CRM for small teams?', country: 'us',
      sentences: { positive: 3, neutral: 0, negative: 1 },
      negativeSentences: [{ runId: 'r2', engine: 'perplexity', runDate: '2026-11-01T09:00:00.000Z', sentence: 'Acme is terrible at onboarding.' }],
    });
    for (const { copy } of body.items) {
      expect(copy).toEqual({ title: expect.any(String), headline: expect.any(String), reasoning: expect.any(String), suggestions: expect.arrayContaining([expect.any(String)]) });
    }
    expect(body.items[0]?.copy.headline).toBe('2 of 2 answers name Globex, Initech but not Acme.');
  });

  test('the evidence is checkable: each run id it names is a run of the prompt it names, and says what it claims', async () => {
    const { body } = await recommendations('country=us');
    const gap = body.items.find(({ type }) => type === 'content_gap');
    const runs = await api.call<{ items: Array<{ runId: string; brandMentions: Array<{ brand: string }> }> }>(
      'GET', `/v1/reports/brand/${known.reportId}/prompts/${known.cheapestCrm}/ai-responses?startDate=2026-10-17&endDate=2026-11-15&country=us`, { key: known.team.readKey });
    for (const runId of gap?.data.runIds as string[]) {
      const run = runs.body.items.find((item) => item.runId === runId);
      expect(run?.brandMentions.map(({ brand }) => brand)).not.toContain('Acme');
      expect(run?.brandMentions.length).toBeGreaterThan(0);
    }
  });

  test('one engine: only its runs (the brand’s site is not cited on it for the first prompt), named in each; ids stay stable', async () => {
    const { body } = await recommendations('country=us&engine=perplexity');
    expect(body.items.map(({ type, priority, score, engine }) => ({ type, priority, score, engine }))).toEqual([
      { type: 'sentiment_risk', priority: 10, score: 1.5, engine: 'perplexity' },
      { type: 'content_gap', priority: 10, score: 1, engine: 'perplexity' },
      { type: 'own_site_citations', priority: 10, score: 0.8, engine: 'perplexity' },
      { type: 'content_partnership_opportunities', priority: 10, score: 0.6, engine: 'perplexity' },
    ]);
    expect(body.items.find(({ type }) => type === 'own_site_citations')?.data).toMatchObject({ promptId: known.bestCrm, runIds: ['r2'], urls: ['https://globex.com'] });
    expect(body.items.find(({ type }) => type === 'content_gap')?.data).toMatchObject({ runIds: ['r5'] });
    expect((await recommendations('country=us&engine=perplexity')).body.items.map(({ id }) => id)).toEqual(body.items.map(({ id }) => id));
  });

  test('a country without evidence has none; a tag narrows to its prompts', async () => {
    expect((await recommendations('country=uk')).body.items).toEqual([]);
    const tagged = await recommendations(`country=us&tagId=${known.pricingTag}`);
    expect(tagged.body.items.map(({ type }) => type)).toEqual(['sentiment_risk']);
  });

  test('400 for a malformed cursor and for a missing country', async () => {
    expect((await recommendations('country=us&cursor=nope')).body).toMatchObject({ target: 'query', errors: [expect.objectContaining({ path: 'cursor' })] });
    expect((await recommendations('engine=chatgpt')).body).toMatchObject({ errors: [expect.objectContaining({ path: 'country' })] });
  });
});

test('/v1/openapi.json documents status beside state and a nullable engine on every recommendation type', async () => {
  type Schema = { properties?: Record<string, Schema>; oneOf?: Schema[]; anyOf?: Schema[]; required?: string[] };
  const { body } = await api.call<{ components: { schemas: Record<string, Schema> } }>('GET', '/v1/openapi.json');
  const types = body.components.schemas.Recommendation?.oneOf ?? body.components.schemas.Recommendation?.anyOf ?? [];
  expect(types).toHaveLength(5);
  for (const type of types) {
    expect(type.required).toEqual(expect.arrayContaining(['engine', 'state', 'status']));
    expect(type.properties?.status).toMatchObject({ const: 'suggested' });
  }
});

describe('POST /v1/competitors/suggestions', () => {
  const suggest = (body: unknown) => api.call<{ items: Array<Record<string, unknown>> }>('POST', '/v1/competitors/suggestions', { key: known.team.readKey, body });

  test('names the answers put forward that are not tracked, most runs first, with a cited domain when one matches', async () => {
    const { status, body } = await suggest({ reportId: known.reportId });
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [
        { brand: 'Freshsales', brandVariations: [], brandDomain: 'freshsales.io', brandDomainVariations: [], brandDomainWildcard: false, brandRegex: null },
        { brand: 'Copper', brandVariations: [], brandDomain: 'copper.com', brandDomainVariations: [], brandDomainWildcard: false, brandRegex: null },
      ],
    });
  });

  test('limit caps the list; limit and unknown fields are validated', async () => {
    expect((await suggest({ reportId: known.reportId, limit: 1 })).body.items.map(({ brand }) => brand)).toEqual(['Freshsales']);
    expect((await suggest({ reportId: known.reportId, limit: 51 })).body).toMatchObject({ target: 'body', errors: [expect.objectContaining({ path: 'limit', code: 'too_big' })] });
    expect((await suggest({ reportId: known.reportId, country: 'us' })).body).toMatchObject({ errors: [expect.objectContaining({ code: 'unrecognized_keys' })] });
    expect((await suggest({ reportId: 'br_missing' })).status).toBe(404);
  });

  test('a name becomes a competitor and is no longer suggested', async () => {
    const patched = await api.call('PATCH', `/v1/reports/brand/${known.reportId}`, {
      key: known.team.writeKey,
      body: { competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }, { brand: 'Initech', brandDomain: 'initech.com' }, { brand: 'Freshsales', brandDomain: 'freshsales.io' }] },
    });
    expect(patched.status).toBe(200);
    await api.rebuild();
    expect((await suggest({ reportId: known.reportId })).body.items.map(({ brand }) => brand)).toEqual(['Copper']);
  });
});
