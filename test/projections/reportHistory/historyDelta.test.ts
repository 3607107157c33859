import { afterAll, describe, expect, test } from '@jest/globals';
import { ANALYSIS_VERSION, compileDetection, emptyCategoryCounts, type BrandTotals } from '../../../src/domain/analysis/index.js';
import type { DetectionSettings } from '../../../src/domain/brandReport/events.js';
import { ENGINES } from '../../../src/domain/shared/engines.js';
import { simulateAnswer } from '../../../src/engines/simulator/index.js';
import { historyTask, inProcessAnalyst, type StoredFacts, type TaskRun } from '../../../src/projections/reportHistory/analysis/analyst.js';
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
  historyWrites,
} from '../../../src/projections/reportHistory/historyBatch.js';
import type { JsonDocument } from '../../../src/ports/documentStore.js';
import type { DayDoc } from '../../../src/projections/reportHistory/dayDocument.js';
import type { EvidenceDoc, EvidenceRevisionDoc } from '../../../src/projections/reportHistory/evidenceDocument.js';
import type { PromptTotalsDoc } from '../../../src/projections/reportHistory/promptTotals.js';
import type { ReportCitationsDoc, ReportDayDoc } from '../../../src/projections/reportHistory/reportDocuments.js';
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

/** The documents of a history batch, parsed, per collection. */
interface Documents {
  days: DayDoc[];
  reportDays: ReportDayDoc[];
  citations: ReportCitationsDoc[];
  promptTotals: PromptTotalsDoc[];
  evidence: EvidenceDoc[];
}

