import type { Permission, WorkspaceScope } from '../shared/access.js';
import type { DomainEvent } from '../shared/decider.js';

export const userStream = (userId: string): string => `user-${userId}`;

export type UserCreated = DomainEvent<
  'UserCreated',
  {
    userId: string;
    teamId: string;
    email: string;
    passwordHash: string;
    permission: Permission;
    workspaceIds: WorkspaceScope;
    createdDate: string;
  }
>;

export type UserEvent = UserCreated;

export type UserState = { status: 'absent' } | ({ status: 'active' } & UserCreated['data']);

export const initialState = (): UserState => ({ status: 'absent' });

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserCreated':
      return { status: 'active', ...event.data };
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event.type;
      return state;
    }
  }
}
