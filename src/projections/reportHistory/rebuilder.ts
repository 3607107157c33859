import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Collection, DocumentStore, TransactionScope } from '../../ports/documentStore.js';
import type { EventStore, Position } from '../../ports/eventStore.js';
import { taskRunOf } from './taskRuns.js';
import { physicalCollectionName } from '../runner/projection.js';
import { committedPosition, pinCheckpoint } from '../runner/checkpoints.js';
import { inProcessAnalyst, type HistoryDeltas, type RunAnalyst, type TaskRun } from './analysis/analyst.js';
import { historyCollections, loadHistoryBatchFor, mergeHistoryDelta, saveHistoryBatch, type HistoryCollections } from './historyBatch.js';
import { loadTextFacts, saveTextFacts, TEXT_FACTS_COLLECTION, type TextFactsDoc } from './textFactsStore.js';
import { PhaseTimer, type BatchTimings } from './batchTimings.js';
import { REPORT_HISTORY } from './projection.js';
import { ReadModels } from '../runner/readModels.js';
import { PROMPT_RUN_COUNTS_COLLECTION, runsProjection, type PromptRunCountDoc } from '../runs/projection.js';
import { RETIRED_READABLE_MS, type ReportVersionDoc } from './versions.js';
import { systemClock, type Clock } from '../../background/clock.js';
import { utcDay } from '../../domain/shared/days.js';
import { evidenceFrom, evidencePrunedBefore } from './evidenceDocument.js';
import { Leases } from '../../background/leases.js';

/** Not a read model: which process rebuilds which version (by version id), so that two never rebuild it at once. */
export const REBUILD_LEASES_COLLECTION = 'reportRebuildLeases';

export interface RebuilderOptions {
  /** Identifies this process in leases: two processes never rebuild the same version at once. */
  owner: string;
  logger: Logger;
  clock?: Clock;
  batchSize?: number;
  /** Batches read and handed to the analyst beyond the one being written (default 2), so its threads stay busy. */
  readAhead?: number;
  leaseMs?: number;
  pollMs?: number;
  /** How long a retired version's documents stay readable after the switch (default 7 days, RETIRED_READABLE_MS). */
  retireGraceMs?: number;
  onProgress?: (version: ReportVersionDoc) => void;
  /** Where a batch's time went; for the replay benchmark. */
  onBatchTimings?: (timings: BatchTimings) => void;
  /** Who measures the runs (worker threads in a service); default: this thread. */
  analyst?: RunAnalyst;
}

/** Runs read from the log, with their measures under way. */
interface PendingBatch {
  /** The log position the batch reaches: the version's position once it is written. */
  scanned: Position;
  measured: Promise<HistoryDeltas>;
}

const collectionName = (logical: string) => physicalCollectionName(REPORT_HISTORY.name, REPORT_HISTORY.version, logical);
/**
 * Fills `building` report versions from the event log: it replays past completed runs of the version's
 * prompts through the same analysis, chasing the live projection's checkpoint, and switches the report to
 * the new version in the transaction that finds both at the same position. From then on the live projection
 * feeds it. Progress is checkpointed with the documents, so a restarted process resumes where it stopped.
 */
export class ReportRebuilder {
  /** Set by stop(): the poll loop and a rebuild in progress end at their next step. */
  private stopRequested = false;
  private loop: Promise<void> | null = null;
  private readonly clock: Clock;
  private readonly leases: Leases;
  /** Aborts the pause between polls, so stop() need not wait it out. */
  private pause = new AbortController();

  constructor(
    private readonly eventStore: EventStore,
    private readonly documentStore: DocumentStore,
    private readonly options: RebuilderOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.leases = new Leases(documentStore, REBUILD_LEASES_COLLECTION, options.owner, this.clock);
  }

  start(): void {
    this.stopRequested = false;
    this.pause = new AbortController();
    this.loop = this.pollLoop();
  }

  async stop(): Promise<void> {
    this.stopRequested = true;
    this.pause.abort();
    await this.loop;
  }

  /** Runs every pending rebuild to its end (or supersession) in this process; used by `geolens replay --wait`. */
  async drain(): Promise<void> {
    this.stopRequested = false;
    for (;;) {
      const claimed = await this.claimNext();
      if (!claimed) return;
      await this.rebuildLeased(claimed);
    }
  }

  private async pollLoop(): Promise<void> {
    while (!this.stopRequested) {
      try {
        await this.deleteRetiredVersions();
        await this.pruneEvidence();
        const claimed = await this.claimNext();
        if (claimed) await this.rebuildLeased(claimed);
        else await this.pauseBetweenPolls();
      } catch (error) {
        this.options.logger.error({ err: error }, 'report rebuild failed; retrying');
        await this.pauseBetweenPolls();
      }
    }
  }

  private versions(scope: TransactionScope = this.documentStore): Collection<ReportVersionDoc> {
    return scope.collection<ReportVersionDoc>(collectionName(REPORT_HISTORY.versions));
  }

  private history(scope: TransactionScope = this.documentStore): HistoryCollections {
    return historyCollections((logical) => scope.collection(collectionName(logical)));
  }

