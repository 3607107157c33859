import type { Logger } from 'pino';
import type { DomainEvent } from '../../domain/shared/decider.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { DocumentStore, Doc } from '../../ports/documentStore.js';
import type { EventStore, Position, RecordedEvent } from '../../ports/eventStore.js';
import type { Services } from '../shared/services.js';
import { SubscriptionLoop } from '../../background/subscriptionLoop.js';
import { PositionTimeoutError } from '../../background/positionWaiters.js';
import { systemClock, type Clock } from '../../background/clock.js';

/** A recorded event of one of the types a process declares, typed as that event. */
export type ProcessEvent<Event extends DomainEvent> = Event extends DomainEvent<infer Type, infer Data> ? RecordedEvent<Type, Data> : never;

/**
 * A process manager: it reacts to events by sending commands (Emmett's "workflow"). Its reactions must be safe
 * to run twice, because a crash between a reaction and the checkpoint that follows it repeats the reaction.
 */
export interface Process<Event extends DomainEvent = DomainEvent> {
  readonly name: string;
  readonly eventTypes: readonly Event['type'][];
  handle(event: ProcessEvent<Event>, services: Services): Promise<void>;
  /**
   * Reacts to a whole batch at once instead of event by event (the alerts process evaluates a report once for
   * thousands of runs); the checkpoint then moves after the batch.
   */
  handleBatch?(events: readonly ProcessEvent<Event>[], services: Services): Promise<void>;
}

export const PROCESS_CHECKPOINTS = '_processes';

interface ProcessCheckpointDoc extends Doc {
  position: string;
  updatedDate: string;
}

export interface ProcessRunnerOptions {
  logger: Logger;
  retryDelayMs?: number;
  /** Pauses and checkpoint times; default the system clock. */
  clock?: Clock;
}

/**
 * Runs processes from the event log, each in its own subscription loop from its own checkpoint, which moves
 * after the reactions to an event have completed. A reaction refused by the domain (a 4xx error: the prompt was
 * deleted meanwhile) is logged and passed; any other failure stops the process, which restarts from its
 * checkpoint after a pause.
 */
export class ProcessRunner {
  private stopped = true;
  private readonly loops: SubscriptionLoop[];
  private readonly clock: Clock;
  /** The services the reactions see: their read-your-writes waits as long as the read models take. */
  private readonly reactionServices: Services;

  constructor(
    eventStore: EventStore,
    private readonly documentStore: DocumentStore,
    processes: readonly Process[],
    private readonly services: Services,
    options: ProcessRunnerOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.reactionServices = { ...services, readYourWrites: (position) => this.caughtUpPatiently(position, options.logger) };
    this.loops = processes.map((process) => {
      const logger = options.logger.child({ process: process.name });
      const loop: SubscriptionLoop = new SubscriptionLoop(
        eventStore,
        {
          checkpoint: async () => BigInt((await this.checkpoints().findOne({ _id: process.name }))?.position ?? '0'),
          handle: (events, scannedTo) => this.handleBatch(process, loop, events, scannedTo, logger),
        },
        {
          subject: 'Processes',
          eventTypes: process.eventTypes,
          logger,
          failureMessage: 'process failed; restarting from its checkpoint',
          retryDelayMs: options.retryDelayMs,
          clock: this.clock,
        },
      );
      return loop;
    });
  }

  start(): void {
    this.stopped = false;
    for (const loop of this.loops) loop.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled(this.loops.map((loop) => loop.stop()));
  }

  private checkpoints() {
    return this.documentStore.collection<ProcessCheckpointDoc>(PROCESS_CHECKPOINTS);
  }

  private async handleBatch(process: Process, loop: SubscriptionLoop, events: RecordedEvent[], scannedTo: Position, logger: Logger): Promise<void> {
    const reactions = process.handleBatch && events.length > 0 ? [events] : events.map((event) => [event]);
    for (const reacted of reactions) {
      const end = reacted.at(-1);
      if (this.stopped || !end) return;
      try {
        await (process.handleBatch ? process.handleBatch(reacted, this.reactionServices) : process.handle(end, this.reactionServices));
      } catch (error) {
        if (!(error instanceof DomainError) || error.status >= 500) throw error;
        logger.warn({ eventType: end.type, position: end.position.toString(), error: error.message }, 'reaction refused; passed');
      }
      await this.saveCheckpoint(process, loop, end.position);
    }
    const last = events.at(-1)?.position ?? -1n;
    if (!this.stopped && scannedTo > last) await this.saveCheckpoint(process, loop, scannedTo);
  }

  /**
   * Waiting for the read models is a reaction's normal work while a large import catches up: a wait that runs out
   * is waited again (logged at debug; `/v1/health` shows the projections' lag), never failed, until a stop.
   */
  private async caughtUpPatiently(position: Position | null, logger: Logger): Promise<void> {
    for (;;) {
      try {
        return await this.services.readYourWrites(position);
      } catch (error) {
        if (!(error instanceof PositionTimeoutError) || this.stopped) throw error;
        logger.debug({ position: position?.toString(), reason: error.message }, 'read models still catching up; waiting on');
      }
    }
  }

  /** Resolves once every process has reacted to the events up to `position` (for tests and read-your-writes). */
  async waitFor(position: Position, timeoutMs = 10_000): Promise<void> {
    await Promise.all(this.loops.map((loop) => loop.waitFor(position, timeoutMs)));
  }

  /**
   * Moves the checkpoint forward only: another process running the same process manager may have reacted
   * further, and a checkpoint moved back would repeat its reactions at the next start.
   */
  private async saveCheckpoint(process: Process, loop: SubscriptionLoop, position: Position): Promise<void> {
    await this.documentStore.withTransaction(async (scope) => {
      const checkpoints = scope.collection<ProcessCheckpointDoc>(PROCESS_CHECKPOINTS);
      const stored = await checkpoints.findOne({ _id: process.name });
      if (stored && BigInt(stored.position) >= position) return;
      await checkpoints.updateOne({ _id: process.name }, { $set: { position: position.toString(), updatedDate: this.clock.now().toISOString() } }, { upsert: true });
    });
    loop.advance(position);
  }
}
