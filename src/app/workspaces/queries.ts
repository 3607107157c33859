import { z } from 'zod';
import { billingPeriod } from '../../domain/team/billingPeriod.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { utcDay } from '../../domain/shared/days.js';
import { runsPerDayOn } from '../../domain/workspace/runsPerDay.js';
import { workspaceRuns, type TeamDoc, type WorkspaceDoc } from '../../projections/directory/reader.js';
import { geoAuditUsedCount } from '../audits/geoAudits.js';
import { readableWorkspacesFilter, type Principal } from '../shared/principal.js';
import type { Services } from '../shared/services.js';
import { directoryCollection, requireTeamDocument } from '../shared/directory.js';
import { newestFirstPage, newestFirstWindow, type CursorPaging, type ListRange, type ListWindow, type PageCursor } from '../shared/paging.js';

export const WORKSPACE_LIST = 'workspaces';

const count = z.number().int().nonnegative();

export const workspaceSchema = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    promptsUsedCount: count.describe('Active prompts of this workspace'),
    promptsMaxCount: count.describe("The team's prompt allocation, shared by its workspaces"),
    geoAuditUsedCount: count.describe("GEO audits requested in this workspace in the team's current billing period"),
    geoAuditMaxCount: count.describe("The team's GEO audits per period, shared by its workspaces"),
    runsPerDay: z.number().int().min(1).describe('Runs of each prompt per engine and UTC day; a change applies from the next UTC day'),
    runsPerDayToday: z.number().int().min(1).describe('Runs of each prompt per engine the scheduler makes today (the setting before a change made today)'),
    createdDate: z.iso.datetime(),
    updatedDate: z.iso.datetime(),
  })
  .meta({ id: 'Workspace' });

export type Workspace = z.output<typeof workspaceSchema>;

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

/** GEO audits of each workspace in its team's current billing period (none once the subscription has ended). */
async function geoAuditCounts(services: Services, documents: readonly WorkspaceDoc[], teams: ReadonlyMap<string, TeamDoc>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { _id, teamId } of documents) {
    const period = billingPeriod((teams.get(teamId) as TeamDoc).subscriptionEndDate, services.clock.now());
    counts.set(_id, period ? await geoAuditUsedCount(services, { workspaceId: _id }, period) : 0);
  }
  return counts;
}

async function workspaceItems(services: Services, documents: readonly WorkspaceDoc[]): Promise<Workspace[]> {
  const counts = await promptCounts(services, documents.map(({ _id }) => _id));
  const teams = new Map<string, TeamDoc>();
  for (const teamId of new Set(documents.map((workspace) => workspace.teamId))) teams.set(teamId, await requireTeamDocument(services, teamId));
  const audits = await geoAuditCounts(services, documents, teams);
  const today = utcDay(services.clock.now());
  return documents.map(({ _id, teamId, name, createdDate, updatedDate, runs }) => ({
    id: _id,
    name,
    promptsUsedCount: counts.get(_id) ?? 0,
    promptsMaxCount: (teams.get(teamId) as TeamDoc).limits.promptsMax,
    geoAuditUsedCount: audits.get(_id) ?? 0,
    geoAuditMaxCount: (teams.get(teamId) as TeamDoc).limits.geoAuditsMax,
    runsPerDay: workspaceRuns({ runs }).runsPerDay,
    runsPerDayToday: runsPerDayOn(workspaceRuns({ runs }), today),
    createdDate,
    updatedDate: updatedDate ?? createdDate,
  }));
}

/** Workspaces the credential can read, newest first. */
export async function listWorkspaces(services: Services, principal: Principal, cursor: PageCursor | undefined): Promise<Page<Workspace>> {
  const workspaces = await directoryCollection(services, 'workspaces');
  const page = await newestFirstPage<WorkspaceDoc>(workspaces, WORKSPACE_LIST, readableWorkspacesFilter(principal, '_id'), cursor);
  return { items: await workspaceItems(services, page.documents), paging: page.paging };
}

/** One workspace; the access step has found it and checked the credential may read it. */
export async function getWorkspace(services: Services, workspaceId: string): Promise<Workspace> {
  const workspaces = await directoryCollection(services, 'workspaces');
  const document = await workspaces.findOne({ _id: workspaceId });
  if (!document) throw new NotFoundError(`Workspace ${workspaceId} not found`);
  const [workspace] = await workspaceItems(services, [document]);
  return workspace as Workspace;
}

export async function workspacesWindow(services: Services, principal: Principal, range: ListRange): Promise<ListWindow<Workspace>> {
  const workspaces = await directoryCollection(services, 'workspaces');
  const window = await newestFirstWindow<WorkspaceDoc>(workspaces, readableWorkspacesFilter(principal, '_id'), range);
  return { items: await workspaceItems(services, window.items), totalCount: window.totalCount };
}
