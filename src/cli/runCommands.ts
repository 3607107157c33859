import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import type { AppContext } from '../app/shared/context.js';
import { requireWorkspace } from '../app/shared/aggregates.js';
import { importRuns } from '../app/runs/import.js';
import { daysBetween, isDay, utcDay } from '../domain/shared/days.js';
import { workspacePromptsFromLog } from '../app/scheduler/promptSources.js';
import { recordSimulatedRuns } from '../app/scheduler/simulate.js';
import { engineSchema, type EngineId } from '../domain/shared/engines.js';
import { ValidationError } from '../domain/shared/errors.js';
import type { ActionRunner } from './bindOperation.js';
import { topCommand } from './commandIndex.js';
import { collect, parseFlag } from './flags.js';
import { CliInputError } from './output.js';

/** A year, leap day included: enough for any backfill, and a typo in a year cannot start a decade of runs. */
const MAX_SIMULATED_DAYS = 366;

async function readLines(file: string): Promise<string[]> {
  try {
    return (await readFile(file, 'utf8')).split('\n');
  } catch (error) {
    throw new CliInputError('--file', error instanceof Error ? error.message : String(error));
  }
}

function parseDay(flag: string, value: unknown): string {
  const text = String(value);
  if (!isDay(text)) throw new CliInputError(flag, `expected a date YYYY-MM-DD, got "${text}"`);
  return text;
}

/**
 * The inclusive range of days to simulate. Future days are refused: a simulated run would take the scheduled
 * run id of that day and keep the real engines from ever running it.
 */
function simulatedDays(from: unknown, to: unknown, today: string): string[] {
  const first = parseDay('--from', from);
  const last = parseDay('--to', to);
  if (first > last) throw new CliInputError('--from', `${first} is after --to ${last}`);
  if (last > today) throw new CliInputError('--to', `${last} is in the future (today is ${today}, UTC)`);
  const days = daysBetween(first, last);
  if (days.length > MAX_SIMULATED_DAYS) throw new CliInputError('--to', `the range spans ${days.length} days; at most ${MAX_SIMULATED_DAYS}`);
  return days;
}

const parseEngines = (values: unknown): EngineId[] | undefined =>
  Array.isArray(values) ? [...new Set(values.map((value) => parseFlag('--engine', engineSchema, value)))] : undefined;

/** Everything is checked before the first run is written, so bad input writes nothing. */
async function simulateRuns(context: AppContext, options: Record<string, unknown>): Promise<{ runs: number }> {
  const days = simulatedDays(options.from, options.to, utcDay(context.clock.now()));
  const engines = parseEngines(options.engine);
  const workspaceId = String(options.workspace);
  await requireWorkspace(context.eventStore, workspaceId);
  const prompts = await workspacePromptsFromLog(context.eventStore, workspaceId);
  return { runs: await recordSimulatedRuns(context, { prompts, days, engines }) };
}

export function registerRunCommands(program: Command, run: ActionRunner): void {
  const runs = topCommand(program, 'runs');
  runs
    .command('import')
    .description('Import runs from NDJSON, one run per line; runs already imported (same runId) are skipped')
    .requiredOption('--file <file>', 'NDJSON file')
    .option('--json', 'print one JSON object')
    .action(
      run({}, async ({ context }, options) => {
        const lines = await readLines(String(options.file));
        try {
          return { ...(await importRuns(context, lines)) };
        } catch (error) {
          if (error instanceof ValidationError) throw new CliInputError('--file', error.message);
          throw error;
        }
      }),
    );
  runs
    .command('simulate')
    .description("Record the simulator's runs of a workspace's prompts for a range of past days; days already run are left alone")
    .requiredOption('--workspace <workspaceId>', 'workspace whose active prompts run')
    .requiredOption('--from <YYYY-MM-DD>', 'first day (UTC)')
    .requiredOption('--to <YYYY-MM-DD>', 'last day (UTC), included; at most 366 days after --from, not after today')
    .option('--engine <engine>', "engine to simulate (repeatable; default: all); a prompt runs only on engines that serve its country", collect)
    .option('--json', 'print one JSON object')
    .action(run({ workspaceId: '--workspace' }, async ({ context }, options) => ({ ...(await simulateRuns(context, options)) })));
}
