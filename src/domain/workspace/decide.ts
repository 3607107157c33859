import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError } from '../shared/errors.js';
import { parseOrThrow } from '../shared/zodIssues.js';
import { evolve, initialState, type WorkspaceEvent, type WorkspaceState } from './events.js';
import { createWorkspaceInputSchema, type CreateWorkspaceInput } from './schema.js';

/** The application layer checks that the team exists before sending this. */
export type CreateWorkspace = DomainCommand<
  'CreateWorkspace',
  CreateWorkspaceInput & { workspaceId: string; teamId: string; now: string }
>;
export type WorkspaceCommand = CreateWorkspace;

export function decide(command: WorkspaceCommand, state: WorkspaceState): WorkspaceEvent[] {
  switch (command.type) {
    case 'CreateWorkspace': {
      const { workspaceId, teamId, now, ...fields } = command.data;
      if (state.status !== 'absent') throw new ConflictError(`Workspace ${workspaceId} already exists`);
      const { name } = parseOrThrow(createWorkspaceInputSchema, fields);
      return [{ type: 'WorkspaceCreated', data: { workspaceId, teamId, name, createdDate: now } }];
    }
    default:
      return assertNever(command.type);
  }
}

export const workspaceDecider: Decider<WorkspaceState, WorkspaceCommand, WorkspaceEvent> = {
  initialState,
  evolve,
  decide,
};
