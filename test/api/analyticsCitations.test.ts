import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ENGINES } from '../../src/domain/shared/engines.js';
import { seedKnownAnswers, WINDOW, type KnownAnswers } from './support/knownAnswers.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let known: KnownAnswers;

beforeAll(async () => {
  api = await startTestApi();
  known = await seedKnownAnswers(api);
}, 60_000);

afterAll(async () => api.close());

const near = (value: number) => expect.closeTo(value, 9);

interface CitedUrl {
  url: string;
  prompts: Array<{ id: string; brandMentioned: number; engines: string[] }>;
  [field: string]: unknown;
}

const citations = (query = '') =>
  api.call<{ items: CitedUrl[]; paging: unknown }>('GET', `/v1/reports/brand/${known.reportId}/citations?${WINDOW}${query}`, { key: known.team.readKey });
const urls = async (query: string) => (await citations(query)).body.items.map(({ url }) => url);

const ONE_CITATION_BY_URL = [
  'https://copper.com',
  'https://en.wikipedia.org/wiki/CRM',
  'https://globex.com',
  'https://globex.com/pricing',
  'https://www.nytimes.com/2026/crm.html',
  'https://www.reddit.com/r/crm',
  'https://www.youtube.com/watch?v=1',
];

describe('GET /v1/reports/brand/{reportId}/citations', () => {
  test('one item per normalized URL, most cited first, with its prompts, mentions, competitors and category', async () => {
    const { status, body } = await citations();
    expect(status).toBe(200);
    expect(body.paging).toEqual({ limit: 25, offset: 0, hasMore: false, totalCount: 9 });
    expect(body).toMatchObject({ totalCitations: 11 });
    expect(body.items.map(({ url }) => url)).toEqual(['https://acme.com/pricing', 'https://www.g2.com/crm', ...ONE_CITATION_BY_URL]);
    expect(body.items[0]).toEqual({
      url: 'https://acme.com/pricing',
      domain: 'acme.com',
      title: 'Acme pricing 2026',
      citations: 2,
      prompts: [{ id: known.bestCrm, brandMentioned: 2, engines: ['chatgpt'] }],
      isMyBrandDomain: true,
      competitors: [{ brand: 'Globex' }, { brand: 'Initech' }],
      brandMentioned: 2,
      domainCategory: 'Brand',
      share: near(2 / 11),
    });
    expect(body.items[1]).toEqual({
      url: 'https://www.g2.com/crm',
      domain: 'g2.com',
      title: 'G2 CRM reviews',
      citations: 2,
      prompts: [{ id: known.cheapestCrm, brandMentioned: 0, engines: ['gemini', 'perplexity'] }],
      isMyBrandDomain: false,
      competitors: [{ brand: 'Globex' }, { brand: 'Initech' }],
      brandMentioned: 0,
      domainCategory: 'Others',
      share: near(2 / 11),
    });
    expect(body.items.find(({ url }) => url === 'https://copper.com')).toMatchObject({ domainCategory: 'Unclassified', competitors: [{ brand: 'Globex' }], brandMentioned: 1 });
  });

  test.each([
    ['domains', '&domains=g2.com', ['https://www.g2.com/crm']],
    ['domains written with www.', '&domains=www.g2.com&domains=copper.com', ['https://www.g2.com/crm', 'https://copper.com']],
    ['domain categories', '&domainCategories=Competitor&domainCategories=Video', ['https://globex.com', 'https://globex.com/pricing', 'https://www.youtube.com/watch?v=1']],
    ['brandMentioned=false', '&brandMentioned=false', ['https://www.g2.com/crm', 'https://globex.com/pricing']],
    ['brandMentioned=true', '&brandMentioned=true', ['https://acme.com/pricing', ...ONE_CITATION_BY_URL.filter((url) => url !== 'https://globex.com/pricing')]],
    ['competitors', '&competitors=initech', ['https://acme.com/pricing', 'https://www.g2.com/crm', 'https://globex.com/pricing', 'https://www.nytimes.com/2026/crm.html']],
    ['a search of the URL', '&search=GLOBEX', ['https://globex.com', 'https://globex.com/pricing']],
    ['a tag', `&tagId=\${tag}`, ['https://acme.com/pricing', 'https://copper.com', 'https://en.wikipedia.org/wiki/CRM', 'https://globex.com', 'https://www.nytimes.com/2026/crm.html', 'https://www.reddit.com/r/crm', 'https://www.youtube.com/watch?v=1']],
    ['engines', '&engines=perplexity', ['https://globex.com', 'https://www.g2.com/crm', 'https://www.youtube.com/watch?v=1']],
  ])('filters by %s', async (_name, query, expected) => {
    expect(await urls(query.replace('${tag}', known.pricingTag))).toEqual(expected);
  });

  test.each([
    ['url', 'asc', ['https://acme.com/pricing', ...ONE_CITATION_BY_URL.slice(0, 4), 'https://www.g2.com/crm', ...ONE_CITATION_BY_URL.slice(4)]],
    ['domain', 'asc', ['https://acme.com/pricing', 'https://copper.com', 'https://en.wikipedia.org/wiki/CRM', 'https://www.g2.com/crm', 'https://globex.com', 'https://globex.com/pricing', 'https://www.nytimes.com/2026/crm.html', 'https://www.reddit.com/r/crm', 'https://www.youtube.com/watch?v=1']],
    ['brandMentioned', 'desc', ['https://acme.com/pricing', ...ONE_CITATION_BY_URL.filter((url) => url !== 'https://globex.com/pricing'), 'https://globex.com/pricing', 'https://www.g2.com/crm']],
    ['citations', 'asc', [...ONE_CITATION_BY_URL, 'https://acme.com/pricing', 'https://www.g2.com/crm']],
  ])('sorts by %s %s, ties by URL', async (sortBy, sortOrder, expected) => {
    expect(await urls(`&sortBy=${sortBy}&sortOrder=${sortOrder}`)).toEqual(expected);
  });

  test('pages with limit and offset', async () => {
    const { body } = await citations('&limit=2&offset=2');
    expect(body.items.map(({ url }) => url)).toEqual(['https://copper.com', 'https://en.wikipedia.org/wiki/CRM']);
    expect(body.paging).toEqual({ limit: 2, offset: 2, hasMore: true, totalCount: 9 });
  });

  test('the per-prompt path (any engine filter) and the report-level aggregates give the same list', async () => {
    const allEngines = ENGINES.map((engine) => `&engines=${engine}`).join('');
    expect((await citations(allEngines)).body).toEqual((await citations()).body);
  });

  test.each([
    ['three whole weeks', 'startDate=2026-10-26&endDate=2026-11-15&country=us'],
    ['a whole week with days before and after it', 'startDate=2026-10-31&endDate=2026-11-10&country=us'],
    ['days inside one week', 'startDate=2026-11-03&endDate=2026-11-12&country=us'],
  ])('over %s, the weekly aggregates give what the prompt days give', async (_name, window) => {
    const get = (query: string) => api.call('GET', `/v1/reports/brand/${known.reportId}/citations?${window}${query}`, { key: known.team.readKey });
    const allEngines = ENGINES.map((engine) => `&engines=${engine}`).join('');
    const fromAggregates = await get('');
    expect(fromAggregates.status).toBe(200);
    expect(fromAggregates.body).toEqual((await get(allEngines)).body);
  });

  test('a window of whole weeks counts every citation once', async () => {
    const { body } = await api.call<{ items: CitedUrl[] }>(
      'GET', `/v1/reports/brand/${known.reportId}/citations?startDate=2026-10-26&endDate=2026-11-15&country=us&limit=100`, { key: known.team.readKey });
    const acme = body.items.find(({ url }) => url === 'https://acme.com/pricing');
    expect(acme).toMatchObject({ citations: 3, title: 'Acme pricing 2026', brandMentioned: 3, prompts: [{ id: known.bestCrm, brandMentioned: 3, engines: ['chatgpt'] }] });
    expect(body.items.reduce((sum, { citations: count }) => sum + (count as number), 0)).toBe(13);
  });

  test('an engine filter counts only that engine’s runs in the prompts of a URL', async () => {
    const { body } = await citations('&engines=perplexity&domains=g2.com');
    expect(body.items).toEqual([expect.objectContaining({ citations: 1, prompts: [{ id: known.cheapestCrm, brandMentioned: 0, engines: ['perplexity'] }] })]);
  });
});

