import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { parseOrThrow } from '../shared/zodIssues.js';
import { evolve, initialState, type WorkspaceEvent, type WorkspaceState } from './events.js';
import { NEW_WORKSPACE_RUNS_PER_DAY } from './runsPerDay.js';
import { createWorkspaceInputSchema, setRunsPerDayInputSchema, type CreateWorkspaceInput } from './schema.js';

/** The application layer checks that the team exists before sending this. */
export type CreateWorkspace = DomainCommand<
  'CreateWorkspace',
  CreateWorkspaceInput & { workspaceId: string; teamId: string; now: string }
>;
export type SetRunsPerDay = DomainCommand<'SetRunsPerDay', { workspaceId: string; runsPerDay: number; now: string }>;
export type WorkspaceCommand = CreateWorkspace | SetRunsPerDay;

export function decide(command: WorkspaceCommand, state: WorkspaceState): WorkspaceEvent[] {
  switch (command.type) {
    case 'CreateWorkspace': {
      const { workspaceId, teamId, now, ...fields } = command.data;
      if (state.status !== 'absent') throw new ConflictError(`Workspace ${workspaceId} already exists`);
      const { name, runsPerDay = NEW_WORKSPACE_RUNS_PER_DAY } = parseOrThrow(createWorkspaceInputSchema, fields);
      return [{ type: 'WorkspaceCreated', data: { workspaceId, teamId, name, createdDate: now, runsPerDay } }];
    }
    case 'SetRunsPerDay': {
      const { workspaceId, now, runsPerDay: requested } = command.data;
      if (state.status !== 'active') throw new NotFoundError(`Workspace ${workspaceId} not found`);
      const { runsPerDay } = parseOrThrow(setRunsPerDayInputSchema, { runsPerDay: requested });
      // Sending the value already chosen changes nothing, so a retried PATCH writes no second event.
      if (runsPerDay === state.runs.runsPerDay) return [];
      return [{ type: 'WorkspaceRunsPerDaySet', data: { workspaceId, teamId: state.teamId, runsPerDay, updatedDate: now } }];
    }
    default:
      return assertNever(command);
  }
}

export const workspaceDecider: Decider<WorkspaceState, WorkspaceCommand, WorkspaceEvent> = {
  initialState,
  evolve,
  decide,
};
