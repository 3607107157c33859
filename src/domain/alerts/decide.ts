import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { parseOrThrow } from '../shared/zodIssues.js';
import type { AlertFields, AlertRaised } from './events.js';
import { evolve, initialState, type WatchEvent, type WatchState } from './events.js';
import { addWatchInputSchema } from './schema.js';

export type AddWatch = DomainCommand<'AddWatch', { watchId: string; reportId: string; now: string; input: unknown }>;
/** `reportId` is the report the caller addressed: a watch of another report is reported as not found. */
export type RemoveWatch = DomainCommand<'RemoveWatch', { watchId: string; reportId: string; now: string }>;
export type WatchCommand = AddWatch | RemoveWatch;

export function decide(command: WatchCommand, state: WatchState): WatchEvent[] {
  switch (command.type) {
    case 'AddWatch': {
      const { watchId, reportId, now, input } = command.data;
      if (state.status !== 'absent') throw new ConflictError(`Watch ${watchId} already exists`);
      const { kind, engines, threshold, competitor } = parseOrThrow(addWatchInputSchema, input);
      return [{ type: 'WatchAdded', data: { watchId, reportId, kind, engines: engines ?? null, threshold, competitor: competitor ?? null, createdDate: now } }];
    }
    case 'RemoveWatch': {
      const { watchId, reportId, now } = command.data;
      if (state.status !== 'active' || state.reportId !== reportId) throw new NotFoundError(`Watch ${watchId} not found in brand report ${reportId}`);
      return [{ type: 'WatchRemoved', data: { watchId, reportId, removedDate: now } }];
    }
    default:
      return assertNever(command);
  }
}

export const watchDecider: Decider<WatchState, WatchCommand, WatchEvent> = { initialState, evolve, decide };

/** An alert's stream holds at most its one `AlertRaised`: raising it again (a replay, a restart) decides nothing. */
export function decideAlert(alert: AlertFields & { createdDate: string }, alreadyRaised: boolean): AlertRaised[] {
  return alreadyRaised ? [] : [{ type: 'AlertRaised', data: alert }];
}
