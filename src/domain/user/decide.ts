import { normalizeScope, workspacesOutsideTeam } from '../shared/access.js';
import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError } from '../shared/errors.js';
import { parseOrThrow, validationFailed } from '../shared/zodIssues.js';
import { evolve, initialState, type UserEvent, type UserState } from './events.js';
import { createUserInputSchema, type CreateUserInput } from './schema.js';

/**
 * `teamWorkspaceIds`: the workspaces of the team, looked up by the application layer. Email uniqueness spans
 * streams, so it is the application layer's check too.
 */
export type CreateUser = DomainCommand<
  'CreateUser',
  CreateUserInput & { userId: string; teamId: string; teamWorkspaceIds: ReadonlySet<string>; now: string }
>;
export type UserCommand = CreateUser;

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'CreateUser': {
      const { userId, teamId, teamWorkspaceIds, now, ...fields } = command.data;
      if (state.status !== 'absent') throw new ConflictError(`User ${userId} already exists`);
      const input = parseOrThrow(createUserInputSchema, fields);
      const outside = workspacesOutsideTeam(input.workspaceIds, teamWorkspaceIds);
      if (outside.length > 0) throw validationFailed(outside);
      const { email, passwordHash, permission } = input;
      const workspaceIds = normalizeScope(input.workspaceIds);
      return [
        {
          type: 'UserCreated',
          data: { userId, teamId, email, passwordHash, permission, workspaceIds, createdDate: now },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState, evolve, decide };