describe('GET /v1/reports/brand/{reportId}/citations/stats', () => {
  test('ranks domains and URLs, shares the brand’s and each competitor’s citations, counts every category', async () => {
    const { status, body } = await api.call('GET', `/v1/reports/brand/${known.reportId}/citations/stats?${WINDOW}`, { key: known.team.readKey });
    expect(status).toBe(200);
    const domain = (name: string, rank: number, count: number, main = false) => ({
      domain: name, rank, citations: count, logoUrl: `https://${name}/favicon.ico`, citationShare: near(count / 11), main,
    });
    const url = (link: string, rank: number, count: number, logoDomain: string) => ({
      url: link, rank, currentCitations: count, logoUrl: `https://${logoDomain}/favicon.ico`, citationShare: near(count / 11),
    });
    expect(body).toEqual({
      domainRank: {
        citations: [
          domain('acme.com', 1, 2, true), domain('g2.com', 2, 2), domain('globex.com', 3, 2), domain('copper.com', 4, 1),
          domain('en.wikipedia.org', 5, 1), domain('nytimes.com', 6, 1), domain('reddit.com', 7, 1), domain('youtube.com', 8, 1),
        ],
      },
      domainCitations: {
        current: 2, total: 11, citationShare: near(2 / 11),
        mostCitedUrls: [{ url: 'https://acme.com/pricing', rank: 1, currentCitations: 2, citationShare: near(2 / 11) }],
      },
      citations: [
        url('https://acme.com/pricing', 1, 2, 'acme.com'), url('https://www.g2.com/crm', 2, 2, 'g2.com'), url('https://copper.com', 3, 1, 'copper.com'),
        url('https://en.wikipedia.org/wiki/CRM', 4, 1, 'en.wikipedia.org'), url('https://globex.com', 5, 1, 'globex.com'),
        url('https://globex.com/pricing', 6, 1, 'globex.com'), url('https://www.nytimes.com/2026/crm.html', 7, 1, 'nytimes.com'),
        url('https://www.reddit.com/r/crm', 8, 1, 'reddit.com'), url('https://www.youtube.com/watch?v=1', 9, 1, 'youtube.com'),
      ],
      competitors: [
        { brandDomain: 'globex.com', domainCitations: { current: 2, total: 11, citationShare: near(2 / 11) } },
        { brandDomain: 'initech.com', domainCitations: { current: 0, total: 11, citationShare: 0 } },
      ],
      categories: [
        ['Brand', 2], ['Competitor', 2], ['Social Media', 0], ['Community/Forum', 1], ['Encyclopedia', 1], ['News/Media', 1],
        ['Blogs/Personal Sites', 0], ['Government/NGO', 0], ['Education', 0], ['Video', 1], ['Others', 2], ['Unclassified', 1],
      ].map(([category, count]) => ({ category, citations: count, share: near((count as number) / 11) })),
    });
  });

  test('an engine filter and a tag narrow the counts', async () => {
    const stats = async (query: string) =>
      (await api.call<{ domainCitations: { current: number; total: number } }>('GET', `/v1/reports/brand/${known.reportId}/citations/stats?${WINDOW}${query}`, { key: known.team.readKey })).body;
    expect((await stats('&engines=chatgpt')).domainCitations).toMatchObject({ current: 2, total: 6 });
    expect((await stats('&engines=perplexity')).domainCitations).toMatchObject({ current: 0, total: 3 });
    expect((await stats(`&tagId=${known.pricingTag}`)).domainCitations).toMatchObject({ current: 2, total: 8 });
  });
});

