import type { CompiledDetection } from '../../domain/analysis/index.js';
import { runDay, type RunCompleted } from '../../domain/run/events.js';
import type { Collection, Doc } from '../../ports/documentStore.js';
import { addRunToDay, dayDocId, type DayDoc } from './dayDocument.js';
import {
  addRunToCitations,
  addRunToReportDay,
  citationsDocId,
  citationsDocument,
  citationsDraft,
  reportDayDocId,
  type CitationsDraft,
  type ReportCitationsDoc,
  type ReportDayDoc,
} from './reportDocuments.js';
import { runContribution, type RunContribution } from './runContribution.js';
import { addRunToPromptTotals, promptTotalsDocument, promptTotalsDraft, promptTotalsKeys, type PromptTotalsDoc, type PromptTotalsDraft } from './promptTotals.js';
import { SPANS, spanStart } from './spans.js';
import type { ReportVersionDoc } from './versions.js';

/** The history collections one report version writes, in one scope (a transaction or the store). */
export interface HistoryCollections {
  days: Collection<DayDoc>;
  reportDays: Collection<ReportDayDoc>;
  reportCitations: Collection<ReportCitationsDoc>;
  promptTotals: Collection<PromptTotalsDoc>;
}

/** The logical names of the history collections, beside `versions`. */
export const HISTORY_COLLECTIONS = { days: 'days', reportDays: 'reportDays', reportCitations: 'reportCitations', promptTotals: 'promptTotals' } as const;

export function historyCollections(collection: <T extends Doc>(logical: string) => Collection<T>): HistoryCollections {
  return {
    days: collection<DayDoc>(HISTORY_COLLECTIONS.days),
    reportDays: collection<ReportDayDoc>(HISTORY_COLLECTIONS.reportDays),
    reportCitations: collection<ReportCitationsDoc>(HISTORY_COLLECTIONS.reportCitations),
    promptTotals: collection<PromptTotalsDoc>(HISTORY_COLLECTIONS.promptTotals),
  };
}

export type HistoryVersion = Pick<ReportVersionDoc, 'reportId' | 'version' | 'promptIds'>;

export interface VersionRuns {
  version: HistoryVersion;
  runs: readonly RunCompleted['data'][];
}

/** The documents a batch of runs touches, as loaded, then as the runs change them. */
export interface HistoryBatch {
  days: Map<string, DayDoc>;
  reportDays: Map<string, ReportDayDoc>;
  storedCitations: Map<string, ReportCitationsDoc>;
  citations: Map<string, CitationsDraft>;
  storedPromptTotals: Map<string, PromptTotalsDoc>;
  promptTotals: Map<string, PromptTotalsDraft>;
}

/** A batch that has loaded nothing: every document it touches is new. */
export const emptyHistoryBatch = (): HistoryBatch => ({
  days: new Map(),
  reportDays: new Map(),
  storedCitations: new Map(),
  citations: new Map(),
  storedPromptTotals: new Map(),
  promptTotals: new Map(),
});

async function loadByIds<T extends Doc>(collection: Collection<T>, ids: Iterable<string>): Promise<Map<string, T>> {
  const unique = [...new Set(ids)];
  const stored = unique.length === 0 ? [] : await collection.find({ _id: { $in: unique } });
  return new Map(stored.map((doc) => [doc._id, doc]));
}

/** One read per collection for a whole batch of runs of several versions. */
export async function loadHistoryBatch(collections: HistoryCollections, batches: readonly VersionRuns[]): Promise<HistoryBatch> {
  const dayIds: string[] = [];
  const reportIds: string[] = [];
  const citationIds: string[] = [];
  const promptTotalsIds: string[] = [];
  for (const { version, runs } of batches) {
    for (const run of runs) {
      const day = runDay(run.runDate);
      dayIds.push(dayDocId(version.reportId, version.version, run.promptId, run.country, day));
      reportIds.push(reportDayDocId(version.reportId, version.version, run.country, day));
      for (const span of SPANS) citationIds.push(citationsDocId(version.reportId, version.version, run.country, span, spanStart(span, day)));
      promptTotalsIds.push(...promptTotalsKeys(version, { run, day }).map(({ _id }) => _id));
    }
  }
  return {
    ...emptyHistoryBatch(),
    days: await loadByIds(collections.days, dayIds),
    reportDays: await loadByIds(collections.reportDays, reportIds),
    storedCitations: await loadByIds(collections.reportCitations, citationIds),
    storedPromptTotals: await loadByIds(collections.promptTotals, promptTotalsIds),
  };
}

/**
 * Adds runs of one version to every history document they touch: each run is measured once (the domain's
 * analysis) and added to its prompt's day, its report day, the cited URLs of its report day and week, and
 * its prompt's totals in that day and week. Pure but for `batch`.
 */
export function addRunsToHistory(batch: HistoryBatch, version: HistoryVersion, runs: readonly RunCompleted['data'][], detection: CompiledDetection): void {
  addContributionsToHistory(batch, version, runs.map((run) => runContribution(run, detection)), detection.brands.length);
}

/**
 * Adds measured runs of one version (`runContribution`, or an analyst's measures with their runs) to the
 * documents they touch. The live projection and the rebuilder both come through here.
 */
export function addContributionsToHistory(batch: HistoryBatch, version: HistoryVersion, contributions: readonly RunContribution[], brandCount: number): void {
  const promptIndex = new Map(version.promptIds.map((promptId, index) => [promptId, index]));
  for (const contribution of contributions) {
    const { run } = contribution;
    const dayId = dayDocId(version.reportId, version.version, run.promptId, run.country, contribution.day);
    batch.days.set(dayId, addRunToDay(batch.days.get(dayId) ?? null, version, contribution, brandCount));
    const reportId = reportDayDocId(version.reportId, version.version, run.country, contribution.day);
    batch.reportDays.set(reportId, addRunToReportDay(batch.reportDays.get(reportId) ?? null, version, contribution, brandCount));
    for (const span of SPANS) {
      const citationsId = citationsDocId(version.reportId, version.version, run.country, span, spanStart(span, contribution.day));
      let draft = batch.citations.get(citationsId);
      if (!draft) {
        draft = citationsDraft(batch.storedCitations.get(citationsId) ?? null, version, contribution, span);
        batch.citations.set(citationsId, draft);
      }
      addRunToCitations(draft, contribution, promptIndex.get(run.promptId) ?? -1);
    }
    for (const key of promptTotalsKeys(version, contribution)) {
      let draft = batch.promptTotals.get(key._id);
      if (!draft) {
        draft = promptTotalsDraft(batch.storedPromptTotals.get(key._id) ?? null, key);
        batch.promptTotals.set(key._id, draft);
      }
      addRunToPromptTotals(draft, promptIndex.get(run.promptId) ?? -1, contribution, brandCount);
    }
  }
}

async function replaceAll<T extends Doc>(collection: Collection<T>, documents: readonly T[]): Promise<void> {
  if (documents.length === 0) return;
  await collection.bulkWrite(documents.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } })));
}

/** Writes the touched documents back, whole. */
export async function saveHistoryBatch(collections: HistoryCollections, batch: HistoryBatch): Promise<void> {
  await replaceAll(collections.days, [...batch.days.values()]);
  await replaceAll(collections.reportDays, [...batch.reportDays.values()]);
  await replaceAll(collections.reportCitations, [...batch.citations.values()].map(citationsDocument));
  await replaceAll(collections.promptTotals, [...batch.promptTotals.values()].map(promptTotalsDocument));
}
