import { describe, expect, test } from '@jest/globals';
import { promptMetrics } from '../../../src/app/brandReports/history/promptMetrics.js';
import {
  combineRunTotals,
  compileDetection,
  emptyRunTotals,
  measureRun,
  runTotals,
} from '../../../src/domain/analysis/index.js';
import type { DetectionSettings } from '../../../src/domain/brandReport/events.js';
import type { RunCompleted } from '../../../src/domain/run/events.js';
import { decodeTotals } from '../../../src/projections/reportHistory/compactRows.js';
import { promptDayTotals } from '../../../src/projections/reportHistory/windowSlices.js';
import { decodeCitedUrl } from '../../../src/projections/reportHistory/compactUrlRows.js';
import type { DayDoc } from '../../../src/projections/reportHistory/dayDocument.js';
import { addRunsToHistory, emptyHistoryBatch, type HistoryBatch } from '../../../src/projections/reportHistory/historyBatch.js';

/**
 * The production path from a recorded run to the figures an endpoint answers: run event, day document (what
 * the live projection and the rebuilder both store), decoded totals, window metrics. The metric rules
 * (docs/metrics.md) are asserted on what comes out at the end.
 */

const identity = (brand: string, brandDomain: string) => ({
  brand,
  brandVariations: [],
  brandDomain,
  brandDomainVariations: [],
  brandDomainWildcard: false,
  brandRegex: null,
});
const settings: DetectionSettings = { ...identity('Acme', 'acme.com'), competitors: [identity('Globex', 'globex.com'), identity('Initech', 'initech.com')] };
const detection = compileDetection(settings);
const version = { reportId: 'br_1', version: 3, promptIds: ['pr_1'] };

function run(runId: string, engine: string, runDate: string, content: string, links: string[] = []): RunCompleted['data'] {
  return {
    runId,
    promptId: 'pr_1',
    workspaceId: 'ws_1',
    country: 'us',
    engine: engine as RunCompleted['data']['engine'],
    runDate,
    source: 'import',
    model: null,
    content,
    citations: links.map((link, index) => ({ title: link, link, rank: index + 1 })),
    webSearchQuery: [],
    ads: [],
    shopping: [],
    overviewAvailable: true,
  };
}

const RUNS = [
  run('r1', 'chatgpt', '2026-11-01T08:00:00Z', 'Acme is excellent. Globex is a vendor.', ['https://acme.com/pricing', 'https://en.wikipedia.org/wiki/CRM']),
  run('r2', 'chatgpt', '2026-11-01T09:00:00Z', 'Globex leads. Acme is terrible.', ['https://ACME.com/pricing/#plans', 'not a link']),
  run('r3', 'perplexity', '2026-11-01T10:00:00Z', 'Initech only.', ['https://www.globex.com/']),
  run('r4', 'chatgpt', '2026-11-02T08:00:00Z', "I couldn't find any information about Acme. Globex is good.", []),
];

function daysOf(runs: readonly RunCompleted['data'][]): DayDoc[] {
  const batch: HistoryBatch = emptyHistoryBatch();
  addRunsToHistory(batch, version, runs, detection);
  return [...batch.days.values()];
}

