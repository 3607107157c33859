import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { AppContext } from '../../../src/app/shared/context.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { importRuns, RUN_BATCH } from '../../../src/app/runs/import.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import { runStream } from '../../../src/domain/run/events.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../../../src/infra/eventStore/sqliteEventStore.js';
import { clockAt } from '../../../src/background/clock.js';

let dataDir: string;
let context: AppContext;
let promptId: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-import-'));
  context = {
    eventStore: new SqliteEventStore(dataDir),
    documentStore: await SqliteDocumentStore.open(dataDir),
    logger: pino({ level: 'silent' }),
    clock: clockAt(() => new Date('2026-06-01T00:00:00.000Z')),
  };
  const team = await createTeam(context, { name: 'Acme', plan: 'premium' });
  const workspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Main' })).id;
  promptId = (await createPrompt(context, { workspaceId, country: 'us', text: 'best crm' })).id;
});

afterEach(async () => {
  await context.eventStore.close();
  await context.documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});

const line = (runId: string, content = `Acme answers run ${runId}.`): string =>
  JSON.stringify({ runId, promptId, engine: 'chatgpt', runDate: '2026-05-01T10:00:00Z', state: 'completed', content, citations: [] });

const lines = (from: number, count: number): string[] => Array.from({ length: count }, (_, index) => line(`run-${from + index}`));

async function recordedContents(runId: string): Promise<unknown[]> {
  const events = await context.eventStore.readStream(runStream(runId));
  return events.map(({ data }) => (data as { content: string }).content);
}

describe('runs import', () => {
  test('importing the same file twice records every run once; the second import skips them all', async () => {
    const file = lines(0, RUN_BATCH + 10);
    expect(await importRuns(context, file)).toEqual({ imported: RUN_BATCH + 10, skipped: 0 });
    expect(await importRuns(context, file)).toEqual({ imported: 0, skipped: RUN_BATCH + 10 });
    expect(await recordedContents('run-0')).toEqual(['Acme answers run run-0.']);
    expect(await recordedContents(`run-${RUN_BATCH + 9}`)).toHaveLength(1);
  });

  test('a file that overlaps an earlier import records only its new runs, in the same commit batch as the old ones', async () => {
    await importRuns(context, lines(0, 5));
    const overlapping = [...lines(3, 5), ...lines(100, 3)];
    expect(await importRuns(context, overlapping)).toEqual({ imported: 6, skipped: 2 });
    for (const runId of ['run-3', 'run-4', 'run-5', 'run-7', 'run-100', 'run-102']) expect(await recordedContents(runId)).toHaveLength(1);
  });

  test('a run named twice in one file is recorded once, with the first line', async () => {
    const file = [line('run-a', 'first'), line('run-b'), line('run-a', 'second')];
    expect(await importRuns(context, file)).toEqual({ imported: 2, skipped: 1 });
    expect(await recordedContents('run-a')).toEqual(['first']);
  });
});