  private textFacts(scope: TransactionScope = this.documentStore): Collection<TextFactsDoc> {
    return scope.collection<TextFactsDoc>(collectionName(TEXT_FACTS_COLLECTION));
  }

  private async pauseBetweenPolls(): Promise<void> {
    await this.clock.sleep(this.options.pollMs ?? 500, this.pause.signal).catch(() => undefined);
  }

  private nowIso(offsetMs = 0): string {
    return new Date(this.clock.now().getTime() + offsetMs).toISOString();
  }

  private leaseMs(): number {
    return this.options.leaseMs ?? 30_000;
  }

  /** Takes the lease of the oldest building version nobody else holds (or this process held already). */
  private async claimNext(): Promise<ReportVersionDoc | null> {
    for (const { _id } of await this.versions().find({ state: 'building' }, { sort: { startedDate: 1 } })) {
      const held = (await this.leases.tryAcquire(_id, this.leaseMs())) !== null || (await this.leases.renew(_id, this.leaseMs()));
      if (!held) continue;
      const claimed = await this.versions().findOne({ _id, state: 'building' });
      if (claimed) return claimed;
      await this.leases.release(_id);
    }
    return null;
  }

  private async rebuildLeased(claimed: ReportVersionDoc): Promise<void> {
    try {
      await this.rebuild(claimed);
    } finally {
      await this.leases.release(claimed._id);
    }
  }

  /** The live projection's committed position: the replay chases it, and switches once it stands there. */
  private liveCheckpoint(scope: TransactionScope = this.documentStore): Promise<Position> {
    return committedPosition(scope, REPORT_HISTORY);
  }

  /**
   * A pipeline of batches: while one batch is merged and written, the analyst measures the next ones
   * (`readAhead`), read from the log as soon as there is room. The version's position moves batch by batch, so a stop or a crash
   * resumes after the last written batch, whatever was read or measured ahead.
   */
  private async rebuild(claimed: ReportVersionDoc): Promise<void> {
    let version = claimed;
    if (version.total === null) version = await this.countTotal(version);
    const prompts = new Set(version.promptIds);
    const ahead: PendingBatch[] = [];
    const readAhead = this.options.readAhead ?? 2;
    for (;;) {
      if (this.stopRequested) return;
      const bound = await this.liveCheckpoint();
      const timer = new PhaseTimer();
      if (ahead.length === 0 && BigInt(version.position) < bound) ahead.push(await this.startBatch(version, BigInt(version.position), prompts, bound));
      const batch = ahead.shift();
      if (batch === undefined) {
        const outcome = await this.trySwitch(version);
        if (outcome !== 'behind') return;
        continue;
      }
      // The analyst always has the next batches to measure while this one is merged and written.
      for (let last = ahead.at(-1) ?? batch; ahead.length < readAhead && last.scanned < bound; ) {
        last = await this.startBatch(version, last.scanned, prompts, bound);
        ahead.push(last);
      }
      timer.lap('readEventsMs');
      const next = await this.applyBatch(version, batch, timer);
      if (!next) return;
      this.options.onBatchTimings?.({ runs: next.processed - version.processed, ...timer.phases });
      version = next;
      this.options.onProgress?.(version);
      // The embedded stores answer synchronously, so without a turn of the event loop per batch a rebuild
      // of minutes would starve HTTP requests, timers and the live projection of this process.
      await nextTurn();
    }
  }

  /** Reads the next runs after `from` and hands them to the analyst at once. */
  private async startBatch(version: ReportVersionDoc, from: Position, prompts: ReadonlySet<string>, bound: Position): Promise<PendingBatch> {
    const { runs, runIds, scanned } = await this.readRuns(from, prompts, bound);
    const facts = await loadTextFacts(this.textFacts(), runIds);
    const task = { versions: [{ detection: version.detection, version }], runs, facts, evidenceFrom: evidenceFrom(this.clock.now()) };
    const measured = (this.options.analyst ?? inProcessAnalyst).history(task);
    // Awaited in turn by rebuild(); until then a failure must not count as unhandled.
    measured.catch(() => undefined);
    return { scanned, measured };
  }

  /**
   * The next completed runs after `from`, up to the live checkpoint: as their stored JSON text where the store
   * keeps it (the analyst's thread parses it and leaves out the prompts the version does not track), else the
   * runs of the version's prompts.
   */
  private async readRuns(from: Position, prompts: ReadonlySet<string>, bound: Position): Promise<{ runs: TaskRun[]; runIds: string[]; scanned: Position }> {
    const read = await this.eventStore.readAll({
      from,
      maxCount: this.options.batchSize ?? 5000,
      filter: { eventTypes: ['RunCompleted'] },
    });
    const runs: TaskRun[] = [];
    const runIds: string[] = [];
    for (const event of read.events) {
      if (event.position > bound) break;
      const { run, runId } = taskRunOf(event);
      // A run read as data is left out here when the version does not track its prompt; a text, by the analyst.
      if (typeof run !== 'string' && !prompts.has(run.promptId)) continue;
      runs.push(run);
      runIds.push(runId);
    }
    return { runs, runIds, scanned: read.scannedTo < bound ? read.scannedTo : bound };
  }