describe('a day document', () => {
  test('stores exactly the domain totals of its runs, whatever order they arrive in', () => {
    const [first, second] = [daysOf(RUNS), daysOf([...RUNS].reverse())].map((days) => days.find(({ day }) => day === '2026-11-01'));
    const expected = combineRunTotals(
      emptyRunTotals(detection.brands),
      ...RUNS.slice(0, 3).map((answer) => runTotals(measureRun({ state: 'completed', ...answer }, detection))),
    );
    expect(decodeTotals((first as DayDoc).all, detection.brands)).toEqual(expected);
    expect(decodeTotals((second as DayDoc).all, detection.brands)).toEqual(expected);
  });

  test('keeps per-engine totals that add up to the all-engine totals', () => {
    const day = daysOf(RUNS).find(({ day: date }) => date === '2026-11-01') as DayDoc;
    const perEngine = combineRunTotals(emptyRunTotals(detection.brands), ...day.engines.map(({ totals }) => decodeTotals(totals, detection.brands)));
    expect(perEngine).toEqual(decodeTotals(day.all, detection.brands));
    expect(day.engines.map(({ engine, totals }) => [engine, totals.runs]).sort()).toEqual([['chatgpt', 2], ['perplexity', 1]]);
  });

  test('lists each cited URL once per day and engine, normalized, with its citing runs and those that mention the brand', () => {
    const day = daysOf(RUNS).find(({ day: date }) => date === '2026-11-01') as DayDoc;
    const cited = Object.fromEntries(day.engines.map(({ engine, citedUrls }) => [engine, citedUrls.map(decodeCitedUrl)]));
    expect(cited.chatgpt).toEqual([
      {
        url: 'https://acme.com/pricing', domain: 'acme.com', citations: 2, citingRuns: 2, brandMentionedRuns: 2, competitorMentionedRuns: [2, 0],
        title: 'https://ACME.com/pricing/#plans', titleDate: '2026-11-01T09:00:00Z',
      },
      {
        url: 'https://en.wikipedia.org/wiki/CRM', domain: 'en.wikipedia.org', citations: 1, citingRuns: 1, brandMentionedRuns: 1, competitorMentionedRuns: [1, 0],
        title: 'https://en.wikipedia.org/wiki/CRM', titleDate: '2026-11-01T08:00:00Z',
      },
    ]);
    expect(cited.perplexity).toEqual([
      {
        url: 'https://www.globex.com', domain: 'globex.com', citations: 1, citingRuns: 1, brandMentionedRuns: 0, competitorMentionedRuns: [0, 1],
        title: 'https://www.globex.com/', titleDate: '2026-11-01T10:00:00Z',
      },
    ]);
  });
});

describe('figures from day documents', () => {
  const metrics = promptMetrics(promptDayTotals(daysOf(RUNS), detection.brands), detection);
  const rank = Object.fromEntries(metrics.brandRank.map((entry) => [entry.brand, entry]));

  test('coverage per day counts runs that mention the brand, an absence statement not being a mention', () => {
    expect(metrics.brandCoverageHistory).toEqual([
      { brand: 'Acme', coverage: 2 / 3, date: '2026-11-01' },
      { brand: 'Globex', coverage: 2 / 3, date: '2026-11-01' },
      { brand: 'Initech', coverage: 1 / 3, date: '2026-11-01' },
      { brand: 'Acme', coverage: 0, date: '2026-11-02' },
      { brand: 'Globex', coverage: 1, date: '2026-11-02' },
      { brand: 'Initech', coverage: 0, date: '2026-11-02' },
    ]);
  });

  test('brands rank by mentions, then coverage, with sentiment shares of the sentences that mention them', () => {
    expect(metrics.brandRank.map(({ brand, rank: place }) => [brand, place])).toEqual([['Globex', 1], ['Acme', 2], ['Initech', 3]]);
    expect(rank.Acme).toMatchObject({ mentions: 2, brandCoverage: 2 / 4, sentiment: { positive: 0.5, neutral: 0, negative: 0.5, nss: 0 } });
    expect(rank.Globex).toMatchObject({ mentions: 3, brandCoverage: 3 / 4 });
    expect(rank.Initech).toMatchObject({ mentions: 1, brandCoverage: 1 / 4 });
  });

  test('domain categories count every citation, an unparsable link as Unclassified', () => {
    const categories = Object.fromEntries(metrics.domainCategories.map(({ category, value }) => [category, value]));
    expect(categories).toMatchObject({ Brand: 2, Competitor: 1, Encyclopedia: 1, Unclassified: 1 });
    expect(metrics.domainCategories.reduce((sum, { value }) => sum + value, 0)).toBe(5);
  });

  test('an engine filter reads only that engine’s totals', () => {
    const chatgpt = promptMetrics(promptDayTotals(daysOf(RUNS), detection.brands, new Set(['chatgpt'])), detection);
    expect(chatgpt.brandRank.find(({ brand }) => brand === 'Initech')).toMatchObject({ mentions: 0, brandCoverage: 0 });
    expect(chatgpt.brandRank.find(({ brand }) => brand === 'Acme')).toMatchObject({ mentions: 2, brandCoverage: 2 / 3 });
  });
});
