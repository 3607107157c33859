import { describe, expect, test } from '@jest/globals';
import { compileDetection } from '../../../src/domain/analysis/index.js';
import type { DetectionSettings } from '../../../src/domain/brandReport/events.js';
import type { RunCompleted } from '../../../src/domain/run/events.js';
import { addCompactTotals, decodeName, decodePromptTotals, emptyCompactTotals } from '../../../src/projections/reportHistory/compactRows.js';
import { addPackedPrompts, decodeReportUrl, packPrompts, type UrlPromptTotals } from '../../../src/projections/reportHistory/compactUrlRows.js';
import { addRunsToHistory, emptyHistoryBatch, type HistoryBatch } from '../../../src/projections/reportHistory/historyBatch.js';
import { promptTotalsDocument } from '../../../src/projections/reportHistory/promptTotals.js';
import { citationsDocument } from '../../../src/projections/reportHistory/reportDocuments.js';
import { coveringSpans, weekStart } from '../../../src/projections/reportHistory/spans.js';

const identity = (brand: string, brandDomain: string) => ({
  brand, brandVariations: [], brandDomain, brandDomainVariations: [], brandDomainWildcard: false, brandRegex: null,
});
const settings: DetectionSettings = { ...identity('Acme', 'acme.com'), competitors: [identity('Globex', 'globex.com')] };
const detection = compileDetection(settings);
const version = { reportId: 'br_1', version: 2, promptIds: ['pr_a', 'pr_b'] };

function run(runId: string, promptId: string, engine: string, content: string, links: [string, string][]): RunCompleted['data'] {
  return {
    runId, promptId, workspaceId: 'ws_1', country: 'us', engine: engine as RunCompleted['data']['engine'], runDate: `2026-11-01T0${runId.slice(1)}:00:00.000Z`,
    source: 'import', model: null, content, citations: links.map(([link, title], index) => ({ title, link, rank: index + 1 })),
    webSearchQuery: [], ads: [], shopping: [], overviewAvailable: true,
  };
}

const RUNS = [
  run('r1', 'pr_a', 'chatgpt', 'Acme is great. Try **Copper** too.', [['https://g2.com/crm', 'G2'], ['https://acme.com/', 'Acme']]),
  run('r2', 'pr_a', 'claude', 'Globex is fine.', [['https://g2.com/crm', 'G2 reviews'], ['https://g2.com/crm#top', 'G2 again']]),
  run('r3', 'pr_b', 'chatgpt', 'Acme and Globex. **Copper** and **Close** too.', [['https://g2.com/crm', 'G2']]),
];

function unpacked(packed: string): UrlPromptTotals[] {
  const prompts = new Map<number, UrlPromptTotals>();
  addPackedPrompts(prompts, packed);
  return [...prompts.values()];
}

function historyOf(runs: readonly RunCompleted['data'][]): HistoryBatch {
  const batch: HistoryBatch = emptyHistoryBatch();
  addRunsToHistory(batch, version, runs, detection);
  return batch;
}

describe('report-level aggregates', () => {
  const batch = historyOf(RUNS);
  const [reportDay] = [...batch.reportDays.values()];
  const [citations, weekCitations] = [...batch.citations.values()].map(citationsDocument);

  test('a report day holds exactly the sums of its prompt days, over all engines and per engine', () => {
    const promptDays = [...batch.days.values()];
    expect(promptDays).toHaveLength(2);
    expect(reportDay?.all).toEqual(promptDays.reduce((sum, { all }) => addCompactTotals(sum, all), emptyCompactTotals(2)));
    const perEngine = (engine: string) =>
      promptDays.flatMap(({ engines }) => engines.filter((section) => section.engine === engine)).reduce((sum, { totals }) => addCompactTotals(sum, totals), emptyCompactTotals(2));
    for (const { engine, totals } of reportDay?.engines ?? []) expect(totals).toEqual(perEngine(engine));
  });

  test('prompt totals hold each prompt’s day totals: over all engines for the day and its week, per engine for the day', () => {
    const documents = [...batch.promptTotals.values()].map(promptTotalsDocument);
    expect(documents.map(({ span, day, engine }) => [span, day, engine])).toEqual([
      ['day', '2026-11-01', 'all'], ['day', '2026-11-01', 'chatgpt'], ['week', '2026-10-26', 'all'], ['day', '2026-11-01', 'claude'],
    ]);
    const promptDays = [...batch.days.values()];
    const allDay = documents[0]?.prompts.map(decodePromptTotals);
    expect(allDay).toEqual(promptDays.map(({ promptId, all }) => ({ promptIndex: version.promptIds.indexOf(promptId), totals: all })));
    expect(documents[2]?.prompts).toEqual(documents[0]?.prompts);
    const claude = documents[3]?.prompts.map(decodePromptTotals);
    expect(claude).toEqual([{ promptIndex: 0, totals: promptDays[0]?.engines.find(({ engine }) => engine === 'claude')?.totals }]);
  });

  test('names are counted per run, with their mentions, per engine and over all engines', () => {
    const chatgpt = reportDay?.engines.find(({ engine }) => engine === 'chatgpt');
    const expected = [
      { name: 'Copper', runs: 2, mentions: 2, linkedDomain: '' },
      { name: 'Close', runs: 1, mentions: 1, linkedDomain: '' },
    ];
    expect(chatgpt?.names.map(decodeName)).toEqual(expected);
    expect(reportDay?.names.map(decodeName)).toEqual(expected);
  });

  test('a cited URL row counts citations per engine and, per prompt, the citing runs, their engines and brand mentions', () => {
    const g2 = citations?.urls.map(decodeReportUrl).find(({ url }) => url === 'https://g2.com/crm');
    expect(g2).toMatchObject({
      citations: 4,
      citingRuns: 3,
      brandMentionedRuns: 2,
      competitorMentionedRuns: [2],
      citationsByEngine: { chatgpt: 2, claude: 2 },
      title: 'G2',
      titleDate: '2026-11-01T03:00:00.000Z',
    });
    expect(unpacked(g2?.prompts ?? '')).toEqual([
      { promptIndex: 0, engineMask: 0b1000001, citingRuns: 2, brandMentionedRuns: 1 },
      { promptIndex: 1, engineMask: 0b0000001, citingRuns: 1, brandMentionedRuns: 1 },
    ]);
    expect(weekCitations).toMatchObject({ span: 'week', day: '2026-10-26', urls: citations?.urls });
  });

  test('do not depend on the order runs arrive in', () => {
    const reversed = historyOf([...RUNS].reverse());
    expect([...reversed.reportDays.values()][0]?.all).toEqual(reportDay?.all);
    const rows = (documents: HistoryBatch) => [...documents.citations.values()].map(citationsDocument)[0]?.urls.map(decodeReportUrl).sort((left, right) => (left.url < right.url ? -1 : 1));
    expect(rows(reversed)).toEqual(rows(batch));
  });
});

