import type { DomainCommand } from '../shared/command.js';
import type { Decider } from '../shared/decider.js';
import type { RunEvent } from './events.js';

export type RunState = { status: 'absent' } | { status: 'recorded'; event: RunEvent };

/** Records a finished run; recording the same run again changes nothing (idempotent by run id). */
export type RecordRun = DomainCommand<'RecordRun', { event: RunEvent }>;

export const runDecider: Decider<RunState, RecordRun, RunEvent> = {
  initialState: () => ({ status: 'absent' }),
  evolve: (state, event) => (state.status === 'absent' ? { status: 'recorded', event } : state),
  decide: (command, state) => (state.status === 'recorded' ? [] : [command.data.event]),
};