  /** Total runs to replay, for progress: the completed runs of the version's prompts known so far. */
  private async countTotal(version: ReportVersionDoc): Promise<ReportVersionDoc> {
    const counts = await new ReadModels(this.documentStore).collection<PromptRunCountDoc>(runsProjection, PROMPT_RUN_COUNTS_COLLECTION);
    const total = (await counts.find({ _id: { $in: version.promptIds } })).reduce((sum, { completedRuns }) => sum + completedRuns, 0);
    return (await this.versions().findOneAndUpdate({ _id: version._id }, { $set: { total } })) ?? version;
  }

  /**
   * Writes one batch with the version's new position; null when the version is no longer this process's to
   * build. The analysis runs outside the transaction, so the write lock is held only for the writes.
   */
  private async applyBatch(version: ReportVersionDoc, pending: PendingBatch, timer: PhaseTimer): Promise<ReportVersionDoc | null> {
    const { scanned } = pending;
    const measured = await pending.measured;
    const deltas = measured.deltas[0] ?? [];
    timer.lap('analysisMs');
    const batch = await loadHistoryBatchFor(this.history(), deltas);
    timer.lap('writeReadModelsMs');
    for (const delta of deltas) mergeHistoryDelta(batch, delta);
    timer.lap('analysisMs');
    const next = await this.documentStore.withTransaction(async (scope) => {
      // Only the lease holder writes a building version's days (renewing its lease in the same transaction),
      // and every batch moves its position: an unchanged position means the days read above are still stored.
      if (!(await this.leases.renew(version._id, this.leaseMs(), scope))) return null;
      const current = await this.versions(scope).findOne({ _id: version._id });
      if (current?.state !== 'building' || current.position !== version.position) return null;
      await saveHistoryBatch(this.history(scope), batch);
      await saveTextFacts(this.textFacts(scope), measured.derived);
      return this.versions(scope).findOneAndUpdate({ _id: version._id }, { $set: { position: scanned.toString() }, $inc: { processed: measured.added[0] ?? 0 } });
    });
    timer.lap('writeReadModelsMs');
    return next;
  }

  /**
   * Switches when the live projection stands exactly where this version's replay stopped: events up to
   * there are in the version, events after it will be applied to it by the live projection.
   */
  private async trySwitch(version: ReportVersionDoc): Promise<'switched' | 'behind' | 'gone'> {
    return this.documentStore.withTransaction(async (scope) => {
      if (!(await this.leases.renew(version._id, this.leaseMs(), scope))) return 'gone';
      const current = await this.versions(scope).findOne({ _id: version._id });
      if (current?.state !== 'building') return 'gone';
      if ((await this.liveCheckpoint(scope)) !== BigInt(current.position)) return 'behind';
      const finishedDate = this.nowIso();
      // Pinning the checkpoint read above makes a live batch committing meanwhile conflict with this switch,
      // so its runs cannot go to the retired version.
      await pinCheckpoint(scope, REPORT_HISTORY, BigInt(current.position), finishedDate);
      await this.versions(scope).updateMany(
        { reportId: version.reportId, state: 'active' },
        { $set: { state: 'retired', finishedDate } },
      );
      await this.versions(scope).updateOne(
        { _id: version._id },
        { $set: { state: 'active', finishedDate, total: current.processed } },
      );
      await this.leases.release(version._id, scope);
      this.options.logger.info({ reportId: version.reportId, version: version.version, runs: current.processed }, 'report history rebuilt');
      return 'switched';
    });
  }

  /** The day whose evidence documents were last pruned, by this process. */
  private evidencePrunedOn = '';

  /**
   * Once a day, deletes the evidence documents older than recommendations read (`evidencePrunedBefore`): live
   * batches and rebuilds stop writing a day before it leaves the window, so they are never written again.
   */
  private async pruneEvidence(): Promise<void> {
    const now = this.clock.now();
    const today = utcDay(now);
    if (today === this.evidencePrunedOn) return;
    const old = { day: { $lt: evidencePrunedBefore(now) } };
    const history = this.history();
    const { deletedCount } = await history.evidence.deleteMany(old);
    await history.evidenceRevisions.deleteMany(old);
    this.evidencePrunedOn = today;
    if (deletedCount > 0) this.options.logger.info({ deleted: deletedCount }, 'evidence older than recommendations read deleted');
  }

  /** Deletes the documents of superseded versions and, once no longer readable, of retired ones. */
  private async deleteRetiredVersions(): Promise<void> {
    const graceEnd = this.nowIso(-(this.options.retireGraceMs ?? RETIRED_READABLE_MS));
    const stale = await this.versions().find({
      $or: [{ state: 'superseded' }, { state: 'retired', finishedDate: { $lte: graceEnd } }],
      dataDeleted: { $ne: true },
    });
    const history = Object.values(this.history());
    for (const version of stale) {
      for (const collection of history) await collection.deleteMany({ reportId: version.reportId, version: version.version });
      await this.versions().updateOne({ _id: version._id }, { $set: { dataDeleted: true } });
    }
  }
}
