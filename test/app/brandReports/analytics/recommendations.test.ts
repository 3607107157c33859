import { describe, expect, test } from '@jest/globals';
import { recommendationCursorSchema, recommendationPage } from '../../../../src/app/brandReports/analytics/recommendations/cursor.js';
import { rankRecommendations, recommend, type CrawlabilityEvidence, type RankedRecommendation, type RecommendationInput } from '../../../../src/app/brandReports/analytics/recommendations/recommend.js';
import type { EvidenceCitation, EvidenceRun } from '../../../../src/domain/analysis/index.js';
import type { Recommendation } from '../../../../src/app/brandReports/analytics/recommendations/schema.js';
import { promptTotalsOf } from './support/evidence.js';

type RunFacts = EvidenceRun;

const cite = (url: string, owner: number | null = null): EvidenceCitation => ({
  url,
  domain: new URL(url).hostname,
  title: url,
  category: owner === 0 ? 'Brand' : owner === null ? 'Others' : 'Competitor',
  owner,
});

function run(runId: string, promptId: string, mentions: number[], citations: EvidenceCitation[] = [], negativeSentences: string[] = []): RunFacts {
  return {
    runId,
    promptId,
    engine: 'chatgpt',
    runDate: `2026-11-0${runId.slice(1)}T08:00:00.000Z`,
    mentions,
    citations,
    negativeSentences,
    sentences: { positive: 0, neutral: mentions[0] ? 1 : 0, negative: negativeSentences.length },
  };
}

const input = (runs: RunFacts[], crawlability?: CrawlabilityEvidence[]): RecommendationInput => ({
  runs,
  promptTotals: promptTotalsOf(runs),
  windowRuns: runs.length,
  prompts: new Map([['p1', 'Best CRM?'], ['p2', 'Cheapest CRM?']]),
  brands: [{ brand: 'Acme', brandDomain: 'acme.com' }, { brand: 'Globex', brandDomain: 'globex.com' }],
  country: 'us',
  engine: null,
  crawlability,
});

const types = (recommendations: Recommendation[]) => recommendations.map(({ type, priority, score }) => [type, priority, score]);

describe('recommend', () => {
  test.each([
    ['no runs', [], []],
    ['the brand everywhere, its site cited', [run('r1', 'p1', [1, 1], [cite('https://acme.com/', 0)])], []],
    ['a competitor alone in 1 of 4 runs: a content gap of priority 3', [
      run('r1', 'p1', [0, 2]), run('r2', 'p1', [1, 0], [cite('https://acme.com/', 0)]), run('r3', 'p1', [1, 1], [cite('https://acme.com/', 0)]), run('r4', 'p1', [0, 0]),
    ], [['content_gap', 3, 1]]],
    ['a third-party page cited where only the competitor is named', [run('r1', 'p1', [0, 1], [cite('https://g2.com/crm'), cite('https://acme.com/', 0)])], [
      ['content_gap', 10, 1], ['content_partnership_opportunities', 10, 0.6],
    ]],
    ['the competitor’s site cited, never the brand’s', [run('r1', 'p1', [1, 1], [cite('https://globex.com/', 1)]), run('r2', 'p1', [1, 0])], [['own_site_citations', 5, 0.8]]],
    ['two negative sentences of three about the brand', [run('r1', 'p2', [2, 0], [cite('https://acme.com/', 0)], ['Acme is slow.', 'Acme is pricey.'])], [['sentiment_risk', 7, 3]]],
  ])('%s', (_case, runs, expected) => {
    expect(types(recommend(input(runs)))).toEqual(expected);
  });

  const check = (robots: Record<string, boolean>, server: Record<string, boolean>): CrawlabilityEvidence => ({
    checkId: 'chk_1',
    domain: 'acme.com',
    url: 'https://acme.com/',
    completedDate: '2026-11-10T00:00:00.000Z',
    robotsTxtAnalysis: robots,
    serverBotAccess: Object.fromEntries(Object.entries(server).map(([crawler, ok]) => [crawler, { status: ok ? 200 : 403, ok }])),
  });

  test('crawler_access needs a crawlability result: without one there is none', () => {
    expect(recommend(input([run('r1', 'p1', [1, 0], [cite('https://acme.com/', 0)])])).filter(({ type }) => type === 'crawler_access')).toEqual([]);
  });

  test('crawler_access names the crawlers refused by robots.txt or by the server, from the newest check', () => {
    const [access] = recommend(input([run('r1', 'p1', [1, 0], [cite('https://acme.com/', 0)])], [check({ GPTBot: false, ClaudeBot: true }, { PerplexityBot: false, GPTBot: true })]));
    expect(access).toMatchObject({
      type: 'crawler_access',
      group: 'technical',
      data: { domain: 'acme.com', checkId: 'chk_1', blockedCrawlers: ['GPTBot', 'PerplexityBot'] },
    });
    expect(recommend(input([], [check({ GPTBot: true }, { GPTBot: true })]))).toEqual([]);
  });

  const on = (engine: string, facts: RunFacts): RunFacts => ({ ...facts, engine });

  test('engine: the engine of most of the evidence, ties broken in the API’s engine order', () => {
    const runs = [
      on('gemini', run('r1', 'p1', [0, 1], [cite('https://g2.com/crm')])),
      on('perplexity', run('r2', 'p1', [0, 1], [cite('https://g2.com/crm')])),
      on('gemini', run('r3', 'p1', [0, 1])),
      on('claude', run('r4', 'p2', [0, 1], [cite('https://g2.com/crm')])),
      on('google', run('r5', 'p2', [0, 1])),
    ];
    const engines = recommend(input(runs)).map(({ type, engine, data }) => [type, 'promptId' in data ? data.promptId : data.url, engine]);
    expect(engines).toEqual(expect.arrayContaining([
      ['content_gap', 'p1', 'gemini'],
      ['content_gap', 'p2', 'google'],
      ['content_partnership_opportunities', 'https://g2.com/crm', 'perplexity'],
    ]));
  });

  test('engine: the engine of the quoted sentences for a sentiment risk', () => {
    const runs = [on('copilot', run('r1', 'p1', [1, 0], [cite('https://acme.com/', 0)], ['Acme is slow.', 'Acme is pricey.'])), on('chatgpt', run('r2', 'p1', [1, 0], [], ['Acme is dated.']))];
    expect(recommend(input(runs)).map(({ type, engine }) => [type, engine])).toEqual([['sentiment_risk', 'copilot']]);
  });

  test('engine: null only where no run is evidence (crawler access over every engine); status is the state', () => {
    const recommendations = recommend(input([run('r1', 'p1', [0, 1])], [check({ GPTBot: false }, {})]));
    expect(recommendations.map(({ type, engine, state, status }) => [type, engine, state, status]).sort()).toEqual([
      ['content_gap', 'chatgpt', 'suggested', 'suggested'],
      ['crawler_access', null, 'suggested', 'suggested'],
    ]);
  });

  test('the ranked order places each recommendation where it lands once built', () => {
    const runs = [
      run('r1', 'p1', [0, 1], [cite('https://g2.com/crm'), cite('https://capterra.com/crm')]),
      run('r2', 'p2', [0, 2], [cite('https://g2.com/crm')]),
      run('r3', 'p2', [1, 0], [cite('https://rival.com/a', 1)]),
    ];
    const ranking = rankRecommendations(input(runs));
    expect(ranking.length).toBeGreaterThan(3);
    expect(ranking.map((item) => { const { priority, score, id } = item.build(); return { priority, score, id }; })).toEqual(ranking.map(({ priority, score, id }) => ({ priority, score, id })));
  });

  test('the same evidence gives the same ids; another country other ids', () => {
    const runs = [run('r1', 'p1', [0, 1], [cite('https://g2.com/crm')])];
    const ids = recommend(input(runs)).map(({ id }) => id);
    expect(recommend(input(runs)).map(({ id }) => id)).toEqual(ids);
    expect(recommend({ ...input(runs), country: 'uk' }).map(({ id }) => id)).not.toEqual(ids);
  });
});

