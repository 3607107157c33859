import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError, type ValidationIssue } from '../shared/errors.js';
import { unique } from '../shared/schemas.js';
import { parseOrThrow, validationFailed } from '../shared/zodIssues.js';
import { evolve, initialState, type ActivePrompt, type PromptEvent, type PromptState } from './events.js';
import {
  createPromptInputSchema,
  replacePromptTagsInputSchema,
  type CreatePromptInput,
  type ReplacePromptTagsInput,
} from './schema.js';

/** Ids of the tags that exist in the prompt's workspace, looked up by the application layer. */
interface WorkspaceTags {
  workspaceTagIds: ReadonlySet<string>;
}

export type CreatePrompt = DomainCommand<
  'CreatePrompt',
  CreatePromptInput & WorkspaceTags & { promptId: string; workspaceId: string; teamId: string; now: string }
>;
/** `workspaceId` is the workspace the caller addressed; a prompt of another workspace is reported as not found. */
export type ReplacePromptTags = DomainCommand<
  'ReplacePromptTags',
  ReplacePromptTagsInput & WorkspaceTags & { promptId: string; workspaceId: string; now: string }
>;
export type DeletePrompt = DomainCommand<'DeletePrompt', { promptId: string; workspaceId: string; now: string }>;
/** Sent by the process that reacts to TagDeleted; a prompt without the tag, or deleted, has nothing to do. */
export type RemoveDeletedTagFromPrompt = DomainCommand<
  'RemoveDeletedTagFromPrompt',
  { promptId: string; tagId: string; now: string }
>;
export type PromptCommand = CreatePrompt | ReplacePromptTags | DeletePrompt | RemoveDeletedTagFromPrompt;

export function decide(command: PromptCommand, state: PromptState): PromptEvent[] {
  switch (command.type) {
    case 'CreatePrompt':
      return createPrompt(command.data, state);
    case 'ReplacePromptTags':
      return replaceTags(command.data, activeIn(state, command.data));
    case 'DeletePrompt': {
      const { promptId, workspaceId } = activeIn(state, command.data);
      return [{ type: 'PromptDeleted', data: { promptId, workspaceId, deletedDate: command.data.now } }];
    }
    case 'RemoveDeletedTagFromPrompt':
      return removeDeletedTag(command.data, state);
    default:
      return assertNever(command);
  }
}

function activeIn(
  state: PromptState,
  { promptId, workspaceId }: { promptId: string; workspaceId: string },
): ActivePrompt {
  if (state.status !== 'active' || state.workspaceId !== workspaceId) {
    throw new NotFoundError(`Prompt ${promptId} not found in workspace ${workspaceId}`);
  }
  return state;
}

function createPrompt(data: CreatePrompt['data'], state: PromptState): PromptEvent[] {
  const { promptId, workspaceId, teamId, workspaceTagIds, now, ...fields } = data;
  if (state.status !== 'absent') throw new ConflictError(`Prompt ${promptId} already exists`);
  const input = parseOrThrow(createPromptInputSchema, fields);
  const tagIds = knownTags(input.tagIds, workspaceTagIds);
  const { country, text } = input;
  const intentVolume = input.intentVolume ?? null;
  return [
    {
      type: 'PromptCreated',
      data: { promptId, workspaceId, teamId, country, text, tagIds, intentVolume, createdDate: now },
    },
  ];
}

function replaceTags(data: ReplacePromptTags['data'], prompt: ActivePrompt): PromptEvent[] {
  const { tagIds: sent } = parseOrThrow(replacePromptTagsInputSchema, { tagIds: data.tagIds });
  const tagIds = knownTags(sent, data.workspaceTagIds);
  if (sameSet(tagIds, prompt.tagIds)) return [];
  const { promptId, workspaceId } = prompt;
  return [{ type: 'PromptTagsReplaced', data: { promptId, workspaceId, tagIds, changedDate: data.now } }];
}

function removeDeletedTag({ tagId, now }: RemoveDeletedTagFromPrompt['data'], state: PromptState): PromptEvent[] {
  if (state.status !== 'active' || !state.tagIds.includes(tagId)) return [];
  const { promptId, workspaceId } = state;
  const tagIds = state.tagIds.filter((id) => id !== tagId);
  return [{ type: 'PromptTagsReplaced', data: { promptId, workspaceId, tagIds, changedDate: now } }];
}

/** Tags are workspace-scoped: a tag id from elsewhere (or a typo) is refused where it was sent. */
function knownTags(tagIds: readonly string[], workspaceTagIds: ReadonlySet<string>): string[] {
  const issues = tagIds.flatMap((tagId, index): ValidationIssue[] => {
    if (workspaceTagIds.has(tagId)) return [];
    const message = `Tag "${tagId}" does not exist in the prompt's workspace`;
    return [{ path: `tagIds.${index}`, message, code: 'custom' }];
  });
  if (issues.length > 0) throw validationFailed(issues);
  return unique(tagIds);
}

const sameSet = (left: readonly string[], right: readonly string[]): boolean =>
  left.length === right.length && left.every((value) => right.includes(value));

export const promptDecider: Decider<PromptState, PromptCommand, PromptEvent> = { initialState, evolve, decide };
