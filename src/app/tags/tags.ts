import { z } from 'zod';
import { tagDecider } from '../../domain/tag/decide.js';
import { tagStream } from '../../domain/tag/events.js';
import { tagNameKey, tagNamesDecider, tagNamesStream } from '../../domain/tag/names.js';
import type { TagColor } from '../../domain/tag/schema.js';
import { loadState, requireWorkspace } from '../shared/aggregates.js';
import { handleCommand, type Created } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { directoryCollection } from '../shared/directory.js';
import { newId } from '../shared/ids.js';
import type { Services } from '../shared/services.js';

/** A tag as the workspace endpoints answer it. */
export const workspaceTagSchema = z
  .object({
    id: z.string().min(1),
    workspaceId: z.string().min(1),
    name: z.string(),
    color: z.string().describe('A hex color #rgb or #rrggbb in lowercase, or a preset name: magenta, red, volcano, orange, gold, lime, green, cyan, blue, geekblue, purple'),
    promptCount: z.number().int().describe('Active prompts carrying the tag'),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: 'WorkspaceTag' });

export type WorkspaceTag = z.output<typeof workspaceTagSchema>;

/**
 * Claims the name in the workspace (unique, case-insensitively), then creates the tag. The tag is validated
 * first, so a refused tag claims no name.
 */
export async function createTag(context: AppContext, input: { workspaceId: string; name: string; color: TagColor }): Promise<Created> {
  await requireWorkspace(context.eventStore, input.workspaceId);
  const tagId = newId('tag');
  const command = { type: 'CreateTag' as const, data: { tagId, ...input, now: nowIso(context) } };
  tagDecider.decide(command, tagDecider.initialState());
  await releaseStaleClaim(context, input.workspaceId, input.name);
  await handleCommand(context.eventStore, tagNamesStream(input.workspaceId), tagNamesDecider, {
    type: 'ClaimTagName',
    data: { workspaceId: input.workspaceId, tagId, name: input.name, now: nowIso(context) },
  });
  const result = await handleCommand(context.eventStore, tagStream(tagId), tagDecider, command);
  return { id: tagId, position: result.position };
}

/** A claim older than this whose tag does not exist was left by a process that stopped in between. */
const STALE_CLAIM_MS = 60_000;

/** Frees a name claimed by a process that stopped between claiming it and creating its tag. */
async function releaseStaleClaim(context: AppContext, workspaceId: string, name: string): Promise<void> {
  const names = await loadState(context.eventStore, tagNamesStream(workspaceId), tagNamesDecider);
  const claim = names.inUse.get(tagNameKey(name));
  if (claim === undefined || context.clock.now().getTime() - Date.parse(claim.claimedDate) < STALE_CLAIM_MS) return;
  const tag = await loadState(context.eventStore, tagStream(claim.tagId), tagDecider);
  if (tag.status === 'absent') await releaseTagName(context, { workspaceId, tagId: claim.tagId });
}

/** Deletes the tag and gives its name back; its prompts lose it asynchronously (the workspace process). */
export async function deleteTag(context: AppContext, input: { workspaceId: string; tagId: string }): Promise<Created> {
  const result = await handleCommand(context.eventStore, tagStream(input.tagId), tagDecider, {
    type: 'DeleteTag',
    data: { ...input, now: nowIso(context) },
  });
  await releaseTagName(context, input);
  return { id: input.tagId, position: result.position };
}

export async function releaseTagName(context: AppContext, { workspaceId, tagId }: { workspaceId: string; tagId: string }): Promise<void> {
  await handleCommand(context.eventStore, tagNamesStream(workspaceId), tagNamesDecider, {
    type: 'ReleaseTagName',
    data: { workspaceId, tagId, now: nowIso(context) },
  });
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

/** The tags of a workspace, oldest first, with the number of active prompts carrying each. */
export async function workspaceTags(services: Services, workspaceId: string, tagIds?: readonly string[]): Promise<WorkspaceTag[]> {
  const tags = await directoryCollection(services, 'tags');
  const found = await tags.find({ workspaceId, ...(tagIds ? { _id: { $in: [...tagIds] } } : {}) }, { sort: { createdDate: 1, _id: 1 } });
  if (found.length === 0) return [];
  const prompts = await directoryCollection(services, 'prompts');
  const counts = await prompts.aggregate<{ _id: string; count: number }>([
    { $match: { workspaceId, tagIds: { $in: found.map(({ _id }) => _id) } } },
    { $unwind: '$tagIds' },
    { $group: { _id: '$tagIds', count: { $sum: 1 } } },
  ]);
  const countOf = new Map(counts.map(({ _id, count }) => [_id, count]));
  return found.map(({ _id, name, color, createdDate }) => ({ id: _id, workspaceId, name, color, promptCount: countOf.get(_id) ?? 0, createdDate }));
}
