import type { PromptsContext } from '../domain/brandReport/promptAssignment.js';
import { promptDecider } from '../domain/prompt/decide.js';
import { promptStream } from '../domain/prompt/events.js';
import { tagDecider } from '../domain/tag/decide.js';
import { tagStream } from '../domain/tag/events.js';
import type { TagColor } from '../domain/tag/schema.js';
import type { CountryCode } from '../domain/shared/countries.js';
import { loadState, requireTeam, requireWorkspace } from './aggregates.js';
import { promptAllocationDecider, promptAllocationStream } from '../domain/promptAllocation/decide.js';
import { handleCommand } from './commandHandler.js';
import { nowIso, type AppContext } from './context.js';
import { newId } from './secrets.js';
import type { Created } from './teams.js';

export async function createTag(
  context: AppContext,
  input: { workspaceId: string; name: string; color: TagColor },
): Promise<Created> {
  await requireWorkspace(context.eventStore, input.workspaceId);
  const tagId = newId('tag');
  const result = await handleCommand(context.eventStore, tagStream(tagId), tagDecider, {
    type: 'CreateTag',
    data: { tagId, ...input, now: nowIso(context) },
  });
  return { id: tagId, position: result.position };
}

/** The tags among `tagIds` that exist in `workspaceId`; the decider refuses the others. */
async function tagsOfWorkspace(context: AppContext, workspaceId: string, tagIds: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const tagId of new Set(tagIds)) {
    const tag = await loadState(context.eventStore, tagStream(tagId), tagDecider);
    if (tag.status === 'active' && tag.workspaceId === workspaceId) found.add(tagId);
  }
  return found;
}

export interface CreatePromptInput {
  workspaceId: string;
  country: CountryCode;
  text: string;
  tagIds?: string[];
  intentVolume?: number;
}

export async function createPrompt(context: AppContext, input: CreatePromptInput): Promise<Created> {
  const workspace = await requireWorkspace(context.eventStore, input.workspaceId);
  const team = await requireTeam(context.eventStore, workspace.teamId);
  const tagIds = input.tagIds ?? [];
  const promptId = newId('prompt');
  const command = {
    type: 'CreatePrompt' as const,
    data: {
      promptId,
      workspaceId: input.workspaceId,
      teamId: workspace.teamId,
      country: input.country,
      text: input.text,
      tagIds,
      ...(input.intentVolume === undefined ? {} : { intentVolume: input.intentVolume }),
      workspaceTagIds: await tagsOfWorkspace(context, input.workspaceId, tagIds),
      now: nowIso(context),
    },
  };
  // Validate before taking a slot of the quota, so a refused prompt never uses one.
  promptDecider.decide(command, promptDecider.initialState());
  await handleCommand(context.eventStore, promptAllocationStream(team.teamId), promptAllocationDecider, {
    type: 'AllocatePrompts',
    data: { teamId: team.teamId, promptIds: [promptId], promptsMax: team.limits.promptsMax, now: nowIso(context) },
  });
  const result = await handleCommand(context.eventStore, promptStream(promptId), promptDecider, command);
  return { id: promptId, position: result.position };
}

/** Looks up the prompts a report command names: existing, not deleted, with their workspace and country. */
export async function promptsContext(context: AppContext, promptIds: readonly unknown[]): Promise<PromptsContext> {
  const prompts = new Map<string, { workspaceId: string; country: string }>();
  for (const promptId of new Set(promptIds)) {
    if (typeof promptId !== 'string' || promptId.length === 0 || promptId.length > 64) continue;
    const prompt = await loadState(context.eventStore, promptStream(promptId), promptDecider);
    if (prompt.status === 'active') prompts.set(promptId, { workspaceId: prompt.workspaceId, country: prompt.country });
  }
  return prompts;
}
