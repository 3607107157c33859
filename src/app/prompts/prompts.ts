import type { PromptsContext } from '../../domain/brandReport/promptAssignment.js';
import { promptDecider } from '../../domain/prompt/decide.js';
import { promptStream } from '../../domain/prompt/events.js';
import type { CreatePromptInput } from '../../domain/prompt/schema.js';
import { loadState, requireTeam, requireWorkspace } from '../shared/aggregates.js';
import { promptAllocationDecider, promptAllocationStream } from '../../domain/promptAllocation/decide.js';
import { handleCommand, type Created } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';
import { tagsOfWorkspace } from '../tags/tags.js';

/** A prompt to create, and where. */
export type PromptCreation = Omit<CreatePromptInput, 'tagIds'> & { workspaceId: string; tagIds?: string[] };

export async function createPrompt(context: AppContext, input: PromptCreation): Promise<Created> {
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