describe('cited URLs per week', () => {
  test.each([
    ['2026-11-02', '2026-11-02'],
    ['2026-11-08', '2026-11-02'],
    ['2026-11-01', '2026-10-26'],
    ['2024-03-01', '2024-02-26'],
    ['1970-01-01', '1969-12-29'],
  ])('the week of %s starts on Monday %s', (day, monday) => {
    expect(weekStart(day)).toBe(monday);
  });

  test.each([
    ['days inside one week', '2026-11-03', '2026-11-07', [['day', '2026-11-03', '2026-11-07']]],
    ['one whole week', '2026-11-02', '2026-11-08', [['week', '2026-11-02', '2026-11-02']]],
    ['weeks with days around them', '2026-10-31', '2026-11-17', [['day', '2026-10-31', '2026-11-01'], ['week', '2026-11-02', '2026-11-09'], ['day', '2026-11-16', '2026-11-17']]],
    ['a Sunday and a Monday', '2026-11-01', '2026-11-02', [['day', '2026-11-01', '2026-11-02']]],
  ])('%s are covered by %j', (_name, startDate, endDate, expected) => {
    expect(coveringSpans(startDate, endDate).map(({ span, from, to }) => [span, from, to])).toEqual(expected);
  });

  test('a week document holds the same URLs as the days of the week it covers', () => {
    const batch = historyOf([...RUNS, { ...run('r4', 'pr_b', 'gemini', 'Acme.', [['https://g2.com/crm', 'G2']]), runDate: '2026-11-05T04:00:00.000Z' }]);
    const documents = [...batch.citations.values()].map(citationsDocument);
    expect(documents.map(({ span, day }) => [span, day])).toEqual([['day', '2026-11-01'], ['week', '2026-10-26'], ['day', '2026-11-05'], ['week', '2026-11-02']]);
    const citationsOf = (index: number) => documents[index]?.urls.map(decodeReportUrl).reduce((sum, { citations }) => sum + citations, 0);
    expect(citationsOf(1)).toBe(citationsOf(0));
    expect(citationsOf(3)).toBe(citationsOf(2));
  });
});

describe('packed prompts', () => {
  test('read back what was packed, large numbers included, and add up entries of the same prompt', () => {
    const entries = [
      { promptIndex: 0, engineMask: 0b1111111, citingRuns: 1_234_567, brandMentionedRuns: 0 },
      { promptIndex: 999, engineMask: 1, citingRuns: 35, brandMentionedRuns: 36 },
    ];
    expect(unpacked(packPrompts(entries))).toEqual(entries);
    expect(unpacked('')).toEqual([]);
    const prompts = new Map<number, UrlPromptTotals>();
    addPackedPrompts(prompts, packPrompts([entries[1]!]));
    addPackedPrompts(prompts, packPrompts([{ promptIndex: 999, engineMask: 2, citingRuns: 1, brandMentionedRuns: 1 }]));
    expect([...prompts.values()]).toEqual([{ promptIndex: 999, engineMask: 3, citingRuns: 36, brandMentionedRuns: 37 }]);
  });
});
