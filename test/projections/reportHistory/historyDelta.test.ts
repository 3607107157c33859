import { afterAll, describe, expect, test } from '@jest/globals';
import { compileDetection, emptyCategoryCounts, type BrandTotals } from '../../../src/domain/analysis/index.js';
import type { DetectionSettings } from '../../../src/domain/brandReport/events.js';
import { ENGINES } from '../../../src/domain/shared/engines.js';
import { simulateAnswer } from '../../../src/engines/simulator/index.js';
import { historyTask, inProcessAnalyst } from '../../../src/projections/reportHistory/analysis/analyst.js';
import { createWorkerAnalyst } from '../../../src/projections/reportHistory/analysis/workerAnalyst.js';
import { addCompactTotalsInto, decodeTotals, emptyCompactTotals, encodeTotals } from '../../../src/projections/reportHistory/compactRows.js';
import { decodeReportUrl } from '../../../src/projections/reportHistory/compactUrlRows.js';
import {
  addRunsToHistory,
  emptyHistoryBatch,
  historyDeltaOf,
  mergeHistoryDelta,
  type HistoryBatch,
  type HistoryDelta,
} from '../../../src/projections/reportHistory/historyBatch.js';
import { promptTotalsDocument } from '../../../src/projections/reportHistory/promptTotals.js';
import { citationsDocument } from '../../../src/projections/reportHistory/reportDocuments.js';
import { runContribution, type HistoryRun } from '../../../src/projections/reportHistory/runContribution.js';

/**
 * Worker threads merge their share of a batch into documents of its runs alone (a delta), and the main thread
 * adds those deltas to the stored documents. Whatever the split, the stored result must be the documents that
 * adding the runs one by one gives, to the bit (stored counts are sums on a grid where addition is exact,
 * `compactRows.ts`): that is what a replay or a live batch wrote before deltas.
 */

const identity = (brand: string, brandDomain: string, brandVariations: string[] = []) => ({
  brand, brandVariations, brandDomain, brandDomainVariations: [], brandDomainWildcard: true, brandRegex: null,
});
const SETTINGS: DetectionSettings = {
  ...identity('Nimbus CRM', 'nimbuscrm.com', ['Nimbus']),
  competitors: [identity('HubSpot', 'hubspot.com'), identity('Salesforce', 'salesforce.com'), identity('Zoho CRM', 'zoho.com', ['Zoho'])],
};
const DETECTION = compileDetection(SETTINGS);
const PROMPTS = Array.from({ length: 5 }, (_, index) => `pr_${index}`);
const VERSION = { reportId: 'br_delta', version: 4, promptIds: PROMPTS };

/** Simulated answers over 10 days (two weeks), 5 prompts, every engine and two countries, in log order: a prompt runs on an engine once or twice a day. */
const RUNS: HistoryRun[] = Array.from({ length: 480 }, (_, index) => {
  const engine = ENGINES[index % ENGINES.length] as (typeof ENGINES)[number];
  const day = `2026-11-${String(1 + Math.floor(index / 48)).padStart(2, '0')}`;
  const promptId = PROMPTS[Math.floor(index / ENGINES.length) % PROMPTS.length] as string;
  const country = index % 5 === 0 ? 'de' : 'us';
  const { content, citations } = simulateAnswer({ engine, prompt: `Best CRM for small teams ${promptId}?`, country, date: day, promptId });
  return { runId: `run_${index}`, promptId, country, engine, content, citations: citations.map(({ title = '', link, rank }) => ({ title, link, rank })), runDate: `${day}T0${index % 10}:00:00.000Z` };
});

type Documents = HistoryDelta;

/** A batch's documents as they would be saved, by id. */
function documentsOf(batch: HistoryBatch): Documents {
  const byId = <T extends { _id: string }>(documents: T[]) => documents.sort((left, right) => left._id.localeCompare(right._id));
  return {
    days: byId([...batch.days.values()]),
    reportDays: byId([...batch.reportDays.values()]),
    citations: byId([...batch.citations.values()].map(citationsDocument)),
    promptTotals: byId([...batch.promptTotals.values()].map(promptTotalsDocument)),
    evidence: byId([...batch.evidence.values()]),
  };
}

