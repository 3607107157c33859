import type { Logger } from 'pino';
import type { DocumentStore, TransactionScope } from '../../ports/documentStore.js';
import { START, type EventStore, type Position, type RecordedEvent, type Subscription } from '../../ports/eventStore.js';
import {
  CHECKPOINTS_COLLECTION,
  checkpointId,
  physicalCollectionName,
  type CheckpointDoc,
  type Projection,
  type ProjectionScope,
} from './projection.js';
import { delay, PositionWaiters } from '../../background/positionWaiters.js';

export interface ProjectionRunnerOptions {
  logger: Logger;
  /** Events per transaction. */
  batchSize?: number;
  /** Batches read and prepared beyond the one committing (default 2): a projection's `prepare` stays busy. */
  prepareAhead?: number;
  /** Pause before restarting a projection whose batch failed. */
  retryDelayMs?: number;
  now?: () => Date;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  state: 'building' | 'live';
  /** Every matching event at or before this position is applied. */
  position: string;
  headPosition: string;
  /** head - position, in log positions (a count of events on the embedded store). */
  lag: string;
}

interface RunningProjection {
  projection: Projection;
  scannedTo: Position;
  state: 'building' | 'live';
  subscription: Subscription | null;
  loop: Promise<void> | null;
  /** The last batch handed to commit: commits are chained, so they follow the log one at a time. */
  committing: Promise<void>;
  /** Commits not yet awaited by the subscription, oldest first. */
  commits: Promise<void>[];
}

/**
 * Runs projections as catch-up subscriptions. Each batch is applied in one document-store transaction
 * that also moves the projection's checkpoint, so a crash at any point neither loses nor re-applies an event.
 */
export class ProjectionRunner {
  private readonly running: RunningProjection[];
  private readonly waiters = new PositionWaiters('Read models');
  private stopped = true;

  constructor(
    private readonly eventStore: EventStore,
    private readonly documentStore: DocumentStore,
    projections: readonly Projection[],
    private readonly options: ProjectionRunnerOptions,
  ) {
    this.running = projections.map((projection) => ({
      projection,
      scannedTo: START,
      state: 'building',
      subscription: null,
      loop: null,
      committing: Promise.resolve(),
      commits: [],
    }));
  }

  async start(): Promise<void> {
    this.stopped = false;
    for (const entry of this.running) {
      const checkpoint = await this.loadCheckpoint(entry.projection);
      this.assertSameEventStore(entry.projection, checkpoint);
      entry.scannedTo = checkpoint ? BigInt(checkpoint.position) : START;
      entry.state = checkpoint?.state ?? 'building';
      await entry.projection.setup?.(this.scopeFor(entry.projection, this.documentStore));
      entry.loop = this.runLoop(entry);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running.map((entry) => entry.subscription?.stop()));
    await Promise.all(this.running.map((entry) => entry.loop));
  }

  /** Resolves once every projection has applied all events up to `position` (read-your-writes). */
  waitFor(position: Position, timeoutMs = 10_000): Promise<void> {
    if (this.running.length === 0 || this.minimumScanned() >= position) return Promise.resolve();
    return this.waiters.wait(position, timeoutMs);
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.eventStore.headPosition();
    return this.running.map(({ projection, scannedTo, state }) => ({
      name: projection.name,
      version: projection.version,
      state,
      position: scannedTo.toString(),
      headPosition: head.toString(),
      lag: (head > scannedTo ? (this.eventStore.distance?.(scannedTo, head) ?? head - scannedTo) : 0n).toString(),
    }));
  }

  private async runLoop(entry: RunningProjection): Promise<void> {
    const { logger, retryDelayMs = 1000, batchSize = this.documentStore.preferredBatchSize ?? 5000 } = this.options;
    while (!this.stopped) {
      const headAtStart = await this.eventStore.headPosition();
      if (entry.state === 'building' && entry.scannedTo >= headAtStart) await this.markLive(entry);
      entry.subscription = this.eventStore.subscribe(
        { from: entry.scannedTo, filter: { eventTypes: entry.projection.eventTypes }, batchSize },
        (events, scannedTo) => this.handleBatch(entry, events, scannedTo, headAtStart),
      );
      try {
        await entry.subscription.done;
        await entry.committing;
      } catch (error) {
        // The next subscription starts again after the last committed batch, once no commit is under way.
        await entry.committing.catch(() => undefined);
        entry.committing = Promise.resolve();
        entry.commits = [];
        logger.error({ err: error, projection: entry.projection.name }, 'projection batch failed; restarting from its checkpoint');
        if (!this.stopped) await delay(retryDelayMs);
      }
    }
  }

  /**
   * Prepares a batch (outside any transaction; report history measures answers on worker threads), then
   * commits it once the previous batch is committed: the subscription reads and prepares batches n+1 and n+2
   * while batch n is written, and waits before reading further. Commits stay in log order, one at a time.
   */
  private async handleBatch(entry: RunningProjection, events: RecordedEvent[], scannedTo: Position, headAtStart: Position): Promise<void> {
    const { projection } = entry;
    const prepared = events.length > 0 && projection.prepare ? projection.prepare(events, this.scopeFor(projection, this.documentStore)) : undefined;
    // Awaited by the commit; a failure before then is not unhandled.
    prepared?.catch(() => undefined);
    const committing = entry.committing.then(() => this.commitBatch(entry, events, scannedTo, headAtStart, prepared));
    // A failed commit ends the subscription even when no later batch comes to await it (a live projection
    // at the head of the log): the run loop then restarts from the checkpoint.
    const subscription = entry.subscription;
    committing.catch(() => void subscription?.stop().catch(() => undefined));
    entry.committing = committing;
    entry.commits.push(committing);
    // The subscription reads on while at most `prepareAhead` batches wait for their turn to commit.
    while (entry.commits.length > (this.options.prepareAhead ?? 2)) await entry.commits.shift();
  }

