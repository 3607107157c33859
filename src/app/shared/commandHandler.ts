import type { Decider, DomainEvent } from '../../domain/shared/decider.js';
import { ConcurrencyError } from '../../domain/shared/errors.js';
import type { EventMetadata, EventStore, Position } from '../../ports/eventStore.js';

/** What a creation answers: the new id and the position to wait for before reading read models. */
export interface Created {
  id: string;
  /** Global position of the last event written; null when nothing was written. */
  position: bigint | null;
}

export interface CommandResult<State, Event extends DomainEvent> {
  newEvents: Event[];
  state: State;
  /** Global position of the last appended event; null when the command changed nothing. */
  position: Position | null;
}

export interface HandleOptions {
  metadata?: EventMetadata;
  /** Attempts when other writers appended to the stream between our read and our append (hot streams need several). */
  maxAttempts?: number;
}

/**
 * Loads a stream, folds it into state, decides and appends with the revision read as the expectation.
 * A concurrent append makes the store refuse ours; we then decide again on the fresh state, so two
 * concurrent commands never lose an update (each is decided against the other's result).
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  eventStore: EventStore,
  streamName: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: HandleOptions = {},
): Promise<CommandResult<State, Event>> {
  const maxAttempts = options.maxAttempts ?? 30;
  for (let attempt = 1; ; attempt++) {
    const recorded = await eventStore.readStream(streamName);
    let state = decider.initialState();
    for (const event of recorded) state = decider.evolve(state, { type: event.type, data: event.data } as Event);
    const newEvents = decider.decide(command, state);
    if (newEvents.length === 0) return { newEvents, state, position: null };
    const lastRecorded = recorded.at(-1);
    try {
      const appended = await eventStore.append(
        streamName,
        newEvents.map((event) => ({ type: event.type, data: event.data, metadata: options.metadata })),
        { expectedRevision: lastRecorded ? lastRecorded.revision : 'no_stream' },
      );
      return { newEvents, state: newEvents.reduce(decider.evolve, state), position: appended.position };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= maxAttempts) throw error;
      // Writers that collided retry at slightly different moments instead of colliding again in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 10)));
    }
  }
}
