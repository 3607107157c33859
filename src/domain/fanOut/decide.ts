import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError } from '../shared/errors.js';
import { evolveQueryFanOut, initialQueryFanOutState, type QueryFanOutRunEvent, type QueryFanOutState } from './events.js';
import type { EngineFanOut } from './schema.js';

export type StartQueryFanOut = DomainCommand<'StartQueryFanOut', { fanOutId: string; now: string }>;
export type CompleteQueryFanOut = DomainCommand<'CompleteQueryFanOut', { fanOutId: string; now: string; engines: EngineFanOut[] }>;
/** `error` is what the failed run shows. */
export type FailQueryFanOut = DomainCommand<'FailQueryFanOut', { fanOutId: string; now: string; error: string }>;
export type QueryFanOutCommand = StartQueryFanOut | CompleteQueryFanOut | FailQueryFanOut;

const isFinished = (state: QueryFanOutState): boolean => state.status === 'completed' || state.status === 'failed';

/**
 * pending → running → completed | failed. A run may be started again while it is running (its worker died),
 * completes only once it has started, and fails from pending or running; once finished, nothing changes it.
 */
function decide(command: QueryFanOutCommand, state: QueryFanOutState): QueryFanOutRunEvent[] {
  const { fanOutId, now } = command.data;
  if (isFinished(state)) throw new ConflictError(`Query fan-out ${fanOutId} is already ${state.status}`);
  switch (command.type) {
    case 'StartQueryFanOut':
      return [{ type: 'QueryFanOutStarted', data: { fanOutId, startedDate: now, attempt: state.attempts + 1 } }];
    case 'CompleteQueryFanOut':
      if (state.status !== 'running') throw new ConflictError(`Query fan-out ${fanOutId} has not started`);
      return [{ type: 'QueryFanOutCompleted', data: { fanOutId, completedDate: now, engines: command.data.engines } }];
    case 'FailQueryFanOut':
      return [{ type: 'QueryFanOutFailed', data: { fanOutId, completedDate: now, error: command.data.error } }];
    default:
      return assertNever(command);
  }
}

export const queryFanOutDecider: Decider<QueryFanOutState, QueryFanOutCommand, QueryFanOutRunEvent> = {
  initialState: initialQueryFanOutState,
  evolve: evolveQueryFanOut,
  decide,
};
