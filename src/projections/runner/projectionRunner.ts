import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { DocumentStore, TransactionScope } from '../../ports/documentStore.js';
import { START, type EventStore, type Position, type RecordedEvent } from '../../ports/eventStore.js';
import { CHECKPOINTS_COLLECTION, checkpointId, physicalCollectionName, type CheckpointDoc, type Projection, type ProjectionScope } from './projection.js';
import { storedCheckpoint } from './checkpoints.js';
import { SubscriptionLoop, type SubscriptionStep } from '../../background/subscriptionLoop.js';
import { systemClock, type Clock } from '../../background/clock.js';

export interface ProjectionRunnerOptions {
  logger: Logger;
  /** Events per transaction. */
  batchSize?: number;
  /** Batches read and prepared beyond the one committing (default 2): a projection's `prepare` stays busy. */
  prepareAhead?: number;
  /** Pause before restarting a projection whose batch failed. */
  retryDelayMs?: number;
  /** Dates the checkpoints' `updatedDate`, and paces the pause before a restart. */
  clock?: Clock;
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
  state: 'building' | 'live';
  /** Its position is the projection's: every matching event at or before it is committed. */
  loop: SubscriptionLoop;
  /** The head of the log when the current subscription started: reaching it makes a building version live. */
  headAtStart: Position;
  /** The last batch handed to commit: commits are chained, so they follow the log one at a time. */
  committing: Promise<void>;
  /** Commits not yet awaited by the subscription, oldest first. */
  commits: Promise<void>[];
}

/**
 * Runs projections as catch-up subscriptions, one subscription loop each. Each batch is applied in one
 * document-store transaction that also moves the projection's checkpoint, so a crash at any point neither
 * loses nor re-applies an event.
 */
export class ProjectionRunner {
  private readonly running: RunningProjection[];

  constructor(
    private readonly eventStore: EventStore,
    private readonly documentStore: DocumentStore,
    projections: readonly Projection[],
    private readonly options: ProjectionRunnerOptions,
  ) {
    this.running = projections.map((projection) => {
      const entry: RunningProjection = {
        projection,
        state: 'building',
        loop: new SubscriptionLoop(eventStore, this.stepFor(() => entry), {
          subject: 'Read models',
          eventTypes: projection.eventTypes,
          batchSize: options.batchSize ?? documentStore.preferredBatchSize ?? 5000,
          logger: options.logger.child({ projection: projection.name }),
          failureMessage: 'projection batch failed; restarting from its checkpoint',
          retryDelayMs: options.retryDelayMs ?? 1000,
          clock: options.clock,
        }),
        headAtStart: START,
        committing: Promise.resolve(),
        commits: [],
      };
      return entry;
    });
  }

  async start(): Promise<void> {
    for (const entry of this.running) {
      const checkpoint = await storedCheckpoint(this.documentStore, entry.projection);
      this.assertSameEventStore(entry.projection, checkpoint);
      entry.loop.advance(checkpoint ? BigInt(checkpoint.position) : START);
      entry.state = checkpoint?.state ?? 'building';
      await entry.projection.setup?.(this.scopeFor(entry.projection, this.documentStore));
      entry.loop.start();
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.running.map((entry) => entry.loop.stop()));
  }

  /** Resolves once every projection has applied all events up to `position` (read-your-writes). */
  async waitFor(position: Position, timeoutMs = 10_000): Promise<void> {
    await Promise.all(this.running.map((entry) => entry.loop.waitFor(position, timeoutMs)));
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.eventStore.headPosition();
    return this.running.map(({ projection, loop: { position: scannedTo }, state }) => ({
      name: projection.name,
      version: projection.version,
      state,
      position: scannedTo.toString(),
      headPosition: head.toString(),
      lag: (head > scannedTo ? (this.eventStore.distance?.(scannedTo, head) ?? head - scannedTo) : 0n).toString(),
    }));
  }

  /** A projection's part in its subscription loop: it subscribes from what is committed, and commits in order. */
  private stepFor(entryOf: () => RunningProjection): SubscriptionStep {
    return {
      checkpoint: async () => {
        const entry = entryOf();
        entry.headAtStart = await this.eventStore.headPosition();
        if (entry.state === 'building' && entry.loop.position >= entry.headAtStart) await this.markLive(entry, entry.loop.position);
        return entry.loop.position;
      },
      handle: (events, scannedTo) => this.handleBatch(entryOf(), events, scannedTo),
      settle: () => entryOf().committing,
      // The next subscription starts again after the last committed batch, once no commit is under way.
      reset: async () => {
        const entry = entryOf();
        await entry.committing.catch(() => undefined);
        entry.committing = Promise.resolve();
        entry.commits = [];
      },
    };
  }

  /**
   * Prepares a batch (outside any transaction; report history measures answers on worker threads), then
   * commits it once the previous batch is committed: the subscription reads and prepares batches n+1 and n+2
   * while batch n is written, and waits before reading further. Commits stay in log order, one at a time.
   */
  private async handleBatch(entry: RunningProjection, events: RecordedEvent[], scannedTo: Position): Promise<void> {
    const { projection } = entry;
    const prepared = events.length > 0 && projection.prepare ? projection.prepare(events, this.scopeFor(projection, this.documentStore)) : undefined;
    // Awaited by the commit; a failure before then is not unhandled.
    prepared?.catch(() => undefined);
    const committing = entry.committing.then(() => this.commitBatch(entry, events, scannedTo, prepared));
    // A failed commit ends the subscription even when no later batch comes to await it (a live projection
    // at the head of the log): the loop then restarts from the checkpoint.
    committing.catch(() => entry.loop.interrupt());
    entry.committing = committing;
    entry.commits.push(committing);
    // The subscription reads on while at most `prepareAhead` batches wait for their turn to commit.
    while (entry.commits.length > (this.options.prepareAhead ?? 2)) await entry.commits.shift();
  }

  private async commitBatch(
    entry: RunningProjection,
    events: RecordedEvent[],
    scannedTo: Position,
    preparing: Promise<unknown> | undefined,
  ): Promise<void> {
    if (events.length > 0) {
      const prepared = await preparing;
      await this.documentStore.withTransaction(async (transaction) => {
        // Another process running the same projection may have committed part of this batch meanwhile:
        // the checkpoint read inside the transaction decides what is still to apply.
        const stored = await storedCheckpoint(transaction, entry.projection);
        const committed = stored ? BigInt(stored.position) : START;
        const pending = events.filter((event) => event.position > committed);
        if (pending.length > 0) await entry.projection.apply(pending, this.scopeFor(entry.projection, transaction), prepared);
        await this.advanceCheckpoint(transaction, entry, stored, scannedTo);
      });
    }
    if (entry.state === 'building' && scannedTo >= entry.headAtStart) await this.markLive(entry, scannedTo);
    entry.loop.advance(scannedTo);
    // The embedded stores answer synchronously, so a long catch-up would otherwise run as one chain of
    // microtasks and starve HTTP requests and timers until it finished.
    await nextTurn();
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
  private async markLive(entry: RunningProjection, position: Position): Promise<void> {
    entry.state = 'live';
    await this.documentStore.withTransaction(async (scope) =>
      this.advanceCheckpoint(scope, entry, await storedCheckpoint(scope, entry.projection), position),
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

  private nowIso(): string {
    return (this.options.clock ?? systemClock).now().toISOString();
  }
}
