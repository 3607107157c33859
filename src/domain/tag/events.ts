import type { DomainEvent } from '../shared/decider.js';
import type { TagColor } from './schema.js';

export const tagStream = (tagId: string): string => `tag-${tagId}`;

export type TagCreated = DomainEvent<
  'TagCreated',
  { tagId: string; workspaceId: string; name: string; color: TagColor; createdDate: string }
>;

export type TagDeleted = DomainEvent<'TagDeleted', { tagId: string; workspaceId: string; deletedDate: string }>;

export type TagEvent = TagCreated | TagDeleted;

export type TagState =
  | { status: 'absent' }
  | { status: 'active'; tagId: string; workspaceId: string; name: string; color: TagColor; createdDate: string }
  | { status: 'deleted'; tagId: string; workspaceId: string; deletedDate: string };

export const initialState = (): TagState => ({ status: 'absent' });

export function evolve(state: TagState, event: TagEvent): TagState {
  switch (event.type) {
    case 'TagCreated':
      return { status: 'active', ...event.data };
    case 'TagDeleted':
      return { status: 'deleted', ...event.data };
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}
