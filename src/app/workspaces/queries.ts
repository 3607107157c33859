import { z } from 'zod';
import type { PromptDoc, TeamDoc, WorkspaceDoc } from '../../projections/directory/documents.js';
import { readableWorkspacesFilter, type Principal } from '../shared/principal.js';
import type { Services } from '../shared/services.js';
import { tagSchema, type Tag } from '../brandReports/resource.js';
import { directoryCollection, requireReadableWorkspace, requireTeamDocument } from '../shared/directory.js';
import { newestFirstPage, type CursorPaging, type PageCursor } from '../shared/paging.js';

export const WORKSPACE_LIST = 'workspaces';
export const WORKSPACE_PROMPT_LIST = 'workspacePrompts';

const count = z.number().int().nonnegative();

export const workspaceSchema = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    promptsUsedCount: count.describe('Active prompts of this workspace'),
    promptsMaxCount: count.describe("The team's prompt allocation, shared by its workspaces"),
    geoAuditUsedCount: count,
    geoAuditMaxCount: count.describe("The team's GEO audits per period, shared by its workspaces"),
    createdDate: z.iso.datetime(),
    updatedDate: z.iso.datetime(),
  })
  .meta({ id: 'Workspace' });

export const workspacePromptSchema = z
  .object({
    id: z.string().min(1).describe('What the prompt ids of a brand report refer to'),
    workspaceId: z.string().min(1),
    prompt: z.string().describe('The question asked to the engines'),
    country: z.string(),
    intentVolume: z.number().int().nullable(),
    tagIds: z.array(z.string()).describe('Ids of the tags assigned to the prompt'),
    tags: z.array(tagSchema),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: 'WorkspacePrompt' });

export type Workspace = z.output<typeof workspaceSchema>;
export type WorkspacePrompt = z.output<typeof workspacePromptSchema>;

interface Page<T> {
  items: T[];
  paging: CursorPaging;
}

async function promptCounts(services: Services, workspaceIds: string[]): Promise<Map<string, number>> {
  const prompts = await directoryCollection(services, 'prompts');
  const counts = await prompts.aggregate<{ _id: string; count: number }>([
    { $match: { workspaceId: { $in: workspaceIds } } },
    { $group: { _id: '$workspaceId', count: { $sum: 1 } } },
  ]);
  return new Map(counts.map(({ _id, count: promptCount }) => [_id, promptCount]));
}

/** Workspaces the key can read, newest first. */
export async function listWorkspaces(services: Services, principal: Principal, cursor: PageCursor | undefined): Promise<Page<Workspace>> {
  const workspaces = await directoryCollection(services, 'workspaces');
  const page = await newestFirstPage<WorkspaceDoc>(workspaces, WORKSPACE_LIST, readableWorkspacesFilter(principal, '_id'), cursor);
  const counts = await promptCounts(services, page.documents.map(({ _id }) => _id));
  const teams = new Map<string, TeamDoc>();
  for (const teamId of new Set(page.documents.map((workspace) => workspace.teamId))) teams.set(teamId, await requireTeamDocument(services, teamId));
  const items = page.documents.map(({ _id, teamId, name, createdDate }) => ({
    id: _id,
    name,
    promptsUsedCount: counts.get(_id) ?? 0,
    promptsMaxCount: (teams.get(teamId) as TeamDoc).limits.promptsMax,
    // GEO audits are counted once that feature exists.
    geoAuditUsedCount: 0,
    geoAuditMaxCount: (teams.get(teamId) as TeamDoc).limits.geoAuditsMax,
    createdDate,
    // Workspaces have no change events yet: they stay as created.
    updatedDate: createdDate,
  }));
  return { items, paging: page.paging };
}

async function tagsById(services: Services, prompts: PromptDoc[]): Promise<Map<string, Tag>> {
  const tagIds = [...new Set(prompts.flatMap(({ tagIds: promptTagIds }) => promptTagIds))];
  if (tagIds.length === 0) return new Map();
  const tags = await (await directoryCollection(services, 'tags')).find({ _id: { $in: tagIds } });
  return new Map(tags.map(({ _id, name, color }) => [_id, { id: _id, name, color }]));
}

/** Active prompts of one readable workspace, newest first; their ids are what a report's promptIds take. */
export async function listWorkspacePrompts(
  services: Services,
  principal: Principal,
  workspaceId: string,
  cursor: PageCursor | undefined,
): Promise<Page<WorkspacePrompt>> {
  await requireReadableWorkspace(services, principal, workspaceId);
  const prompts = await directoryCollection(services, 'prompts');
  const page = await newestFirstPage(prompts, WORKSPACE_PROMPT_LIST, { workspaceId }, cursor);
  const tags = await tagsById(services, page.documents);
  const items = page.documents.map((prompt) => ({
    id: prompt._id,
    workspaceId: prompt.workspaceId,
    prompt: prompt.text,
    country: prompt.country,
    intentVolume: prompt.intentVolume,
    // A deleted tag leaves the prompt's tagIds through later events; until then it is skipped here.
    tagIds: prompt.tagIds.filter((tagId) => tags.has(tagId)),
    tags: prompt.tagIds.flatMap((tagId) => tags.get(tagId) ?? []),
    createdDate: prompt.createdDate,
  }));
  return { items, paging: page.paging };
}
