import type { Logger } from 'pino';
import { START, type EventStore, type Position, type RecordedEvent, type Subscription } from '../ports/eventStore.js';
import { systemClock, type Clock } from './clock.js';
import { PositionWaiters } from './positionWaiters.js';

/**
 * What one subscriber of the event log does; the loop does the rest. Projectors (read models, the in-memory
 * credentials) and reactors (process managers) are two kinds of this one processor, as in Emmett.
 */
export interface SubscriptionStep {
  /** Where to subscribe from at each (re)start: a stored checkpoint, or what is applied in memory. */
  checkpoint(): Promise<Position>;
  /** Handles one batch; the step calls the loop's `advance` once positions are applied (at once, or when committed). */
  handle(events: RecordedEvent[], scannedTo: Position): Promise<void>;
  /** Awaited once a subscription ends: work the step left under way (commits), whose failure restarts the loop too. */
  settle?(): Promise<void>;
  /** After a failure, before the pause: drops the step's work under way, so the next subscription starts clean. */
  reset?(): Promise<void>;
}

export interface SubscriptionLoopOptions {
  /** Names what is waited for in the timeout of `waitFor` ("Read models", "Credentials", …). */
  subject: string;
  eventTypes: readonly string[];
  batchSize?: number;
  logger: Logger;
  /** Logged with the error when a subscription fails. */
  failureMessage: string;
  /** Pause before subscribing again after a failure. */
  retryDelayMs?: number;
  clock?: Clock;
}

/**
 * A checkpointed catch-up subscription that survives failures: it subscribes from the step's checkpoint, and
 * when the subscription fails (a handler, a commit, a dropped connection) it logs, pauses and subscribes again
 * from the checkpoint. Callers wait for a position with `waitFor` (read-your-writes).
 */
export class SubscriptionLoop {
  private reached: Position = START;
  private readonly waiters: PositionWaiters;
  private readonly clock: Clock;
  private subscription: Subscription | null = null;
  private loop: Promise<void> | null = null;
  private stopped = true;
  /** Aborts the pause after a failure, so stop() need not wait it out. */
  private pause = new AbortController();

  constructor(
    private readonly eventStore: EventStore,
    private readonly step: SubscriptionStep,
    private readonly options: SubscriptionLoopOptions,
  ) {
    this.waiters = new PositionWaiters(options.subject);
    this.clock = options.clock ?? systemClock;
  }

  /** Every event at or before this position is applied. */
  get position(): Position {
    return this.reached;
  }

  start(): void {
    if (this.loop) return;
    this.stopped = false;
    this.pause = new AbortController();
    this.loop = this.run();
  }

  /** Resolves once the subscription has stopped and no batch is being handled. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.pause.abort();
    await this.subscription?.stop();
    await this.loop;
    this.loop = null;
  }

  /** Ends the current subscription; `settle` then decides whether the loop restarts from the checkpoint. */
  interrupt(): void {
    void this.subscription?.stop().catch(() => undefined);
  }

  /** Records that every event up to `position` is applied, and resolves the callers waiting for it. */
  advance(position: Position): void {
    if (position > this.reached) this.reached = position;
    this.waiters.release(this.reached);
  }

  /** Resolves once every event up to `position` is applied; rejects after `timeoutMs`. */
  waitFor(position: Position, timeoutMs = 10_000): Promise<void> {
    return this.reached >= position ? Promise.resolve() : this.waiters.wait(position, timeoutMs);
  }

  private async run(): Promise<void> {
    const { eventTypes, batchSize, logger, failureMessage, retryDelayMs = 1_000 } = this.options;
    while (!this.stopped) {
      try {
        const from = await this.step.checkpoint();
        this.advance(from);
        this.subscription = this.eventStore.subscribe({ from, filter: { eventTypes }, batchSize }, (events, scannedTo) => this.step.handle(events, scannedTo));
        if (this.stopped) await this.subscription.stop();
        await this.subscription.done;
        await this.step.settle?.();
      } catch (error) {
        await this.step.reset?.();
        logger.error({ err: error }, failureMessage);
        if (!this.stopped) await this.clock.sleep(retryDelayMs, this.pause.signal).catch(() => undefined);
      }
    }
  }
}
