import type { CompiledDetection } from '../../domain/analysis/index.js';
import type { Collection, Doc, JsonDocument } from '../../ports/documentStore.js';
import { addDayInto, addRunToDay, dayDocId, type DayDoc } from './dayDocument.js';
import { addEvidenceInto, addRunToEvidence, evidenceRevisionsOf, type EvidenceDay, type EvidenceDoc, type EvidenceRevisionDoc } from './evidenceDocument.js';
import {
  addCitationRows,
  addReportDayInto,
  addRunToCitations,
  addRunToReportDay,
  citationsDocId,
  citationsDocument,
  citationsDraft,
  citationsKey,
  reportDayDocId,
  type CitationsDraft,
  type ReportCitationsDoc,
  type ReportDayDoc,
} from './reportDocuments.js';
import { runContribution, type EvidenceFrom, type HistoryRun, type RunContribution } from './runContribution.js';
import {
  addPromptTotalsRows,
  addRunToPromptTotals,
  promptTotalsDocument,
  promptTotalsDraft,
  promptTotalsKeys,
  type PromptTotalsDoc,
  type PromptTotalsDraft,
} from './promptTotals.js';
import { SPANS, spanStart } from './spans.js';
import type { ReportVersionDoc } from './versions.js';

/** The history collections one report version writes, in one scope (a transaction or the store). */
export interface HistoryCollections {
  days: Collection<DayDoc>;
  reportDays: Collection<ReportDayDoc>;
  reportCitations: Collection<ReportCitationsDoc>;
  promptTotals: Collection<PromptTotalsDoc>;
  evidence: Collection<EvidenceDoc>;
  evidenceRevisions: Collection<EvidenceRevisionDoc>;
}

/** The logical names of the history collections, beside `versions`. */
export const HISTORY_COLLECTIONS = { days: 'days', reportDays: 'reportDays', reportCitations: 'reportCitations', promptTotals: 'promptTotals', evidence: 'evidence', evidenceRevisions: 'evidenceRevisions' } as const;

export function historyCollections(collection: <T extends Doc>(logical: string) => Collection<T>): HistoryCollections {
  return {
    days: collection<DayDoc>(HISTORY_COLLECTIONS.days),
    reportDays: collection<ReportDayDoc>(HISTORY_COLLECTIONS.reportDays),
    reportCitations: collection<ReportCitationsDoc>(HISTORY_COLLECTIONS.reportCitations),
    promptTotals: collection<PromptTotalsDoc>(HISTORY_COLLECTIONS.promptTotals),
    evidence: collection<EvidenceDoc>(HISTORY_COLLECTIONS.evidence),
    evidenceRevisions: collection<EvidenceRevisionDoc>(HISTORY_COLLECTIONS.evidenceRevisions),
  };
}

export type HistoryVersion = Pick<ReportVersionDoc, 'reportId' | 'version' | 'promptIds'>;

/**
 * The documents a batch of runs touches, as loaded, then as the runs change them. A prompt's day and its
 * evidence, which one part of a batch (a worker thread's delta) usually holds alone, stay the JSON text that part
 * wrote (`dayTexts`, `evidenceTexts`) until another part or the store holds the same document: only then are
 * they parsed and added up (`days`, `evidence`).
 */
export interface HistoryBatch {
  days: Map<string, DayDoc>;
  dayTexts: Map<string, JsonDocument>;
  reportDays: Map<string, ReportDayDoc>;
  storedCitations: Map<string, ReportCitationsDoc>;
  citations: Map<string, CitationsDraft>;
  storedPromptTotals: Map<string, PromptTotalsDoc>;
  promptTotals: Map<string, PromptTotalsDraft>;
  evidence: Map<string, EvidenceDoc>;
  evidenceTexts: Map<string, EvidenceJson>;
}

/** A batch that has loaded nothing: every document it touches is new. */
export const emptyHistoryBatch = (): HistoryBatch => ({
  days: new Map(),
  dayTexts: new Map(),
  reportDays: new Map(),
  storedCitations: new Map(),
  citations: new Map(),
  storedPromptTotals: new Map(),
  promptTotals: new Map(),
  evidence: new Map(),
  evidenceTexts: new Map(),
});

async function loadByIds<T extends Doc>(collection: Collection<T>, ids: Iterable<string>): Promise<Map<string, T>> {
  const unique = [...new Set(ids)];
  const stored = unique.length === 0 ? [] : await collection.find({ _id: { $in: unique } });
  return new Map(stored.map((doc) => [doc._id, doc]));
}

/**
 * Adds runs of one version to every history document they touch: each run is measured once (the domain's
 * analysis) and added to its prompt's day, its report day, the cited URLs of its report day and week, and
 * its prompt's totals in that day and week. Pure but for `batch`.
 */
export function addRunsToHistory(batch: HistoryBatch, version: HistoryVersion, runs: readonly HistoryRun[], detection: CompiledDetection, evidenceFrom: EvidenceFrom = ''): void {
  addContributionsToHistory(batch, version, runs.map((run) => runContribution(run, detection, evidenceFrom)), detection.brands.length);
}