describe('GET /v1/reports/brand/{reportId}/citations/history', () => {
  const history = (url: string, query = WINDOW) =>
    api.call<Record<string, unknown>>('GET', `/v1/reports/brand/${known.reportId}/citations/history?url=${encodeURIComponent(url)}&${query}`, { key: known.team.readKey });
  const engines = (counts: Record<string, number>) => Object.fromEntries(ENGINES.map((engine) => [engine, counts[engine] ?? 0]));

  test('every day of the window by engine, against the same number of days before it', async () => {
    const { status, body } = await history('https://ACME.com/pricing/');
    expect(status).toBe(200);
    expect(body).toEqual({
      url: 'https://acme.com/pricing',
      totalPeriodCitations: 2,
      totalCitationsPreviousPeriod: 1,
      percentageChange: 100,
      citationsHistory: [
        { date: '2026-11-01', totalCitations: 1, citationsByEngine: engines({ chatgpt: 1 }) },
        { date: '2026-11-02', totalCitations: 1, citationsByEngine: engines({ chatgpt: 1 }) },
      ],
    });
  });

  test('percentageChange is null when the previous period had no citations; days without any are zeros', async () => {
    const { body } = await history('https://www.g2.com/crm', 'startDate=2026-11-01&endDate=2026-11-03&country=us');
    expect(body).toEqual({
      url: 'https://www.g2.com/crm',
      totalPeriodCitations: 2,
      totalCitationsPreviousPeriod: 0,
      percentageChange: null,
      citationsHistory: [
        { date: '2026-11-01', totalCitations: 1, citationsByEngine: engines({ perplexity: 1 }) },
        { date: '2026-11-02', totalCitations: 1, citationsByEngine: engines({ gemini: 1 }) },
        { date: '2026-11-03', totalCitations: 0, citationsByEngine: engines({}) },
      ],
    });
  });

  test('a drop is negative; engine and tag filters narrow the series to their runs', async () => {
    const drop = await history('https://acme.com/pricing', 'startDate=2026-11-03&endDate=2026-11-04&country=us');
    expect(drop.body).toMatchObject({ totalPeriodCitations: 0, totalCitationsPreviousPeriod: 2, percentageChange: -100 });
    const gemini = await history('https://www.g2.com/crm', `${WINDOW}&engines=gemini`);
    expect(gemini.body).toMatchObject({ totalPeriodCitations: 1, citationsHistory: [{ citationsByEngine: { gemini: 0 } }, { citationsByEngine: { gemini: 1 } }] });
    const tagged = await history('https://www.g2.com/crm', `${WINDOW}&tagId=${known.pricingTag}`);
    expect(tagged.body).toMatchObject({ totalPeriodCitations: 0 });
  });

  test('400 without a URL or with one that is not http(s)', async () => {
    expect((await api.call('GET', `/v1/reports/brand/${known.reportId}/citations/history?${WINDOW}`, { key: known.team.readKey })).body).toMatchObject({
      errors: [expect.objectContaining({ path: 'url' })],
    });
    expect((await history('ftp://x')).body).toMatchObject({ errors: [expect.objectContaining({ path: 'url' })] });
  });
});