/** The runs added one by one to an empty history: the documents expected. */
function oneByOne(runs: readonly HistoryRun[]): HistoryBatch {
  const batch = emptyHistoryBatch();
  addRunsToHistory(batch, VERSION, runs, DETECTION);
  return batch;
}

/** A batch that loaded `stored`'s documents (copies, as a store's read gives), before any delta. */
function loaded(stored: Documents): HistoryBatch {
  const { days, reportDays, citations, promptTotals, evidence } = structuredClone(stored);
  const byId = <T extends { _id: string }>(documents: T[]) => new Map(documents.map((document) => [document._id, document]));
  return { ...emptyHistoryBatch(), days: byId(days), reportDays: byId(reportDays), storedCitations: byId(citations), storedPromptTotals: byId(promptTotals), evidence: byId(evidence) };
}

/** What the store holds once a batch that loaded `stored` is saved: its documents replace the stored ones. */
function savedOver(stored: Documents, batch: HistoryBatch): Documents {
  const written = documentsOf(batch);
  const over = <T extends { _id: string }>(before: T[], after: T[]) =>
    [...new Map([...before, ...after].map((document) => [document._id, document])).values()].sort((left, right) => left._id.localeCompare(right._id));
  return {
    days: over(stored.days, written.days),
    reportDays: over(stored.reportDays, written.reportDays),
    citations: over(stored.citations, written.citations),
    promptTotals: over(stored.promptTotals, written.promptTotals),
    evidence: over(stored.evidence, written.evidence),
  };
}

const deltasOf = (runs: readonly HistoryRun[], share: number): HistoryDelta[] => {
  const deltas: HistoryDelta[] = [];
  for (let from = 0; from < runs.length; from += share) {
    deltas.push(historyDeltaOf(VERSION, runs.slice(from, from + share).map((run) => runContribution(run, DETECTION)), DETECTION.brands.length));
  }
  return deltas;
};

const expected = documentsOf(oneByOne(RUNS));