/**
 * Adds measured runs of one version (`runContribution`, or an analyst's measures with their runs) to the
 * documents they touch. The live projection and the rebuilder both come through here.
 */
export function addContributionsToHistory(batch: HistoryBatch, version: HistoryVersion, contributions: readonly RunContribution[], brandCount: number): void {
  const promptIndex = new Map(version.promptIds.map((promptId, index) => [promptId, index]));
  // The report-level documents of a country's day and engine, found once: every run of that day adds to them.
  const reportLevel = new Map<string, ReportLevelDrafts>();
  for (const contribution of contributions) {
    const { run } = contribution;
    const dayId = dayDocId(version.reportId, version.version, run.promptId, run.country, contribution.day);
    batch.days.set(dayId, addRunToDay(batch.days.get(dayId) ?? null, version, contribution, brandCount));
    if (contribution.evidence) batch.evidence.set(dayId, addRunToEvidence(batch.evidence.get(dayId) ?? null, version, contribution, contribution.evidence));
    const key = `${run.country}|${contribution.day}|${run.engine}`;
    let drafts = reportLevel.get(key);
    if (!drafts) {
      drafts = reportLevelDrafts(batch, version, contribution);
      reportLevel.set(key, drafts);
    }
    batch.reportDays.set(drafts.reportDayId, addRunToReportDay(batch.reportDays.get(drafts.reportDayId) ?? null, version, contribution, brandCount));
    const index = promptIndex.get(run.promptId) ?? -1;
    for (const draft of drafts.citations) addRunToCitations(draft, contribution, index);
    for (const draft of drafts.promptTotals) addRunToPromptTotals(draft, index, contribution, brandCount);
  }
}

/** What a run of one country's day and engine adds to besides its prompt's day: the report day, its citations and prompt totals. */
interface ReportLevelDrafts {
  reportDayId: string;
  citations: CitationsDraft[];
  promptTotals: PromptTotalsDraft[];
}

function reportLevelDrafts(batch: HistoryBatch, version: HistoryVersion, contribution: RunContribution): ReportLevelDrafts {
  const { run, day } = contribution;
  const citations = SPANS.map((span) => {
    const citationsId = citationsDocId(version.reportId, version.version, run.country, span, spanStart(span, day));
    let draft = batch.citations.get(citationsId);
    if (!draft) {
      draft = citationsDraft(batch.storedCitations.get(citationsId) ?? null, citationsKey(version, run.country, span, day));
      batch.citations.set(citationsId, draft);
    }
    return draft;
  });
  const promptTotals = promptTotalsKeys(version, contribution).map((key) => {
    let draft = batch.promptTotals.get(key._id);
    if (!draft) {
      draft = promptTotalsDraft(batch.storedPromptTotals.get(key._id) ?? null, key);
      batch.promptTotals.set(key._id, draft);
    }
    return draft;
  });
  return { reportDayId: reportDayDocId(version.reportId, version.version, run.country, day), citations, promptTotals };
}

/**
 * What some runs add to one version's history: the documents they touch, holding those runs alone. A worker
 * thread builds it from its share of a batch (`historyDeltaOf`), so the main thread merges a few documents per
 * batch (`mergeHistoryDelta`) instead of every run into every document it touches. The prompt days and their
 * evidence come as JSON text, written by the thread that built them: most are written as they are.
 */
export interface HistoryDelta {
  days: JsonDocument[];
  reportDays: ReportDayDoc[];
  citations: ReportCitationsDoc[];
  promptTotals: PromptTotalsDoc[];
  evidence: EvidenceJson[];
}

/** An evidence document as JSON text, with the day it belongs to. */
export interface EvidenceJson extends JsonDocument {
  day: EvidenceDay;
}

/** The documents `contributions` touch, as if nothing were stored before them. */
export function historyDeltaOf(version: HistoryVersion, contributions: readonly RunContribution[], brandCount: number): HistoryDelta {
  const batch = emptyHistoryBatch();
  addContributionsToHistory(batch, version, contributions, brandCount);
  return {
    days: [...batch.days.values()].map((day) => ({ _id: day._id, json: JSON.stringify(day) })),
    reportDays: [...batch.reportDays.values()],
    citations: [...batch.citations.values()].map(citationsDocument),
    promptTotals: [...batch.promptTotals.values()].map(promptTotalsDocument),
    evidence: [...batch.evidence.values()].map((evidence) => {
      const { reportId, version: number, country, day } = evidence;
      return { _id: evidence._id, json: JSON.stringify(evidence), day: { reportId, version: number, country, day } };
    }),
  };
}

