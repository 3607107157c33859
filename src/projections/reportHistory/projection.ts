import { systemClock, type Clock } from '../../background/clock.js';
import { compileDetection } from '../../domain/analysis/index.js';
import type { BrandReportEvent } from '../../domain/brandReport/events.js';
import type { RunCompleted } from '../../domain/run/events.js';
import type { Collection } from '../../ports/documentStore.js';
import type { Projection, ProjectionScope } from '../runner/projection.js';
import { inProcessAnalyst, type RunAnalyst } from './analysis/analyst.js';
import {
  HISTORY_COLLECTIONS,
  historyCollections,
  historyDeltaOf,
  loadHistoryBatchFor,
  mergeHistoryDelta,
  saveHistoryBatch,
  type HistoryCollections,
  type HistoryDelta,
} from './historyBatch.js';
import { evidenceFrom } from './evidenceDocument.js';
import { runContribution, type EvidenceFrom } from './runContribution.js';
import { nextSettings, versionId, type ReportVersionDoc } from './versions.js';
import type { EncodedFacts } from './analysis/factsCodec.js';
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

/** Active versions by prompt: who receives a new run. Built once per batch, rebuilt after a report event. */
async function activeVersionsByPrompt(versions: Collection<ReportVersionDoc>): Promise<Map<string, ReportVersionDoc[]>> {
  const byPrompt = new Map<string, ReportVersionDoc[]>();
  for (const version of await versions.find({ state: 'active' })) {
    for (const promptId of version.promptIds) byPrompt.set(promptId, [...(byPrompt.get(promptId) ?? []), version]);
  }
  return byPrompt;
}

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

type Run = RunCompleted['data'];

/** The runs of a batch each active version tracks. */
function runsByVersion(runs: readonly Run[], byPrompt: Map<string, ReportVersionDoc[]>): Map<ReportVersionDoc, Run[]> {
  const byVersion = new Map<ReportVersionDoc, Run[]>();
  for (const run of runs) {
    for (const version of byPrompt.get(run.promptId) ?? []) {
      const versionRuns = byVersion.get(version);
      if (versionRuns) versionRuns.push(run);
      else byVersion.set(version, [run]);
    }
  }
  return byVersion;
}

/**
 * History deltas prepared before a batch's transaction, by version id, with the runs they hold. A version's
 * detection never changes (a change opens the next version), so a delta found here under the version's id,
 * for the same runs, is what those runs add to it.
 */
type PreparedDeltas = Map<string, { runs: readonly Run[]; deltas: HistoryDelta[] }>;

/** What `prepare` hands to `apply`: the deltas, and the text facts derived for them, to keep. */
interface Prepared {
  deltas: PreparedDeltas;
  derivedFacts: { runs: Run[]; derived: (EncodedFacts | null)[] };
}

const sameRuns = (left: readonly Run[], right: readonly Run[]): boolean =>
  left.length === right.length && left.every((run, index) => run === right[index]);

/** Adds runs to the history of every active version that tracks their prompt; one read, one write per collection. */
async function applyRuns(
  runs: Run[],
  byPrompt: Map<string, ReportVersionDoc[]>,
  collections: HistoryCollections,
  prepared: PreparedDeltas | undefined,
  keptFrom: EvidenceFrom,
): Promise<void> {
  const deltas: HistoryDelta[] = [];
  for (const [version, versionRuns] of runsByVersion(runs, byPrompt)) {
    const ready = prepared?.get(version._id);
    if (ready && sameRuns(ready.runs, versionRuns)) {
      deltas.push(...ready.deltas);
      continue;
    }
    // A version that became active after `prepare` read the active ones (a rebuild switched meanwhile) has no
    // prepared delta: its runs are measured here.
    const detection = compileDetection(version.detection);
    deltas.push(historyDeltaOf(version, versionRuns.map((run) => runContribution(run, detection, keptFrom)), detection.brands.length));
  }
  const batch = await loadHistoryBatchFor(collections, deltas);
  for (const delta of deltas) mergeHistoryDelta(batch, delta);
  await saveHistoryBatch(collections, batch);
}

/** Has the analyst's threads measure the batch's runs for the versions active now, from their stored facts, and merge them. */
async function prepareDeltas(analyst: RunAnalyst, runs: Run[], scope: ProjectionScope, keptFrom: EvidenceFrom): Promise<Prepared> {
  const byVersion = runsByVersion(runs, await activeVersionsByPrompt(scope.collection<ReportVersionDoc>(REPORT_HISTORY.versions)));
  const prepared: Prepared = { deltas: new Map(), derivedFacts: { runs: [], derived: [] } };
  await Promise.all(
    [...byVersion].map(async ([version, versionRuns]) => {
      const facts = await loadTextFacts(scope.collection<TextFactsDoc>(TEXT_FACTS_COLLECTION), versionRuns);
      const { deltas, derived } = await analyst.history({ detection: version.detection, version, runs: versionRuns, facts, evidenceFrom: keptFrom });
      prepared.deltas.set(version._id, { runs: versionRuns, deltas });
      prepared.derivedFacts.runs.push(...versionRuns);
      prepared.derivedFacts.derived.push(...derived);
    }),
  );
  return prepared;
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
  async prepare(events, scope: ProjectionScope) {
    const runs = events.flatMap((event) => (event.type === 'RunCompleted' ? [event.data] : []));
    if (runs.length === 0) return undefined;
    return prepareDeltas(analyst, runs, scope, evidenceFrom(clock.now()));
  },
  async apply(events, scope: ProjectionScope, prepared) {
    const versions = scope.collection<ReportVersionDoc>(REPORT_HISTORY.versions);
    const collections = historyCollections((logical) => scope.collection(logical));
    const runs: RunCompleted['data'][] = [];
    for (const event of events) {
      if (event.type === 'RunCompleted') runs.push(event.data);
      else if (event.type === 'BrandReportCreated') await versions.insertOne(createdVersion(event));
      else await openNextVersion(versions, event, event.created.toISOString());
    }
    // Report events only open versions that are building (or active with no prompt), so which active version
    // receives a run does not depend on where the run stands among them: the batch's runs go in at once.
    if (runs.length > 0) await applyRuns(runs, await activeVersionsByPrompt(versions), collections, (prepared as Prepared | undefined)?.deltas, evidenceFrom(clock.now()));
    const derivedFacts = (prepared as Prepared | undefined)?.derivedFacts;
    if (derivedFacts) await saveTextFacts(scope.collection<TextFactsDoc>(TEXT_FACTS_COLLECTION), derivedFacts.runs, derivedFacts.derived);
  },
});

/** The projection measuring on the calling thread; the service composes one with worker threads. */
export const reportHistoryProjection = reportHistoryProjectionWith(inProcessAnalyst);
