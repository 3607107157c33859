import type { Command } from 'commander';
import { createBrandReportOperation, deleteBrandReportOperation } from '../app/brandReports/operations.js';
import { createApiKeyOperation, createUserOperation, revokeApiKeyOperation } from '../app/credentials/operations.js';
import { seedDemo } from '../app/demo/seedDemo.js';
import { createPromptsOperation } from '../app/prompts/operations.js';
import { createTagOperation } from '../app/tags/operations.js';
import { createTeamOperation, createWorkspaceOperation, setTeamPlanOperation } from '../app/teams/operations.js';
import { updateWorkspaceOperation } from '../app/branding/operations.js';
import { topCommand } from './commandIndex.js';
import { bindOperation, type ActionRunner } from './bindOperation.js';
import { parseCompetitor } from './flags.js';

const asList = (value: string | string[]): string[] => (Array.isArray(value) ? value : [value]);
const team = { teamId: '--team' };
const workspace = { workspaceId: '--workspace' };

/** Operator commands: each is a binding of the operation it runs. */
export function registerAdminCommands(program: Command, run: ActionRunner): void {
  const teams = topCommand(program, 'team');
  bindOperation(teams, 'create', createTeamOperation, {}, run);
  bindOperation(
    teams,
    'set-plan',
    setTeamPlanOperation,
    {
      flags: { ...team, subscriptionEndDate: '--end-date' },
      help: { mcpRequestsMax: 'MCP tool calls per billing period; unlimited, or 0 to disable MCP' },
      parse: { mcpRequestsMax: (value) => (value === 'unlimited' ? null : /^-?\d+$/.test(String(value)) ? Number(value) : value) },
    },
    run,
  );
  const workspaces = topCommand(program, 'workspace');
  bindOperation(workspaces, 'create', createWorkspaceOperation, { flags: team }, run);
  bindOperation(workspaces, 'set', updateWorkspaceOperation, { argument: 'workspaceId', print: ({ id, runsPerDay }) => ({ id, runsPerDay }) }, run);

  const credentialFlags = { ...team, workspaceIds: '--workspace' };
  const keys = topCommand(program, 'key');
  bindOperation(keys, 'create', createApiKeyOperation, { flags: credentialFlags, repeatable: ['workspaceIds'] }, run);
  bindOperation(keys, 'revoke', revokeApiKeyOperation, {}, run);
  bindOperation(topCommand(program, 'user'), 'create', createUserOperation, { flags: credentialFlags, repeatable: ['workspaceIds'] }, run);

  bindOperation(topCommand(program, 'tag'), 'create', createTagOperation, { flags: workspace, print: ({ id }) => ({ id }) }, run);
  bindOperation(
    topCommand(program, 'prompt'),
    'create',
    createPromptsOperation,
    {
      description: 'Create prompts (one per --text) and start monitoring them',
      flags: { ...workspace, prompts: '--text', tagIds: '--tag', brandReportIds: '--report' },
      extraFlags: {
        intentVolume: { flag: '--intent-volume', description: 'estimated monthly search volume of each prompt', path: 'prompts.*.intentVolume', kind: 'number' },
      },
      shape: ({ intentVolume, prompts, ...input }) => ({
        ...input,
        prompts: (prompts as string[] | undefined)?.map((text) => (intentVolume === undefined ? text : { text, intentVolume })),
      }),
      help: { prompts: 'the question asked to the engines (repeatable)' },
      print: (output) => (Array.isArray(output.items) && output.items.length === 1 ? { id: (output.items[0] as { id: string }).id } : output),
    },
    run,
  );
  const reports = topCommand(program, 'report');
  bindOperation(
    reports,
    'create',
    createBrandReportOperation,
    {
      flags: {
        ...workspace,
        brandDomain: '--domain',
        reportTitle: '--title',
        promptIds: '--prompt',
        competitors: '--competitor',
        brandVariations: '--variation',
        brandDomainVariations: '--domain-variation',
        brandRegex: '--regex',
      },
      parse: { competitors: (value) => asList(value).map(parseCompetitor) },
      print: ({ id }) => ({ id }),
    },
    run,
  );
  bindOperation(reports, 'delete', deleteBrandReportOperation, { flags: { reportId: '--report' }, print: ({ id }) => ({ id }) }, run);

  topCommand(program, 'demo')
    .option('--json', 'print one JSON object')
    .action(run({}, async (composition) => ({ ...(await seedDemo(composition.context)) })));
}
