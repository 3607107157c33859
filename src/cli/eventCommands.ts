import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportLog, type LogProgress } from '../app/eventLog/exportLog.js';
import { importLog } from '../app/eventLog/importLog.js';
import { processOwner } from '../background/processOwner.js';
import type { Composition } from '../compose.js';
import type { Position } from '../ports/eventStore.js';
import type { ActionRunner } from './bindOperation.js';
import { topCommand } from './commandIndex.js';
import { CliInputError } from './output.js';

/** The projections may have a long log to catch up with after an import. */
const CATCH_UP_MS = 3_600_000;

/** `done` of `total` on stderr while the log is copied, when stderr is a terminal; stdout keeps the result alone. */
function progressBar(verb: string): { update(progress: LogProgress): void; stop(): void } | null {
  if (!process.stderr.isTTY) return null;
  const bar = new SingleBar({ format: `${verb} {bar} {percentage}% | {events} events | {eta_formatted} left`, hideCursor: true, stream: process.stderr });
  let started = false;
  return {
    update({ events, done, total }) {
      if (!started) bar.start(total, 0, { events: 0 });
      started = true;
      bar.update(done, { events });
    },
    stop: () => (started ? bar.stop() : undefined),
  };
}

const fileFlag = (value: unknown): string => {
  if (typeof value !== 'string' || value === '') throw new CliInputError('--file', 'a file path is required');
  return value;
};

/** Writes beside the target and renames at the end, so the file named is never a half export (a failed one is removed). */
async function exportTo(composition: Composition, file: string): Promise<{ events: number; lastPosition: string }> {
  const partial = `${file}.partial`;
  const bar = progressBar('export');
  let reached = { events: 0, lastPosition: '0' };
  try {
    const lines = exportLog(composition.context.eventStore, (progress) => {
      reached = { events: progress.events, lastPosition: progress.lastPosition.toString() };
      bar?.update(progress);
    });
    await pipeline(Readable.from(lines), createWriteStream(partial));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    bar?.stop();
  }
  await rename(partial, file);
  return reached;
}

/** The projections from their checkpoints up to `head`, then the report history rebuilds the log asks for. */
async function rebuildReadModels(composition: Composition, head: Position): Promise<void> {
  const runner = composition.createProjectionRunner();
  await runner.start();
  try {
    await runner.waitFor(head, CATCH_UP_MS);
    const rebuilder = composition.createRebuilder(processOwner('cli'));
    try {
      await rebuilder.drain();
    } finally {
      await rebuilder.stop();
    }
  } finally {
    await runner.stop();
  }
}

async function importFrom(composition: Composition, file: string): Promise<{ events: number }> {
  try {
    if (!statSync(file).isFile()) throw new Error(`${file} is not a file`);
  } catch (error) {
    throw new CliInputError('--file', error instanceof Error ? error.message : String(error));
  }
  const lines = () => createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  const bar = progressBar('import');
  try {
    return await importLog(composition.context, lines, {
      rebuildReadModels: (head) => rebuildReadModels(composition, head),
      ...(bar ? { onProgress: (progress: LogProgress) => bar.update(progress) } : {}),
    });
  } finally {
    bar?.stop();
  }
}

/** `events export` and `events import`: moving a deployment between stores. */
export function registerEventCommands(program: Command, run: ActionRunner): void {
  const events = topCommand(program, 'events');
  events
    .command('export')
    .description('Write the whole event log as NDJSON, one event a line, in global order')
    .requiredOption('--file <path>', 'the file to write')
    .option('--json', 'print one JSON object')
    .action(run({ file: '--file' }, async (composition, options) => exportTo(composition, fileFlag(options.file))));
  events
    .command('import')
    .description('Append an exported event log to an empty store and build the read models from it')
    .requiredOption('--file <path>', 'an NDJSON file written by `events export`')
    .option('--json', 'print one JSON object')
    .action(run({ file: '--file' }, async (composition, options) => importFrom(composition, fileFlag(options.file))));
}
