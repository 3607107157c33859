import { tagDecider } from '../../domain/tag/decide.js';
import { tagStream } from '../../domain/tag/events.js';
import type { TagColor } from '../../domain/tag/schema.js';
import { loadState, requireWorkspace } from '../shared/aggregates.js';
import { handleCommand, type Created } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';

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
export async function tagsOfWorkspace(context: AppContext, workspaceId: string, tagIds: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const tagId of new Set(tagIds)) {
    const tag = await loadState(context.eventStore, tagStream(tagId), tagDecider);
    if (tag.status === 'active' && tag.workspaceId === workspaceId) found.add(tagId);
  }
  return found;
}
