import { createBrandReport } from '../../src/app/brandReports/edit/commands.js';
import { createApiKey } from '../../src/app/credentials/credentials.js';
import { createPrompt } from '../../src/app/prompts/prompts.js';
import type { AppContext } from '../../src/app/shared/context.js';
import { createTeam, setTeamPlan } from '../../src/app/teams/teams.js';
import { createWorkspace } from '../../src/app/workspaces/commands.js';

/** The question of bench prompt `index`. */
export const crmPromptText = (index: number): string => `What is the best CRM for team type ${index}?`;

export interface CrmReport {
  teamId: string;
  reportId: string;
  promptIds: string[];
  /** A read key of the report's team. */
  key: string;
}

/**
 * A team whose quotas are out of the way, `prompts` US prompts and a report tracking "Nimbus CRM" against the
 * CRM leaders, as the demo does: what the report benchmarks read.
 */
export async function createCrmReport(context: AppContext, prompts: number): Promise<CrmReport> {
  const team = await createTeam(context, { name: 'Bench', plan: 'custom' });
  await setTeamPlan(context, { teamId: team.id, plan: 'custom', promptsMax: 10_000, apiRequestsMax: 1_000_000_000 });
  const workspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Bench' })).id;
  const promptIds: string[] = [];
  for (let index = 0; index < prompts; index++) promptIds.push((await createPrompt(context, { workspaceId, country: 'us', text: crmPromptText(index) })).id);
  const { id: reportId } = await createBrandReport(context, {
    workspaceId,
    brand: 'Nimbus CRM',
    brandVariations: ['Nimbus'],
    brandDomain: 'nimbuscrm.com',
    promptIds,
    competitors: [
      { brand: 'HubSpot', brandDomain: 'hubspot.com' },
      { brand: 'Salesforce', brandDomain: 'salesforce.com' },
      { brand: 'Pipedrive', brandDomain: 'pipedrive.com' },
      { brand: 'Zoho CRM', brandDomain: 'zoho.com', brandVariations: ['Zoho'] },
    ],
  });
  const key = (await createApiKey(context, { teamId: team.id, permission: 'read', workspaceIds: 'all' })).key;
  return { teamId: team.id, reportId, promptIds, key };
}
