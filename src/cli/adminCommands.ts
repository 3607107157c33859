import type { Command } from 'commander';
import type { AppContext } from '../app/context.js';
import { createBrandReport } from '../app/brandReports.js';
import { createApiKey, createUser, revokeApiKey } from '../app/credentials.js';
import { seedDemo } from '../app/demo.js';
import { createPrompt, createTag } from '../app/prompts.js';
import { createTeam, createWorkspace, setTeamPlan } from '../app/teams.js';
import { permissionSchema } from '../domain/shared/access.js';
import { countryCodeSchema } from '../domain/shared/countries.js';
import { tagColorSchema } from '../domain/tag/schema.js';
import { planSchema } from '../domain/team/schema.js';
import { collect, parseCompetitor, parseFlag, parseNonNegativeInteger } from './flags.js';
import type { FlagsByField } from './output.js';

/** Runs an action with an application context and prints its result; supplied by main.ts. */
export type ActionRunner = (
  flagsByField: FlagsByField,
  action: (context: AppContext, options: Record<string, string | string[] | boolean | undefined>) => Promise<Record<string, unknown>>,
) => (options: Record<string, string | string[] | boolean | undefined>) => Promise<void>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const scope = (value: unknown): string[] | 'all' => (list(value).length > 0 ? list(value) : 'all');

export function registerAdminCommands(program: Command, run: ActionRunner): void {
  const team = program.command('team').description('Teams: plans and quotas');
  team
    .command('create')
    .requiredOption('--name <name>', 'team name')
    .option('--plan <plan>', 'trial | lite | standard | premium | custom', 'trial')
    .option('--json', 'print one JSON object')
    .action(
      run({ name: '--name', plan: '--plan' }, async (context, options) => {
        const plan = parseFlag('--plan', planSchema, options.plan);
        return { id: (await createTeam(context, { name: text(options.name), plan })).id };
      }),
    );
  team
    .command('set-plan')
    .requiredOption('--team <teamId>', 'team id')
    .requiredOption('--plan <plan>', 'trial | lite | standard | premium | custom')
    .option('--prompts-max <n>', 'prompt allocation')
    .option('--geo-audits-max <n>', 'GEO audits per period')
    .option('--api-requests-max <n>', 'REST API requests per billing period')
    .option('--mcp-requests-max <n|unlimited>', 'MCP tool calls per billing period')
    .option('--end-date <YYYY-MM-DD>', 'subscription end date')
    .option('--json', 'print one JSON object')
    .action(
      run(
        {
          teamId: '--team',
          plan: '--plan',
          promptsMax: '--prompts-max',
          geoAuditsMax: '--geo-audits-max',
          apiRequestsMax: '--api-requests-max',
          mcpRequestsMax: '--mcp-requests-max',
          subscriptionEndDate: '--end-date',
        },
        async (context, options) => {
          const mcp = text(options.mcpRequestsMax);
          const result = await setTeamPlan(context, {
            teamId: text(options.team),
            plan: parseFlag('--plan', planSchema, options.plan),
            promptsMax: parseNonNegativeInteger('--prompts-max', options.promptsMax as string | undefined),
            geoAuditsMax: parseNonNegativeInteger('--geo-audits-max', options.geoAuditsMax as string | undefined),
            apiRequestsMax: parseNonNegativeInteger('--api-requests-max', options.apiRequestsMax as string | undefined),
            mcpRequestsMax: mcp === 'unlimited' ? null : parseNonNegativeInteger('--mcp-requests-max', mcp || undefined),
            ...(options.endDate === undefined ? {} : { subscriptionEndDate: text(options.endDate) }),
          });
          return { id: result.id };
        },
      ),
    );

  program
    .command('workspace')
    .description('Workspaces')
    .command('create')
    .requiredOption('--team <teamId>', 'owning team')
    .requiredOption('--name <name>', 'workspace name')
    .option('--json', 'print one JSON object')
    .action(
      run({ name: '--name', teamId: '--team' }, async (context, options) => ({
        id: (await createWorkspace(context, { teamId: text(options.team), name: text(options.name) })).id,
      })),
    );

  registerCredentialCommands(program, run);
  registerContentCommands(program, run);

  program
    .command('demo')
    .description('Create a demo team with prompts, a report, keys and a user')
    .option('--json', 'print one JSON object')
    .action(run({}, async (context) => ({ ...(await seedDemo(context)) })));
}