  private async commitBatch(
    entry: RunningProjection,
    events: RecordedEvent[],
    scannedTo: Position,
    headAtStart: Position,
    preparing: Promise<unknown> | undefined,
  ): Promise<void> {
    if (events.length > 0) {
      const prepared = await preparing;
      await this.documentStore.withTransaction(async (transaction) => {
        // Another process running the same projection may have committed part of this batch meanwhile:
        // the checkpoint read inside the transaction decides what is still to apply.
        const stored = await this.storedCheckpoint(transaction, entry.projection);
        const committed = stored ? BigInt(stored.position) : START;
        const pending = events.filter((event) => event.position > committed);
        if (pending.length > 0) await entry.projection.apply(pending, this.scopeFor(entry.projection, transaction), prepared);
        await this.advanceCheckpoint(transaction, entry, stored, scannedTo);
      });
    }
    entry.scannedTo = scannedTo;
    if (entry.state === 'building' && scannedTo >= headAtStart) await this.markLive(entry);
    this.releaseWaiters();
    // The embedded stores answer synchronously, so a long catch-up would otherwise run as one chain of
    // microtasks and starve HTTP requests and timers until it finished.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  private scopeFor(projection: Projection, scope: TransactionScope): ProjectionScope {
    return {
      collection: (logicalName) =>
        scope.collection(physicalCollectionName(projection.name, projection.version, logicalName)),
    };
  }

  /** A position of another kind of event store would be misread: EventStoreDB's encode two numbers. */
  private assertSameEventStore({ name, version }: Projection, checkpoint: CheckpointDoc | null): void {
    const kind = this.eventStore.kind;
    if (checkpoint?.eventStore === undefined || kind === undefined || checkpoint.eventStore === kind) return;
    throw new Error(
      `The read models of ${name} v${version} follow the ${checkpoint.eventStore} event store, not this ${kind} one: point the process at their event store, or at empty read models to rebuild them`,
    );
  }

  private loadCheckpoint(projection: Projection): Promise<CheckpointDoc | null> {
    return this.documentStore
      .collection<CheckpointDoc>(CHECKPOINTS_COLLECTION)
      .findOne({ _id: checkpointId(projection.name, projection.version) });
  }

  private storedCheckpoint(scope: TransactionScope, { name, version }: Projection): Promise<CheckpointDoc | null> {
    return scope.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION).findOne({ _id: checkpointId(name, version) });
  }

  /**
   * Writes the checkpoint `stored` (read in the same transaction) moved forward to `position` and to this
   * runner's state. Another process running the projection may stand further, or be live already: a
   * checkpoint never moves back, nor from live back to building, or the next start would re-apply events.
   */
  private async advanceCheckpoint(scope: TransactionScope, entry: RunningProjection, stored: CheckpointDoc | null, position: Position): Promise<void> {
    const { name, version } = entry.projection;
    const storedPosition = stored ? BigInt(stored.position) : START;
    const state = stored?.state === 'live' ? 'live' : entry.state;
    if (stored && position <= storedPosition && state === stored.state) return;
    const newest = position > storedPosition ? position : storedPosition;
    const eventStore = this.eventStore.kind === undefined ? {} : { eventStore: this.eventStore.kind };
    await scope.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION).updateOne(
      { _id: checkpointId(name, version) },
      { $set: { name, version, position: newest.toString(), state, updatedDate: this.nowIso(), ...eventStore } },
      { upsert: true },
    );
  }

  /** The version has caught up once: queries may switch to it, and older versions are dropped. */
  private async markLive(entry: RunningProjection): Promise<void> {
    entry.state = 'live';
    await this.documentStore.withTransaction(async (scope) =>
      this.advanceCheckpoint(scope, entry, await this.storedCheckpoint(scope, entry.projection), entry.scannedTo),
    );
    await this.dropOlderVersions(entry.projection);
    this.options.logger.info({ projection: entry.projection.name, version: entry.projection.version }, 'projection is live');
  }

  private async dropOlderVersions({ name, version }: Projection): Promise<void> {
    const checkpoints = this.documentStore.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
    const older = await checkpoints.find({ name, version: { $lt: version } });
    if (older.length === 0) return;
    const collections = await this.documentStore.listCollections();
    for (const { version: oldVersion } of older) {
      const prefix = physicalCollectionName(name, oldVersion, '');
      for (const collectionName of collections.filter((candidate) => candidate.startsWith(prefix))) {
        await this.documentStore.collection(collectionName).drop();
      }
    }
    await checkpoints.deleteMany({ name, version: { $lt: version } });
  }

  private minimumScanned(): Position {
    return this.running.reduce<Position | null>(
      (minimum, entry) => (minimum === null || entry.scannedTo < minimum ? entry.scannedTo : minimum),
      null,
    ) ?? START;
  }

  private releaseWaiters(): void {
    this.waiters.release(this.minimumScanned());
  }

  private nowIso(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }
}
