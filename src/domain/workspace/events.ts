import type { DomainEvent } from '../shared/decider.js';

export const workspaceStream = (workspaceId: string): string => `workspace-${workspaceId}`;

export type WorkspaceCreated = DomainEvent<
  'WorkspaceCreated',
  { workspaceId: string; teamId: string; name: string; createdDate: string }
>;

export type WorkspaceEvent = WorkspaceCreated;

export type WorkspaceState =
  | { status: 'absent' }
  | { status: 'active'; workspaceId: string; teamId: string; name: string; createdDate: string };

export const initialState = (): WorkspaceState => ({ status: 'absent' });

export function evolve(state: WorkspaceState, event: WorkspaceEvent): WorkspaceState {
  switch (event.type) {
    case 'WorkspaceCreated':
      return { status: 'active', ...event.data };
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event.type;
      return state;
    }
  }
}