describe('recommendation pages', () => {
  const item = (index: number, priority: number): Recommendation => ({
    id: `rec_${String(index).padStart(3, '0')}`,
    engine: null,
    type: 'content_gap',
    group: 'on_page',
    priority,
    score: index,
    state: 'suggested',
    status: 'suggested',
    data: { promptId: 'p', prompt: '', country: 'us', runs: 1, gapRuns: 1, mentionedCompetitors: [], runIds: [] },
    copy: { title: '', headline: '', reasoning: '', suggestions: [] },
  });
  const built: string[] = [];
  const rankedOf = (recommendation: Recommendation): RankedRecommendation => ({
    priority: recommendation.priority,
    score: recommendation.score,
    id: recommendation.id,
    build: () => {
      built.push(recommendation.id);
      return recommendation;
    },
  });
  const recommendations = Array.from({ length: 30 }, (_, index) => item(index, 10 - Math.floor(index / 5))).sort((left, right) => right.priority - left.priority || right.score - left.score);
  const ordered = recommendations.map(rankedOf);

  test('pages of 25, the cursor leading to the rest', () => {
    const first = recommendationPage(ordered, undefined);
    expect(first.items).toHaveLength(25);
    expect(first.paging.hasMore).toBe(true);
    const cursor = recommendationCursorSchema.parse(first.paging.nextCursor);
    const second = recommendationPage(ordered, cursor);
    expect(second).toEqual({ items: recommendations.slice(25), paging: { nextCursor: null, hasMore: false } });
  });

  test('a page builds its own items and no others', () => {
    built.length = 0;
    const first = recommendationPage(ordered, undefined);
    expect(built).toEqual(first.items.map(({ id }) => id));
    expect(built).toHaveLength(25);
  });

  test('an item added before the cursor’s place neither repeats nor hides the next page', () => {
    const cursor = recommendationCursorSchema.parse(recommendationPage(ordered, undefined).paging.nextCursor);
    const withNewcomer = [rankedOf(item(99, 10)), ...ordered];
    expect(recommendationPage(withNewcomer, cursor).items).toEqual(recommendations.slice(25));
  });

  test('a cursor that is not one of this list’s is refused', () => {
    expect(recommendationCursorSchema.safeParse('nope').success).toBe(false);
    expect(recommendationCursorSchema.safeParse(Buffer.from(JSON.stringify({ list: 'brandReports', createdDate: 'x', id: 'y' })).toString('base64url')).success).toBe(false);
  });
});
