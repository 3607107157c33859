import type { Logger } from 'pino';
import type { EventStore, Position, RecordedEvent } from '../../ports/eventStore.js';
import { SubscriptionLoop } from '../../background/subscriptionLoop.js';
import type { Clock } from '../../background/clock.js';

export interface KeptInMemoryOptions {
  /** Pause before resubscribing after the subscription failed (a dropped connection to the event store). */
  retryDelayMs?: number;
  clock?: Clock;
}

export interface KeptInMemorySpec {
  /** Names what is waited for in the timeout of `waitFor` ("Credentials", …). */
  subject: string;
  eventTypes: readonly string[];
  /** Logged with the error when the subscription fails. */
  failureMessage: string;
}

/**
 * State folded in memory from a few kinds of events and kept current by the event log: what every request of
 * a kind looks up, answered without a store read (the credentials, the brand reports). Subscribes from what is
 * applied; when the subscription fails (the event store's stream dropped) it logs and subscribes again, or
 * the state would go stale until a restart. A change made in any process shows once this one has applied it,
 * as with any read model. Built from the log at start: such events are few.
 */
export abstract class KeptInMemory {
  private readonly loop: SubscriptionLoop;
  /** The start that `ready` shares; null before the first read, and again after a start that failed. */
  private starting: Promise<void> | null = null;

  protected constructor(
    private readonly eventStore: EventStore,
    logger: Logger,
    spec: KeptInMemorySpec,
    options: KeptInMemoryOptions = {},
  ) {
    this.loop = new SubscriptionLoop(
      eventStore,
      {
        checkpoint: async () => this.loop.position,
        handle: async (events, scannedTo) => {
          for (const event of events) this.apply(event);
          this.loop.advance(scannedTo);
        },
      },
      { ...spec, logger, retryDelayMs: options.retryDelayMs, clock: options.clock },
    );
  }

  /** Resolves once the events that existed at start are applied. */
  async start(): Promise<void> {
    const head = await this.eventStore.headPosition();
    this.loop.start();
    await this.waitFor(head, 120_000);
  }

  /**
   * Starts at the first call; later calls share that start. A start that failed (the event store unreachable
   * for the start's two minutes) is tried again by the next call, where it would fail every read until a restart.
   */
  ready(): Promise<void> {
    this.starting ??= this.start().catch((error: unknown) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  /** Resolves once `position` is applied, when something reads this state; at once when nothing has yet. */
  caughtUpTo(position: Position): Promise<void> {
    return this.starting === null ? Promise.resolve() : this.ready().then(() => this.waitFor(position));
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Resolves once every event up to `position` is applied; rejects after `timeoutMs`. */
  waitFor(position: Position, timeoutMs = 10_000): Promise<void> {
    return this.loop.waitFor(position, timeoutMs);
  }

  /** Folds one event of the kinds named in the spec. */
  protected abstract apply(event: RecordedEvent): void;
}
