import { systemClock, type Clock } from '../../background/clock.js';
import type { BrandReportEvent } from '../../domain/brandReport/events.js';
import type { RunCompleted } from '../../domain/run/events.js';
import type { Collection } from '../../ports/documentStore.js';
import type { ProjectedEvent, Projection, ProjectionScope } from '../runner/projection.js';
import { inProcessAnalyst, type HistoryDeltas, type HistoryTask, type RunAnalyst } from './analysis/analyst.js';
import { taskRunOf } from './taskRuns.js';
import {
  HISTORY_COLLECTIONS,
  historyCollections,
  loadHistoryBatchFor,
  mergeHistoryDelta,
  saveHistoryBatch,
} from './historyBatch.js';
import { evidenceFrom } from './evidenceDocument.js';
import type { EvidenceFrom } from './runContribution.js';
import { nextSettings, versionId, type ReportVersionDoc } from './versions.js';
import { loadTextFacts, saveTextFacts, TEXT_FACTS_COLLECTION, type TextFactsDoc } from './textFactsStore.js';

/**
 * Version 2: report-level aggregates, domain citations per brand, suggested names, cited URLs' titles.
 * Version 3: per brand the sums behind visibilityScore and likelihoodToBuy; no common word at a sentence start
 * among the suggested names.
 * Version 4: the evidence recommendations quote, per prompt and day (`evidenceDocument.ts`).
 */
export const REPORT_HISTORY = { name: 'reportHistory', version: 4, versions: 'versions', ...HISTORY_COLLECTIONS } as const;

export const REPORT_EVENT_TYPES = [
  'BrandReportCreated',
  'BrandReportDetectionChanged',
  'PromptsAssignedToReport',
  'PromptsUnassignedFromReport',
  'BrandReportReplayRequested',
] as const;

type HistoryEvent = BrandReportEvent | RunCompleted;

/**
 * Version 1 holds the prompts the report was created with. Without prompts there is nothing to replay and it
 * is active at once; with prompts their past runs are replayed into it (runs may predate the report) before
 * it counts as finished.
 */
function createdVersion(event: Extract<HistoryEvent, { type: 'BrandReportCreated' }>): ReportVersionDoc {
  const { reportId, detection, createdDate, prompts = [] } = event.data;
  const empty = prompts.length === 0;
  return {
    _id: versionId(reportId, 1),
    reportId,
    version: 1,
    state: empty ? 'active' : 'building',
    detection,
    promptIds: prompts.map(({ promptId }) => promptId),
    position: '0',
    processed: 0,
    total: empty ? 0 : null,
    startedDate: createdDate,
    finishedDate: empty ? createdDate : null,
    reason: 'created',
  };
}

/**
 * A detection change, a prompt assignment change or a replay request opens the next version in `building`
 * state (the rebuilder fills it from the event log) and supersedes an unfinished one.
 */
async function openNextVersion(versions: Collection<ReportVersionDoc>, event: BrandReportEvent, at: string): Promise<void> {
  const { reportId } = event.data;
  const [latest] = await versions.find({ reportId }, { sort: { version: -1 }, limit: 1 });
  if (!latest) return;
  const settings = nextSettings(latest, event);
  if (!settings) return;
  await versions.updateMany({ reportId, state: 'building' }, { $set: { state: 'superseded', finishedDate: at } });
  const version = latest.version + 1;
  await versions.insertOne({
    _id: versionId(reportId, version),
    reportId,
    version,
    state: 'building',
    ...settings,
    position: '0',
    processed: 0,
    total: null,
    startedDate: at,
    finishedDate: null,
  });
}

type RunEvent = ProjectedEvent<RunCompleted>;

const isRunEvent = (event: ProjectedEvent<HistoryEvent>): event is RunEvent => event.type === 'RunCompleted';

/**
 * The active versions that track prompts: those the batch's runs go to. Report events only open versions that
 * are building, or active without prompts, so which of them receives a run does not depend on where the run
 * stands among a batch's events.
 */
async function receivingVersions(versions: Collection<ReportVersionDoc>): Promise<ReportVersionDoc[]> {
  return (await versions.find({ state: 'active' })).filter(({ promptIds }) => promptIds.length > 0);
}

/** The analyst's task for runs and versions: the runs as their stored text where the store kept it, with their stored facts. */
async function historyTaskFor(runs: readonly RunEvent[], versions: readonly ReportVersionDoc[], scope: ProjectionScope, keptFrom: EvidenceFrom): Promise<HistoryTask> {
  const parts = runs.map(taskRunOf);
  const facts = await loadTextFacts(scope.collection<TextFactsDoc>(TEXT_FACTS_COLLECTION), parts.map(({ runId }) => runId));
  return { versions: versions.map((version) => ({ detection: version.detection, version })), runs: parts.map(({ run }) => run), facts, evidenceFrom: keptFrom };
}

