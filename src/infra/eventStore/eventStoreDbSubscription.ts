/**
 * A catch-up subscription to `$all` on EventStoreDB/KurrentDB, fed to the port's batch handler: ordered
 * batches, one call at a time, with the server's checkpoints and idle reads as progress between events.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AllStreamResolvedEvent, AllStreamSubscription, KurrentDBClient, Position as StorePosition } from '@kurrent/kurrentdb-client';
import type { BatchHandler, EventFilter, Position, ReadAllResult, RecordedEvent, SubscribeOptions, Subscription } from '../../ports/eventStore.js';
import { START } from '../../ports/eventStore.js';
import { ChangeSignal } from './catchUpSubscription.js';
import { fromStorePosition, isUserEvent, serverFilter, toReadPosition, toRecorded } from './eventStoreDbMapping.js';
import { assertCount, DEFAULT_BATCH_SIZE, matchesFilter } from './semantics.js';

/**
 * A checkpoint after every window the server searches (32 events): with more, a filtered subscription whose
 * events are rare hears of its progress only every `interval × 32` events.
 */
const CHECKPOINT_INTERVAL = 1;
/**
 * A subscription that has heard nothing for this long reads where the log stands: the server sends no
 * checkpoint for the last events of a window, so on an idle log progress would stop short of the head.
 */
const IDLE_PROBE_MS = 200;

/** One step of progress through `$all`: a delivered event, a skipped one, or a server checkpoint. */
interface Progress {
  position: Position;
  event?: RecordedEvent;
  isCheckpoint: boolean;
}

/**
 * Feeds the server's subscription through a bounded queue, so the handler sees ordered batches, one call
 * at a time, and checkpoints arrive in order with the events around them.
 */
export class EventStoreDbSubscription implements Subscription {
  readonly done: Promise<void>;
  readonly #source: AllStreamSubscription;
  readonly #queue: Progress[] = [];
  readonly #queued = new ChangeSignal();
  readonly #from: Position;
  readonly #filter: EventFilter | undefined;
  readonly #batchSize: number;
  /** Reads the log after a position with this subscription's filter: where an idle subscription stands. */
  readonly #probe: (from: Position) => Promise<ReadAllResult>;
  #failure: unknown;
  #stopped = false;
  #finished = false;

  constructor(client: KurrentDBClient, options: SubscribeOptions, handler: BatchHandler, probe: (from: Position) => Promise<ReadAllResult>) {
    assertCount('batchSize', options.batchSize, 1);
    this.#batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.#from = options.from ?? START;
    this.#filter = options.filter;
    this.#probe = probe;
    this.#source = client.subscribeToAll({
      fromPosition: toReadPosition(this.#from),
      filter: serverFilter(options.filter, { checkpointInterval: CHECKPOINT_INTERVAL, checkpointReached: (_, position) => this.#onCheckpoint(position) }),
    });
    this.#source.on('data', (resolved: AllStreamResolvedEvent) => this.#onEvent(resolved));
    this.#source.on('error', (error: Error) => this.#fail(error));
    this.#source.on('end', () => this.#fail(new Error('EventStoreDB ended the subscription')));
    this.done = this.#run(handler);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#queued.notify();
    await this.done.catch(() => undefined);
  }

  #onEvent({ event }: AllStreamResolvedEvent): void {
    if (!event) return;
    const position = fromStorePosition(event.position);
    if (position <= this.#from) return;
    const delivered = isUserEvent(event) && matchesFilter(this.#filter, event.streamId, event.type);
    this.#enqueue({ position, isCheckpoint: false, ...(delivered ? { event: toRecorded(event) } : {}) });
  }

  /**
   * The client awaits this before passing on later events, but events it already passed on may still sit
   * in the stream's buffer: wait until they are queued, so the checkpoint lands after them.
   */
  async #onCheckpoint(position: StorePosition): Promise<void> {
    while (this.#source.readableLength > 0 && !this.#finished) await sleep(1);
    this.#enqueue({ position: fromStorePosition(position), isCheckpoint: true });
  }

  #enqueue(progress: Progress): void {
    this.#queue.push(progress);
    if (this.#queue.length >= 2 * this.#batchSize) this.#source.pause();
    this.#queued.notify();
  }

  #fail(error: unknown): void {
    if (this.#finished || this.#stopped) return;
    this.#failure ??= error;
    this.#queued.notify();
  }

  async #run(handler: BatchHandler): Promise<void> {
    let delivered = this.#from;
    try {
      for (;;) {
        if (this.#failure !== undefined) throw this.#failure;
        if (this.#stopped) return;
        if (this.#queue.length === 0) {
          const idle = await Promise.race([this.#queued.next().then(() => false), sleep(IDLE_PROBE_MS, true, { ref: false })]);
          if (idle) await this.#probeIdle(delivered);
          continue;
        }
        const batch = this.#takeBatch();
        if (batch.scannedTo > delivered && (batch.events.length > 0 || batch.reachedCheckpoint)) {
          await handler(batch.events, batch.scannedTo);
          delivered = batch.scannedTo;
        }
      }
    } finally {
      this.#finished = true;
      await this.#source.unsubscribe();
    }
  }

  /**
   * Reports how far the log holds nothing for this subscription. Only a read that finds no matching event
   * after `delivered` counts: a matching event it finds is on its way through the subscription.
   */
  async #probeIdle(delivered: Position): Promise<void> {
    const read = await this.#probe(delivered);
    if (read.events.length === 0 && read.scannedTo > delivered) this.#enqueue({ position: read.scannedTo, isCheckpoint: true });
  }

  #takeBatch(): { events: RecordedEvent[]; scannedTo: Position; reachedCheckpoint: boolean } {
    const events: RecordedEvent[] = [];
    let scannedTo = START;
    let reachedCheckpoint = false;
    while (events.length < this.#batchSize) {
      const progress = this.#queue.shift();
      if (!progress) break;
      // Checkpoints may trail the events already sent; progress never moves backwards.
      if (progress.position > scannedTo) scannedTo = progress.position;
      if (progress.event) events.push(progress.event);
      reachedCheckpoint ||= progress.isCheckpoint;
    }
    if (this.#source.isPaused() && this.#queue.length < this.#batchSize) this.#source.resume();
    return { events, scannedTo, reachedCheckpoint };
  }
}
