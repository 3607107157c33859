import type { Logger } from 'pino';
import type { DomainEvent } from '../../domain/shared/decider.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { DocumentStore, Doc } from '../../ports/documentStore.js';
import type { EventStore, Position, RecordedEvent, Subscription } from '../../ports/eventStore.js';
import type { Services } from '../shared/services.js';
import { delay, PositionWaiters } from '../../background/positionWaiters.js';

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
}

export const PROCESS_CHECKPOINTS = '_processes';

interface ProcessCheckpointDoc extends Doc {
  position: string;
  updatedDate: string;
}

export interface ProcessRunnerOptions {
  logger: Logger;
  retryDelayMs?: number;
}

/**
 * Runs processes from the event log, each from its own checkpoint, which moves after the reactions to an event
 * have completed. A reaction refused by the domain (a 4xx error: the prompt was deleted meanwhile) is logged
 * and passed; any other failure stops the process, which restarts from its checkpoint after a pause.
 */
export class ProcessRunner {
  private stopped = true;
  private readonly loops: Promise<void>[] = [];
  /** How far each process has come in this runner: every event at or before it has been reacted to. */
  private readonly reached = new Map<string, Position>();
  private readonly waiters = new PositionWaiters('Processes');
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly documentStore: DocumentStore,
    private readonly processes: readonly Process[],
    private readonly services: Services,
    private readonly options: ProcessRunnerOptions,
  ) {}

  start(): void {
    this.stopped = false;
    for (const process of this.processes) this.loops.push(this.runLoop(process));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await Promise.allSettled(this.loops.splice(0));
  }

  private checkpoints() {
    return this.documentStore.collection<ProcessCheckpointDoc>(PROCESS_CHECKPOINTS);
  }

  private async runLoop(process: Process): Promise<void> {
    const logger = this.options.logger.child({ process: process.name });
    while (!this.stopped) {
      const checkpoint = await this.checkpoints().findOne({ _id: process.name });
      const from = BigInt(checkpoint?.position ?? '0');
      this.advance(process, from);
      const subscription = this.eventStore.subscribe(
        { from, filter: { eventTypes: process.eventTypes } },
        (events, scannedTo) => this.handleBatch(process, events, scannedTo, logger),
      );
      this.subscriptions.add(subscription);
      try {
        await subscription.done;
      } catch (error) {
        logger.error({ err: error }, 'process failed; restarting from its checkpoint');
        if (!this.stopped) await delay(this.options.retryDelayMs ?? 1_000);
      } finally {
        this.subscriptions.delete(subscription);
      }
    }
  }

  private async handleBatch(process: Process, events: RecordedEvent[], scannedTo: Position, logger: Logger): Promise<void> {
    for (const event of events) {
      if (this.stopped) return;
      try {
        await process.handle(event, this.services);
      } catch (error) {
        if (!(error instanceof DomainError) || error.status >= 500) throw error;
        logger.warn({ eventType: event.type, position: event.position.toString(), error: error.message }, 'reaction refused; passed');
      }
      await this.saveCheckpoint(process, event.position);
    }
    const last = events.at(-1)?.position ?? -1n;
    if (!this.stopped && scannedTo > last) await this.saveCheckpoint(process, scannedTo);
  }

  /** Resolves once every process has reacted to the events up to `position` (for tests and read-your-writes). */
  waitFor(position: Position, timeoutMs = 10_000): Promise<void> {
    return this.hasReached(position) ? Promise.resolve() : this.waiters.wait(position, timeoutMs);
  }

  private hasReached(position: Position): boolean {
    return this.processes.length === 0 || this.minimumReached() >= position;
  }

  /** The position every process has reacted up to. */
  private minimumReached(): Position {
    const reached = this.processes.map((process) => this.reached.get(process.name) ?? -1n);
    return reached.reduce((minimum, position) => (position < minimum ? position : minimum), reached[0] ?? -1n);
  }

  /**
   * Moves the checkpoint forward only: another process running the same process manager may have reacted
   * further, and a checkpoint moved back would repeat its reactions at the next start.
   */
  private async saveCheckpoint(process: Process, position: Position): Promise<void> {
    await this.documentStore.withTransaction(async (scope) => {
      const checkpoints = scope.collection<ProcessCheckpointDoc>(PROCESS_CHECKPOINTS);
      const stored = await checkpoints.findOne({ _id: process.name });
      if (stored && BigInt(stored.position) >= position) return;
      await checkpoints.updateOne({ _id: process.name }, { $set: { position: position.toString(), updatedDate: new Date().toISOString() } }, { upsert: true });
    });
    this.advance(process, position);
  }

  private advance(process: Process, position: Position): void {
    if (position > (this.reached.get(process.name) ?? -1n)) this.reached.set(process.name, position);
    this.waiters.release(this.minimumReached());
  }
}