/**
 * What `prepare` hands to `apply`: what the batch's runs add to the versions that were active then. A version's
 * detection and prompts never change (a change opens the next version), so it is what the same runs add to the
 * same versions in `apply`.
 */
interface Prepared {
  runs: readonly RunEvent[];
  versionIds: readonly string[];
  measured: HistoryDeltas;
}

const sameItems = <T>(left: readonly T[], right: readonly T[]): boolean => left.length === right.length && left.every((item, index) => item === right[index]);

/** Adds runs to the history of every version that tracks their prompt; one read, one write per collection. */
async function applyRuns(runs: readonly RunEvent[], versions: readonly ReportVersionDoc[], scope: ProjectionScope, prepared: Prepared | undefined, keptFrom: EvidenceFrom): Promise<void> {
  if (versions.length === 0) return;
  const ready = prepared && sameItems(prepared.runs, runs) && sameItems(prepared.versionIds, versions.map(({ _id }) => _id));
  // Measured here when `prepare` saw other runs (another process committed part of the batch) or other versions
  // (a rebuild switched meanwhile).
  const measured = ready ? prepared.measured : await inProcessAnalyst.history(await historyTaskFor(runs, versions, scope, keptFrom));
  const collections = historyCollections((logical) => scope.collection(logical));
  const deltas = measured.deltas.flat();
  const batch = await loadHistoryBatchFor(collections, deltas);
  for (const delta of deltas) mergeHistoryDelta(batch, delta);
  await saveHistoryBatch(collections, batch);
  await saveTextFacts(scope.collection<TextFactsDoc>(TEXT_FACTS_COLLECTION), measured.derived);
}

/**
 * Per-day history of every report version that is live: each completed run is analysed with the detection
 * settings of each active version whose prompts include it. Past runs reach a new version through the rebuilder.
 * `analyst` measures the runs of a batch before its transaction (worker threads in a service); `clock` tells
 * which days the evidence read model keeps.
 */
export const reportHistoryProjectionWith = (analyst: RunAnalyst, clock: Clock = systemClock): Projection<HistoryEvent> => ({
  name: REPORT_HISTORY.name,
  version: REPORT_HISTORY.version,
  eventTypes: [...REPORT_EVENT_TYPES, 'RunCompleted'],
  async setup(scope: ProjectionScope) {
    await scope.collection(REPORT_HISTORY.versions).createIndex({ reportId: 1, version: 1 });
    await scope.collection(REPORT_HISTORY.versions).createIndex({ state: 1 });
    await scope.collection(REPORT_HISTORY.days).createIndex({ reportId: 1, version: 1, promptId: 1, day: 1 });
    await scope.collection(REPORT_HISTORY.reportDays).createIndex({ reportId: 1, version: 1, country: 1, day: 1 });
    await scope.collection(REPORT_HISTORY.reportCitations).createIndex({ reportId: 1, version: 1, country: 1, span: 1, day: 1 });
    await scope.collection(REPORT_HISTORY.evidence).createIndex({ reportId: 1, version: 1, country: 1, day: 1 });
    await scope.collection(REPORT_HISTORY.evidenceRevisions).createIndex({ reportId: 1, version: 1, country: 1, day: 1 });
    await scope.collection(REPORT_HISTORY.promptTotals).createIndex({ reportId: 1, version: 1, country: 1, span: 1, engine: 1, day: 1 });
  },
  /** Has the analyst's threads measure the batch's runs for the versions active now, from their stored facts, and merge them. */
  async prepare(events, scope: ProjectionScope): Promise<Prepared | undefined> {
    const runs = events.filter(isRunEvent);
    if (runs.length === 0) return undefined;
    const versions = await receivingVersions(scope.collection<ReportVersionDoc>(REPORT_HISTORY.versions));
    // No version takes runs (every report's first version still building): nothing to measure, no thread to start.
    if (versions.length === 0) return undefined;
    const measured = await analyst.history(await historyTaskFor(runs, versions, scope, evidenceFrom(clock.now())));
    return { runs, versionIds: versions.map(({ _id }) => _id), measured };
  },
  async apply(events, scope: ProjectionScope, prepared) {
    const versions = scope.collection<ReportVersionDoc>(REPORT_HISTORY.versions);
    const runs: RunEvent[] = [];
    for (const event of events) {
      if (isRunEvent(event)) runs.push(event);
      else if (event.type === 'BrandReportCreated') await versions.insertOne(createdVersion(event));
      else await openNextVersion(versions, event, event.created.toISOString());
    }
    // The batch's runs go in at once, after its report events (`receivingVersions`).
    if (runs.length > 0) await applyRuns(runs, await receivingVersions(versions), scope, prepared as Prepared | undefined, evidenceFrom(clock.now()));
  },
});

/** The projection measuring on the calling thread; the service composes one with worker threads. */
export const reportHistoryProjection = reportHistoryProjectionWith(inProcessAnalyst);
