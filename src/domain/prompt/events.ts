import type { CountryCode } from '../shared/countries.js';
import type { DomainEvent } from '../shared/decider.js';

export const promptStream = (promptId: string): string => `prompt-${promptId}`;

export type PromptCreated = DomainEvent<
  'PromptCreated',
  {
    promptId: string;
    workspaceId: string;
    teamId: string;
    country: CountryCode;
    text: string;
    tagIds: string[];
    /** null when not given at creation. */
    intentVolume: number | null;
    createdDate: string;
  }
>;

export type PromptTagsReplaced = DomainEvent<
  'PromptTagsReplaced',
  { promptId: string; workspaceId: string; tagIds: string[]; changedDate: string }
>;

export type PromptDeleted = DomainEvent<
  'PromptDeleted',
  { promptId: string; workspaceId: string; deletedDate: string }
>;

export type PromptEvent = PromptCreated | PromptTagsReplaced | PromptDeleted;

export type ActivePrompt = { status: 'active' } & PromptCreated['data'];

export type PromptState =
  | { status: 'absent' }
  | ActivePrompt
  | { status: 'deleted'; promptId: string; workspaceId: string; deletedDate: string };

export const initialState = (): PromptState => ({ status: 'absent' });

export function evolve(state: PromptState, event: PromptEvent): PromptState {
  switch (event.type) {
    case 'PromptCreated':
      return { status: 'active', ...event.data };
    case 'PromptTagsReplaced':
      return state.status === 'active' ? { ...state, tagIds: event.data.tagIds } : state;
    case 'PromptDeleted':
      return { status: 'deleted', ...event.data };
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}