/** A batch's documents as they would be saved (what `saveHistoryBatch` writes, parsed), by id. */
function documentsOf(batch: HistoryBatch): Documents {
  const writes = historyWrites(batch);
  const parsed = <T extends { _id: string }>(documents: JsonDocument[]) =>
    documents.map(({ _id, json }) => ({ ...(JSON.parse(json) as T), _id })).sort((left, right) => left._id.localeCompare(right._id));
  return {
    days: parsed<DayDoc>(writes.days),
    reportDays: parsed<ReportDayDoc>(writes.reportDays),
    citations: parsed<ReportCitationsDoc>(writes.citations),
    promptTotals: parsed<PromptTotalsDoc>(writes.promptTotals),
    evidence: parsed<EvidenceDoc>(writes.evidence),
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

  test('every country’s day whose evidence a batch writes gets one new revision, its documents added up or kept as a thread’s text', () => {
    const dayOf = ({ reportId, version, country, day }: EvidenceRevisionDoc | EvidenceDoc) => `${reportId}|${version}|${country}|${day}`;
    const merged = (share: number) => {
      const batch = emptyHistoryBatch();
      for (const delta of deltasOf(RUNS, share)) mergeHistoryDelta(batch, delta);
      return batch;
    };
    // One by one every document is added up; in shares of 7 some are and some stay texts; in one share all stay texts.
    for (const batch of [oneByOne(RUNS), merged(7), merged(RUNS.length)]) {
      const writes = historyWrites(batch);
      const written = [...new Set(writes.evidence.map(({ json }) => dayOf(JSON.parse(json) as EvidenceDoc)))].sort();
      expect(written.length).toBeGreaterThan(1);
      const revisions = writes.evidenceRevisions.map(({ json }) => JSON.parse(json) as EvidenceRevisionDoc);
      expect(revisions.map(dayOf).sort()).toEqual(written);
      expect(new Set(revisions.map(({ revision }) => revision)).size).toBe(revisions.length);
    }
  });

  describe('from the analyst', () => {
    const analyst = createWorkerAnalyst({ threads: 2, minimumRunsForWorkers: 100, runsPerTask: 64 });
    afterAll(() => analyst.close());
    const task = (runs: readonly TaskRun[], facts: readonly StoredFacts[] = [], versions = [{ detection: SETTINGS, version: VERSION }]) => ({ versions, runs, facts, evidenceFrom: '' });
    /** Stored facts of `runs` as a store gives them (`findJson`): each document's JSON text, aligned with the runs. */
    const storedFactsOf = (runs: readonly HistoryRun[], derived: readonly JsonDocument[]) => {
      const byRun = new Map(derived.map(({ _id, json }) => [_id, json]));
      return runs.map(({ runId }) => byRun.get(runId) ?? null);
    };

    test('worker threads return one delta per share, and merged they equal the runs added one by one', async () => {
      const stored = documentsOf(oneByOne(RUNS.slice(0, 200)));
      const rest = RUNS.slice(200);
      const { deltas, derived, added } = await analyst.history(task(rest));
      expect(deltas).toHaveLength(1);
      expect(deltas[0]).toHaveLength(Math.ceil(rest.length / 64));
      expect(added).toEqual([rest.length]);
      expect(derived.map(({ _id }) => _id)).toEqual(rest.map(({ runId }) => runId));
      const batch = loaded(stored);
      for (const delta of deltas[0] ?? []) mergeHistoryDelta(batch, delta);
      expect(savedOver(stored, batch)).toEqual(expected);
    }, 60_000);

    test('a batch below the threshold is measured and merged on the calling thread, into one delta', async () => {
      const few = RUNS.slice(0, 20);
      const { deltas } = await analyst.history(task(few));
      expect(deltas).toEqual(historyTask(task(few)).deltas);
      expect(deltas[0]).toHaveLength(1);
    });

    test('from stored facts, the delta is the one measured from the texts, and no facts are derived again', async () => {
      const runs = RUNS.slice(0, 150);
      const fromText = historyTask(task(runs));
      expect(fromText.derived).toHaveLength(runs.length);
      const fromFacts = await inProcessAnalyst.history(task(runs, storedFactsOf(runs, fromText.derived)));
      expect(fromFacts.derived).toEqual([]);
      expect(fromFacts.deltas).toEqual(fromText.deltas);
    });

    test('stored facts of an older analysis version, or of another run, are not used: the run’s facts are derived again', () => {
      const runs = RUNS.slice(0, 3);
      const { derived } = historyTask(task(runs));
      const [first, second, third] = storedFactsOf(runs, derived);
      const older = JSON.stringify({ ...JSON.parse(first as string), v: ANALYSIS_VERSION - 1 });
      const again = historyTask(task(runs, [older, third ?? null, third ?? null]));
      expect(again.derived.map(({ _id }) => _id)).toEqual([runs[0]?.runId, runs[1]?.runId]);
      expect(again.derived.map(({ json }) => json)).toEqual([first, second]);
      expect(again.deltas).toEqual(historyTask(task(runs)).deltas);
    });

    test('runs given as the JSON text their events were stored as add what their data adds, on worker threads too', async () => {
      const runs = RUNS.slice(0, 240);
      const texts = runs.map((run) => JSON.stringify({ ...run, workspaceId: 'ws_1', source: 'simulator', model: null, webSearchQuery: [], ads: [] }));
      expect(historyTask(task(texts))).toEqual(historyTask(task(runs)));
      const fromWorkers = await analyst.history(task(texts));
      const batch = emptyHistoryBatch();
      for (const delta of fromWorkers.deltas[0] ?? []) mergeHistoryDelta(batch, delta);
      expect(documentsOf(batch)).toEqual(documentsOf(oneByOne(runs)));
    }, 60_000);

    test('a run goes only to the versions that track its prompt, each measured under its own detection, its facts derived once', async () => {
      const narrow = { detection: { ...SETTINGS, competitors: SETTINGS.competitors.slice(0, 1) }, version: { reportId: 'br_narrow', version: 1, promptIds: PROMPTS.slice(0, 2) } };
      const versions = [{ detection: SETTINGS, version: VERSION }, narrow];
      const runs = RUNS.slice(0, 240);
      for (const measured of [historyTask(task(runs, [], versions)), await analyst.history(task(runs, [], versions))]) {
        const tracked = runs.filter(({ promptId }) => narrow.version.promptIds.includes(promptId));
        expect(tracked.length).toBeGreaterThan(0);
        expect(tracked.length).toBeLessThan(runs.length);
        expect(measured.added).toEqual([runs.length, tracked.length]);
        expect(measured.derived).toHaveLength(runs.length);
        const alone = (version: (typeof versions)[number], deltas: HistoryDelta[]) => {
          const batch = emptyHistoryBatch();
          for (const delta of deltas) mergeHistoryDelta(batch, delta);
          const expectedBatch = emptyHistoryBatch();
          addRunsToHistory(expectedBatch, version.version, runs.filter(({ promptId }) => version.version.promptIds.includes(promptId)), compileDetection(version.detection));
          expect(documentsOf(batch)).toEqual(documentsOf(expectedBatch));
        };
        versions.forEach((version, at) => alone(version, measured.deltas[at] ?? []));
      }
    }, 60_000);
  });
});