describe('history deltas', () => {
  test('the runs cover what a merge must add: several runs of a prompt and engine a day, URLs cited by several prompts, names, two countries', () => {
    expect(expected.days.some(({ engines }) => engines.some(({ totals }) => totals.runs > 1 && totals.runs < 4))).toBe(true);
    const citedByManyPrompts = expected.citations.flatMap(({ urls }) => urls.map(decodeReportUrl)).filter(({ prompts }) => prompts.includes(' '));
    expect(citedByManyPrompts.length).toBeGreaterThan(10);
    expect(expected.reportDays.some(({ names }) => names.length > 0)).toBe(true);
    expect(new Set(expected.reportDays.map(({ country }) => country))).toEqual(new Set(['us', 'de']));
    // Evidence: prompt days whose runs are partly kept (a recommendation may quote them) and partly only counted.
    const kept = expected.evidence.reduce((sum, { runs }) => sum + runs.length, 0);
    expect(kept).toBeGreaterThan(20);
    expect(kept).toBeLessThan(RUNS.length);
    expect(expected.evidence.reduce((sum, { engines }) => sum + engines.reduce((runs, [, count]) => runs + count, 0), 0)).toBe(RUNS.length);
  });

  test.each([1, 7, 48, 100, 480])('deltas of %i runs added to the stored documents equal the runs added one by one', (share) => {
    for (const storedRuns of [0, 131, 240]) {
      const stored = documentsOf(oneByOne(RUNS.slice(0, storedRuns)));
      const batch = loaded(stored);
      for (const delta of deltasOf(RUNS.slice(storedRuns), share)) mergeHistoryDelta(batch, delta);
      expect(savedOver(stored, batch)).toEqual(expected);
    }
  });

  test('stored counts add up to the same bits in any grouping, where the runs’ own fractions do not', () => {
    // 1/position of twelve runs, whose plain sum in one go and in two parts differ in the last bit.
    const inverse = Array.from({ length: 12 }, (_, index) => 1 / (1 + ((7 + index * 13) % 39)));
    const inOneGo = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
    expect(inOneGo(inverse)).not.toBe(inOneGo(inverse.slice(0, 5)) + inOneGo(inverse.slice(5)));
    const brand = (inversePositionSum: number): BrandTotals => ({
      brand: 'Nimbus CRM', isMainBrand: true, mentionedRuns: 1, mentions: 1, positionSum: 1, sentences: { positive: 0, neutral: 1, negative: 0 },
      domainCitations: 0, domainCitedRuns: 0, inversePositionSum, buyingRuns: 0,
    });
    const stored = inverse.map((value) => encodeTotals({ runs: 1, brands: [brand(value)], domainCategories: emptyCategoryCounts() }));
    const sum = (totals: typeof stored) => {
      const into = emptyCompactTotals(1);
      for (const addition of totals) addCompactTotalsInto(into, addition);
      return into;
    };
    const inParts = sum([sum(stored.slice(0, 5)), sum(stored.slice(5))]);
    expect(inParts).toEqual(sum(stored));
    const [decoded] = decodeTotals(sum(stored), [{ brand: 'Nimbus CRM', isMainBrand: true }]).brands;
    expect(Math.abs((decoded?.inversePositionSum ?? 0) - inOneGo(inverse))).toBeLessThan(1e-8);
  });

  test('a delta holds its runs alone: merged into nothing stored it is the documents of those runs', () => {
    const [delta] = deltasOf(RUNS.slice(100, 200), 100);
    expect(delta?.days.length).toBeGreaterThan(0);
    const batch = emptyHistoryBatch();
    mergeHistoryDelta(batch, delta as HistoryDelta);
    expect(documentsOf(batch)).toEqual(documentsOf(oneByOne(RUNS.slice(100, 200))));
  });

  describe('from the analyst', () => {
    const analyst = createWorkerAnalyst({ threads: 2, minimumRunsForWorkers: 100, runsPerTask: 64 });
    afterAll(() => analyst.close());

    test('worker threads return one delta per share, and merged they equal the runs added one by one', async () => {
      const stored = documentsOf(oneByOne(RUNS.slice(0, 200)));
      const rest = RUNS.slice(200);
      const { deltas, derived } = await analyst.history({ detection: SETTINGS, version: VERSION, runs: rest, facts: [], evidenceFrom: '' });
      expect(deltas.length).toBe(Math.ceil(rest.length / 64));
      expect(derived).toHaveLength(rest.length);
      const batch = loaded(stored);
      for (const delta of deltas) mergeHistoryDelta(batch, delta);
      expect(savedOver(stored, batch)).toEqual(expected);
    }, 60_000);

    test('a batch below the threshold is measured and merged on the calling thread, into one delta', async () => {
      const few = RUNS.slice(0, 20);
      const { deltas } = await analyst.history({ detection: SETTINGS, version: VERSION, runs: few, facts: [], evidenceFrom: '' });
      expect(deltas).toEqual(historyTask({ detection: SETTINGS, version: VERSION, runs: few, facts: [], evidenceFrom: '' }).deltas);
    });

    test('from stored facts, the delta is the one measured from the texts, and no facts are derived again', async () => {
      const runs = RUNS.slice(0, 150);
      const fromText = historyTask({ detection: SETTINGS, version: VERSION, runs, facts: [], evidenceFrom: '' });
      const fromFacts = await inProcessAnalyst.history({ detection: SETTINGS, version: VERSION, runs, facts: fromText.derived, evidenceFrom: '' });
      expect(fromFacts.derived.every((facts) => facts === null)).toBe(true);
      expect(fromFacts.deltas).toEqual(fromText.deltas);
    });
  });
});
