import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { parseOrThrow } from '../shared/zodIssues.js';
import { evolve, initialState, type TagEvent, type TagState } from './events.js';
import { createTagInputSchema, type CreateTagInput } from './schema.js';

export type CreateTag = DomainCommand<
  'CreateTag',
  CreateTagInput & { tagId: string; workspaceId: string; now: string }
>;
/** `workspaceId` is the workspace the caller addressed; a tag of another workspace is reported as not found. */
export type DeleteTag = DomainCommand<'DeleteTag', { tagId: string; workspaceId: string; now: string }>;
export type TagCommand = CreateTag | DeleteTag;

export function decide(command: TagCommand, state: TagState): TagEvent[] {
  switch (command.type) {
    case 'CreateTag': {
      const { tagId, workspaceId, now, ...fields } = command.data;
      if (state.status !== 'absent') throw new ConflictError(`Tag ${tagId} already exists`);
      const { name, color } = parseOrThrow(createTagInputSchema, fields);
      return [{ type: 'TagCreated', data: { tagId, workspaceId, name, color, createdDate: now } }];
    }
    case 'DeleteTag': {
      const { tagId, workspaceId, now } = command.data;
      if (state.status !== 'active' || state.workspaceId !== workspaceId) {
        throw new NotFoundError(`Tag ${tagId} not found in workspace ${workspaceId}`);
      }
      return [{ type: 'TagDeleted', data: { tagId, workspaceId, deletedDate: now } }];
    }
    default:
      return assertNever(command);
  }
}

export const tagDecider: Decider<TagState, TagCommand, TagEvent> = { initialState, evolve, decide };
