import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { handleCommand } from '../../src/app/shared/commandHandler.js';
import type { AppContext } from '../../src/app/shared/context.js';
import { createPrompt } from '../../src/app/prompts/prompts.js';
import { createTeam } from '../../src/app/teams/teams.js';
import { createWorkspace } from '../../src/app/workspaces/commands.js';
import { promptDecider } from '../../src/domain/prompt/decide.js';
import { promptStream } from '../../src/domain/prompt/events.js';
import { RUN_EVENT_TYPES, scheduledRunId, type RunEvent } from '../../src/domain/run/events.js';
import { SqliteDocumentStore } from '../../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import { runGeolens } from '../support/cli.js';
import { systemClock } from '../../src/background/clock.js';

let dataDir: string;
let workspaceId: string;
let promptIds: { us: string; uk: string; fr: string };

const geolens = (...args: string[]) => runGeolens(dataDir, ...args);

async function withStores<T>(work: (context: AppContext) => Promise<T>): Promise<T> {
  const eventStore = new SqliteEventStore(dataDir);
  const documentStore = await SqliteDocumentStore.open(dataDir);
  try {
    return await work({ eventStore, documentStore, logger: pino({ level: 'silent' }), clock: systemClock });
  } finally {
    await eventStore.close();
    await documentStore.close();
  }
}

const recordedRuns = () =>
  withStores(async ({ eventStore }) => (await eventStore.readAll({ filter: { eventTypes: RUN_EVENT_TYPES } })).events.map(({ type, data }) => ({ type, data }) as RunEvent));

/** Three active prompts (us, uk, fr), one deleted, and one in another workspace. */
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-simulate-'));
  await withStores(async (context) => {
    const team = await createTeam(context, { name: 'Acme' });
    workspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Acme' })).id;
    const otherWorkspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Other' })).id;
    const prompt = async (country: 'us' | 'uk' | 'fr', text: string, inWorkspace = workspaceId) =>
      (await createPrompt(context, { workspaceId: inWorkspace, country, text })).id;
    promptIds = { us: await prompt('us', 'Best CRM for startups?'), uk: await prompt('uk', 'Best CRM for agencies?'), fr: await prompt('fr', 'Meilleur CRM ?') };
    const deleted = await prompt('us', 'Deleted prompt');
    await handleCommand(context.eventStore, promptStream(deleted), promptDecider, { type: 'DeletePrompt', data: { promptId: deleted, workspaceId, now: new Date().toISOString() } });
    await prompt('us', 'Prompt of another workspace', otherWorkspaceId);
  });
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('geolens runs simulate', () => {
  test('records a simulated run per active prompt, day and engine serving its country, and prints the count', async () => {
    const result = await geolens('runs', 'simulate', '--workspace', workspaceId, '--from', '2026-01-30', '--to', '2026-02-01', '--json');

    // 3 days × (7 engines for us + 7 for uk + 5 for fr, where Google's AI Overviews and AI Mode are not offered)
    // × 3 replicates, a new workspace's runsPerDay.
    expect(result).toEqual({ status: 0, stdout: '{"runs":171}\n', stderr: '' });
    const runs = await recordedRuns();
    expect(runs).toHaveLength(171);
    expect(runs.filter((run) => run.data.replicate === 2)).toHaveLength(57);
    expect(new Set(runs.map((run) => run.data.promptId))).toEqual(new Set(Object.values(promptIds)));
    expect(runs.every((run) => run.type === 'RunCompleted' && run.data.source === 'simulator' && run.data.workspaceId === workspaceId)).toBe(true);
    const claudeRun = runs.find((run) => run.data.runId === scheduledRunId(promptIds.fr, 'claude', '2026-01-31'));
    expect(claudeRun?.data).toMatchObject({ engine: 'claude', country: 'fr', runDate: '2026-01-31T06:30:00.000Z', model: 'geolens-simulator-1' });
  }, 30_000);

  test('simulating the same range again records nothing', async () => {
    const result = await geolens('runs', 'simulate', '--workspace', workspaceId, '--from', '2026-01-30', '--to', '2026-02-01', '--json');

    expect(result).toEqual({ status: 0, stdout: '{"runs":0}\n', stderr: '' });
    expect(await recordedRuns()).toHaveLength(171);
  }, 30_000);

  test('--engine limits the engines, still only where they serve the prompt\'s country', async () => {
    const result = await geolens('runs', 'simulate', '--workspace', workspaceId, '--from', '2026-03-01', '--to', '2026-03-02', '--engine', 'chatgpt', '--engine', 'google', '--json');

    // 2 days × (us: chatgpt, google; uk: chatgpt, google; fr: chatgpt) × 3 replicates.
    expect(result).toEqual({ status: 0, stdout: '{"runs":30}\n', stderr: '' });
  }, 30_000);

  test('bad input exits with status 2, one stderr line naming the flag, and writes nothing', async () => {
    const before = (await recordedRuns()).length;
    const simulate = (...flags: string[]) => ['runs', 'simulate', ...flags];
    const cases: Array<[string[], RegExp]> = [
      [simulate('--workspace', 'ws_missing', '--from', '2026-01-01', '--to', '2026-01-02'), /^error: --workspace: Workspace ws_missing not found/],
      [simulate('--workspace', workspaceId, '--from', '2026-02-30', '--to', '2026-03-02'), /^error: --from: expected a date YYYY-MM-DD, got "2026-02-30"/],
      [simulate('--workspace', workspaceId, '--from', '2026-01-01', '--to', 'yesterday'), /^error: --to: expected a date/],
      [simulate('--workspace', workspaceId, '--from', '2026-01-05', '--to', '2026-01-04'), /^error: --from: 2026-01-05 is after --to 2026-01-04/],
      [simulate('--workspace', workspaceId, '--from', '2024-01-01', '--to', '2025-01-01'), /^error: --to: the range spans 367 days; at most 366/],
      [simulate('--workspace', workspaceId, '--from', '2026-01-01', '--to', '2999-01-01'), /^error: --to: 2999-01-01 is in the future/],
      [simulate('--workspace', workspaceId, '--from', '2026-01-01', '--to', '2026-01-02', '--engine', 'bing'), /^error: --engine: /],
      [simulate('--workspace', workspaceId, '--from', '2026-01-01'), /^error: required option '--to <YYYY-MM-DD>'/],
    ];
    for (const [args, message] of cases) {
      const result = await geolens(...args, '--json');
      expect({ args, status: result.status, stdout: result.stdout }).toEqual({ args, status: 2, stdout: '' });
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
    expect(await recordedRuns()).toHaveLength(before);
  }, 120_000);

  test('a range of 366 days is accepted', async () => {
    const result = await geolens('runs', 'simulate', '--workspace', workspaceId, '--from', '2024-01-01', '--to', '2024-12-31', '--engine', 'perplexity', '--json');

    // 2024 is a leap year: 366 days × 3 prompts × 3 replicates.
    expect(result).toEqual({ status: 0, stdout: '{"runs":3294}\n', stderr: '' });
  }, 60_000);
});
