import type { AppContext } from '../shared/context.js';
import { createBrandReport } from '../brandReports/edit/commands.js';
import { createApiKey, createUser } from '../credentials/credentials.js';
import { createPrompt } from '../prompts/prompts.js';
import { createTag } from '../tags/tags.js';
import { addDays, daysBetween, utcDay } from '../../domain/shared/days.js';
import type { ScheduledPrompt } from '../scheduler/plan.js';
import { recordSimulatedRuns } from '../scheduler/simulate.js';
import { generatePassword } from '../credentials/secrets.js';
import { createTeam } from '../teams/teams.js';
import { createWorkspace } from '../workspaces/commands.js';
import type { CountryCode } from '../../domain/shared/countries.js';
import { recordAgentLogs } from '../agentAnalytics/ingest.js';
import { activeReport } from '../agentAnalytics/connector.js';
import { demoAccessLog, textLogSource } from './agentLogs.js';

export interface DemoCredentials {
  teamId: string;
  workspaceId: string;
  reportId: string;
  readKey: string;
  writeKey: string;
  user: { email: string; password: string };
}

const DEMO_PROMPTS: Array<{ text: string; country: CountryCode; tags: Array<'comparison' | 'buying'>; intentVolume: number }> = [
  { text: 'What is the best CRM for small businesses?', country: 'us', tags: ['buying'], intentVolume: 5400 },
  { text: 'Which CRM is easiest to set up for a startup?', country: 'us', tags: ['buying'], intentVolume: 1900 },
  { text: 'HubSpot vs Salesforce for a 20-person sales team', country: 'us', tags: ['comparison'], intentVolume: 880 },
  { text: 'Which CRM integrates best with Gmail?', country: 'us', tags: [], intentVolume: 1300 },
  { text: 'Top CRM tools for real estate agents', country: 'us', tags: ['buying'], intentVolume: 2400 },
  { text: 'Best CRM with email automation in 2026', country: 'uk', tags: ['buying'], intentVolume: 720 },
  { text: 'Affordable CRM software for agencies', country: 'uk', tags: ['buying'], intentVolume: 590 },
  { text: 'Pipedrive or Zoho CRM: which is better value?', country: 'uk', tags: ['comparison'], intentVolume: 320 },
];

const DEMO_COMPETITORS = [
  { brand: 'HubSpot', brandDomain: 'hubspot.com' },
  { brand: 'Salesforce', brandDomain: 'salesforce.com' },
  { brand: 'Pipedrive', brandDomain: 'pipedrive.com' },
  { brand: 'Zoho CRM', brandDomain: 'zoho.com', brandVariations: ['Zoho'] },
];

/** Days of history the demo starts with, today included: enough for the 30-day windows to be full. */
const DEMO_DAYS = 30;

/**
 * A complete demo team: workspace, tags, prompts in two countries, a brand report with competitors,
 * a read key, a write key, a user, and 30 days of simulated runs of every prompt on every engine enabled for
 * it (today's included, so the scheduler finds today done), and 30 days of the brand site's access log read by
 * agent analytics. Each call creates a new team, so it is safe to
 * run twice.
 */
export async function seedDemo(context: AppContext): Promise<DemoCredentials> {
  const team = await createTeam(context, { name: 'Demo team', plan: 'standard' });
  const workspace = await createWorkspace(context, { teamId: team.id, name: 'Nimbus CRM marketing' });
  const tags = {
    comparison: (await createTag(context, { workspaceId: workspace.id, name: 'Comparison', color: 'blue' })).id,
    buying: (await createTag(context, { workspaceId: workspace.id, name: 'Buying intent', color: 'green' })).id,
  };
  const prompts: ScheduledPrompt[] = [];
  for (const prompt of DEMO_PROMPTS) {
    const created = await createPrompt(context, {
      workspaceId: workspace.id,
      country: prompt.country,
      text: prompt.text,
      tagIds: prompt.tags.map((tag) => tags[tag]),
      intentVolume: prompt.intentVolume,
    });
    prompts.push({ promptId: created.id, workspaceId: workspace.id, teamId: team.id, country: prompt.country, text: prompt.text });
  }
  const promptIds = prompts.map((prompt) => prompt.promptId);
  const report = await createBrandReport(context, {
    workspaceId: workspace.id,
    reportTitle: 'Nimbus CRM visibility',
    brand: 'Nimbus CRM',
    brandVariations: ['Nimbus'],
    brandDomain: 'nimbuscrm.com',
    brandDomainVariations: ['nimbus-crm.io'],
    competitors: DEMO_COMPETITORS,
    promptIds,
  });
  const readKey = await createApiKey(context, { teamId: team.id, permission: 'read', workspaceIds: 'all' });
  const writeKey = await createApiKey(context, { teamId: team.id, permission: 'write', workspaceIds: 'all' });
  const email = `demo-${team.id.slice(-8).toLowerCase()}@example.com`;
  const password = generatePassword();
  await createUser(context, { teamId: team.id, email, password, permission: 'write', workspaceIds: 'all' });
  const today = utcDay(context.clock.now());
  await recordSimulatedRuns(context, { prompts, days: daysBetween(addDays(today, 1 - DEMO_DAYS), today) });
  await recordAgentLogs(context, await activeReport(context, report.id), { format: 'combined', source: textLogSource(demoAccessLog(today, DEMO_DAYS)) });
  return {
    teamId: team.id,
    workspaceId: workspace.id,
    reportId: report.id,
    readKey: readKey.key,
    writeKey: writeKey.key,
    user: { email, password },
  };
}