function registerCredentialCommands(program: Command, run: ActionRunner): void {
  const key = program.command('key').description('REST API keys');
  key
    .command('create')
    .requiredOption('--team <teamId>', 'owning team')
    .requiredOption('--permission <permission>', 'read | write')
    .option('--workspace <workspaceId>', 'workspace the key reaches (repeatable; default: all of the team)', collect)
    .option('--json', 'print one JSON object')
    .action(
      run({ permission: '--permission', workspaceIds: '--workspace', teamId: '--team' }, async (context, options) => {
        const created = await createApiKey(context, {
          teamId: text(options.team),
          permission: parseFlag('--permission', permissionSchema, options.permission),
          workspaceIds: scope(options.workspace),
        });
        return { id: created.id, key: created.key };
      }),
    );
  key
    .command('revoke')
    .requiredOption('--key-id <keyId>', 'id of the key')
    .option('--json', 'print one JSON object')
    .action(run({ keyId: '--key-id' }, async (context, options) => ({ id: (await revokeApiKey(context, text(options.keyId))).id })));

  program
    .command('user')
    .description('Users (MCP sign-in)')
    .command('create')
    .requiredOption('--team <teamId>', 'owning team')
    .requiredOption('--email <email>', 'sign-in e-mail')
    .requiredOption('--password <password>', 'password (stored as a scrypt hash)')
    .requiredOption('--permission <permission>', 'read | write')
    .option('--workspace <workspaceId>', 'workspace the user reaches (repeatable; default: all)', collect)
    .option('--json', 'print one JSON object')
    .action(
      run({ email: '--email', password: '--password', permission: '--permission', workspaceIds: '--workspace', teamId: '--team' }, async (context, options) => {
        const created = await createUser(context, {
          teamId: text(options.team),
          email: text(options.email),
          password: text(options.password),
          permission: parseFlag('--permission', permissionSchema, options.permission),
          workspaceIds: scope(options.workspace),
        });
        return { id: created.id };
      }),
    );
}

function registerContentCommands(program: Command, run: ActionRunner): void {
  program
    .command('tag')
    .description('Prompt tags')
    .command('create')
    .requiredOption('--workspace <workspaceId>', 'workspace')
    .requiredOption('--name <name>', 'tag name')
    .requiredOption('--color <color>', 'preset color: gold, orange, magenta, green, blue, ...')
    .option('--json', 'print one JSON object')
    .action(
      run({ name: '--name', color: '--color', workspaceId: '--workspace' }, async (context, options) => {
        const color = parseFlag('--color', tagColorSchema, options.color);
        return { id: (await createTag(context, { workspaceId: text(options.workspace), name: text(options.name), color })).id };
      }),
    );

  program
    .command('prompt')
    .description('Prompts')
    .command('create')
    .requiredOption('--workspace <workspaceId>', 'workspace')
    .requiredOption('--country <cc>', 'lowercase ISO 3166-1 alpha-2 code, uk for the United Kingdom')
    .requiredOption('--text <text>', 'the question asked to the engines')
    .option('--tag <tagId>', 'tag (repeatable)', collect)
    .option('--intent-volume <n>', 'estimated monthly search volume')
    .option('--json', 'print one JSON object')
    .action(
      run({ country: '--country', text: '--text', tagIds: '--tag', intentVolume: '--intent-volume', workspaceId: '--workspace' }, async (context, options) => {
        const created = await createPrompt(context, {
          workspaceId: text(options.workspace),
          country: parseFlag('--country', countryCodeSchema, options.country),
          text: text(options.text),
          tagIds: list(options.tag),
          intentVolume: parseNonNegativeInteger('--intent-volume', options.intentVolume as string | undefined),
        });
        return { id: created.id };
      }),
    );

  program
    .command('report')
    .description('Brand reports')
    .command('create')
    .requiredOption('--workspace <workspaceId>', 'workspace')
    .requiredOption('--brand <brand>', 'brand name')
    .requiredOption('--domain <domain>', 'brand website domain')
    .option('--title <title>', 'report title (default: the brand)')
    .option('--prompt <promptId>', 'prompt to track (repeatable)', collect)
    .option('--competitor <Name=domain>', 'competitor (repeatable)', collect)
    .option('--json', 'print one JSON object')
    .action(
      run(
        { brand: '--brand', brandDomain: '--domain', reportTitle: '--title', promptIds: '--prompt', competitors: '--competitor', workspaceId: '--workspace' },
        async (context, options) => {
          const created = await createBrandReport(context, {
            workspaceId: text(options.workspace),
            brand: text(options.brand),
            brandDomain: text(options.domain),
            ...(options.title === undefined ? {} : { reportTitle: text(options.title) }),
            promptIds: list(options.prompt),
            competitors: list(options.competitor).map(parseCompetitor),
          });
          return { id: created.id };
        },
      ),
    );
}
