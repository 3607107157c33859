import { createBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { createApiKey } from '../../../src/app/credentials/credentials.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { createTag } from '../../../src/app/tags/tags.js';
import { createTeam, setTeamPlan } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import type { CountryCode } from '../../../src/domain/shared/countries.js';
import type { Plan } from '../../../src/domain/team/plans.js';
import type { TestApi } from './testApi.js';

export interface SeededTeam {
  teamId: string;
  /** Two workspaces; `scopedReadKey` and `scopedWriteKey` reach only the first. */
  workspaceId: string;
  otherWorkspaceId: string;
  readKey: string;
  writeKey: string;
  scopedReadKey: string;
  scopedWriteKey: string;
  readKeyId: string;
}

export interface TeamOptions {
  plan?: Plan;
  apiRequestsMax?: number;
  subscriptionEndDate?: string | null;
}

/** A team with two workspaces and keys of every kind, visible to the API once this resolves. */
export async function seedTeam(api: TestApi, options: TeamOptions = {}): Promise<SeededTeam> {
  const { context } = api;
  const plan = options.plan ?? 'standard';
  const team = await createTeam(context, { name: 'Acme', plan });
  if (options.apiRequestsMax !== undefined || options.subscriptionEndDate !== undefined) {
    await setTeamPlan(context, {
      teamId: team.id,
      plan,
      ...(options.apiRequestsMax === undefined ? {} : { apiRequestsMax: options.apiRequestsMax }),
      ...(options.subscriptionEndDate === undefined ? {} : { subscriptionEndDate: options.subscriptionEndDate }),
    });
  }
  const workspace = await createWorkspace(context, { teamId: team.id, name: 'Main' });
  const otherWorkspace = await createWorkspace(context, { teamId: team.id, name: 'Other' });
  const key = (permission: 'read' | 'write', workspaceIds: string[] | 'all') =>
    createApiKey(context, { teamId: team.id, permission, workspaceIds });
  const readKey = await key('read', 'all');
  const seeded: SeededTeam = {
    teamId: team.id,
    workspaceId: workspace.id,
    otherWorkspaceId: otherWorkspace.id,
    readKey: readKey.key,
    readKeyId: readKey.id,
    writeKey: (await key('write', 'all')).key,
    scopedReadKey: (await key('read', [workspace.id])).key,
    scopedWriteKey: (await key('write', [workspace.id])).key,
  };
  await api.settle();
  return seeded;
}

export async function seedPrompts(
  api: TestApi,
  workspaceId: string,
  prompts: Array<{ country: CountryCode; tagIds?: string[] }>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, prompt] of prompts.entries()) {
    ids.push((await createPrompt(api.context, { workspaceId, text: `Prompt ${index}`, ...prompt })).id);
  }
  return ids;
}

export async function seedTag(api: TestApi, workspaceId: string, name: string): Promise<string> {
  return (await createTag(api.context, { workspaceId, name, color: 'blue' })).id;
}

export async function seedReport(api: TestApi, workspaceId: string, fields: { brand?: string; promptIds?: string[] } = {}): Promise<string> {
  const brand = fields.brand ?? 'Acme';
  const report = await createBrandReport(api.context, {
    workspaceId,
    brand,
    brandDomain: `${brand.toLowerCase().replace(/\W+/g, '')}.com`,
    ...(fields.promptIds ? { promptIds: fields.promptIds } : {}),
  });
  return report.id;
}