/** One read per collection of the stored documents that `deltas` add to. */
export async function loadHistoryBatchFor(collections: HistoryCollections, deltas: readonly HistoryDelta[]): Promise<HistoryBatch> {
  const ids = (pick: (delta: HistoryDelta) => readonly { _id: string }[]) => deltas.flatMap((delta) => pick(delta).map(({ _id }) => _id));
  return {
    ...emptyHistoryBatch(),
    days: await loadByIds(collections.days, ids(({ days }) => days)),
    reportDays: await loadByIds(collections.reportDays, ids(({ reportDays }) => reportDays)),
    storedCitations: await loadByIds(collections.reportCitations, ids(({ citations }) => citations)),
    storedPromptTotals: await loadByIds(collections.promptTotals, ids(({ promptTotals }) => promptTotals)),
    evidence: await loadByIds(collections.evidence, ids(({ evidence }) => evidence)),
  };
}

/**
 * Adds documents given as JSON text into `parsed` (the stored ones and those already added up), in place: a text
 * is kept as it is (`texts`) while no other holds its document, and parsed to be added up once one does.
 */
function mergeJsonDocuments<T extends Doc, D extends JsonDocument>(parsed: Map<string, T>, texts: Map<string, D>, additions: readonly D[], addInto: (into: T, addition: T) => void): void {
  for (const addition of additions) {
    const existing = parsed.get(addition._id);
    if (existing) {
      addInto(existing, JSON.parse(addition.json) as T);
      continue;
    }
    const held = texts.get(addition._id);
    if (held === undefined) {
      texts.set(addition._id, addition);
      continue;
    }
    texts.delete(addition._id);
    const merged = JSON.parse(held.json) as T;
    addInto(merged, JSON.parse(addition.json) as T);
    parsed.set(addition._id, merged);
  }
}

/**
 * Adds a delta to the documents a batch loaded (or merged from earlier deltas), in place: the same documents
 * as adding its runs one by one, since every column is a sum, a union or the latest title. The delta's
 * documents are taken over, not copied.
 */
export function mergeHistoryDelta(batch: HistoryBatch, delta: HistoryDelta): void {
  mergeJsonDocuments(batch.days, batch.dayTexts, delta.days, addDayInto);
  mergeJsonDocuments(batch.evidence, batch.evidenceTexts, delta.evidence, addEvidenceInto);
  for (const reportDay of delta.reportDays) {
    const existing = batch.reportDays.get(reportDay._id);
    if (existing) addReportDayInto(existing, reportDay);
    else batch.reportDays.set(reportDay._id, reportDay);
  }
  for (const { urls, ...key } of delta.citations) {
    let draft = batch.citations.get(key._id);
    if (!draft) {
      draft = citationsDraft(batch.storedCitations.get(key._id) ?? null, key);
      batch.citations.set(key._id, draft);
    }
    addCitationRows(draft, urls);
  }
  for (const { prompts, ...key } of delta.promptTotals) {
    let draft = batch.promptTotals.get(key._id);
    if (!draft) {
      draft = promptTotalsDraft(batch.storedPromptTotals.get(key._id) ?? null, key);
      batch.promptTotals.set(key._id, draft);
    }
    addPromptTotalsRows(draft, prompts);
  }
}

/** What saving a batch writes, per collection, as JSON text. */
export interface HistoryWrites {
  days: JsonDocument[];
  reportDays: JsonDocument[];
  citations: JsonDocument[];
  promptTotals: JsonDocument[];
  evidence: JsonDocument[];
  evidenceRevisions: JsonDocument[];
}

const asJson = <T extends Doc>(documents: Iterable<T>): JsonDocument[] => [...documents].map((document) => ({ _id: document._id, json: JSON.stringify(document) }));
const textsOf = (texts: Map<string, JsonDocument>): JsonDocument[] => [...texts.values()].map(({ _id, json }) => ({ _id, json }));

/** The touched documents, whole: those a part wrote alone as that part's text, the others serialized here. */
export function historyWrites(batch: HistoryBatch): HistoryWrites {
  return {
    days: [...textsOf(batch.dayTexts), ...asJson(batch.days.values())],
    reportDays: asJson(batch.reportDays.values()),
    citations: asJson([...batch.citations.values()].map(citationsDocument)),
    promptTotals: asJson([...batch.promptTotals.values()].map(promptTotalsDocument)),
    evidence: [...textsOf(batch.evidenceTexts), ...asJson(batch.evidence.values())],
    // Every day with evidence written, added up or kept as its part's text, gets a new revision.
    evidenceRevisions: asJson(evidenceRevisionsOf([...[...batch.evidenceTexts.values()].map(({ day }) => day), ...batch.evidence.values()])),
  };
}

/** Writes the touched documents back, whole. */
export async function saveHistoryBatch(collections: HistoryCollections, batch: HistoryBatch): Promise<void> {
  const writes = historyWrites(batch);
  await collections.days.upsertJson(writes.days);
  await collections.reportDays.upsertJson(writes.reportDays);
  await collections.reportCitations.upsertJson(writes.citations);
  await collections.promptTotals.upsertJson(writes.promptTotals);
  await collections.evidence.upsertJson(writes.evidence);
  // After the documents: a reader that saw the new revision reads them as written.
  await collections.evidenceRevisions.upsertJson(writes.evidenceRevisions);
}
