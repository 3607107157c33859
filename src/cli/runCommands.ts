import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { importRuns } from '../app/runs.js';
import { ValidationError } from '../domain/shared/errors.js';
import type { ActionRunner } from './adminCommands.js';
import { CliInputError } from './output.js';

async function readLines(file: string): Promise<string[]> {
  try {
    return (await readFile(file, 'utf8')).split('\n');
  } catch (error) {
    throw new CliInputError('--file', error instanceof Error ? error.message : String(error));
  }
}

export function registerRunCommands(program: Command, run: ActionRunner): void {
  const runs = program.command('runs').description('AI response runs');
  runs
    .command('import')
    .description('Import runs from NDJSON, one run per line; runs already imported (same runId) are skipped')
    .requiredOption('--file <file>', 'NDJSON file')
    .option('--json', 'print one JSON object')
    .action(
      run({}, async (context, options) => {
        const lines = await readLines(String(options.file));
        try {
          return { ...(await importRuns(context, lines)) };
        } catch (error) {
          if (error instanceof ValidationError) throw new CliInputError('--file', error.message);
          throw error;
        }
      }),
    );
}
