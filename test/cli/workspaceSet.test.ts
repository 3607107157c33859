import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceStream } from '../../src/domain/workspace/events.js';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import { runGeolens } from '../support/cli.js';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-cli-workspace-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function workspaceEvents(workspaceId: string): Promise<Array<{ type: string; data: unknown }>> {
  const store = new SqliteEventStore(dataDir);
  try {
    return (await store.readStream(workspaceStream(workspaceId))).map(({ type, data }) => ({ type, data }));
  } finally {
    await store.close();
  }
}

describe('geolens workspace set', () => {
  test('sets runsPerDay as an event on the workspace; a bad value exits 2 naming the flag and writes nothing', async () => {
    const teamId = String(JSON.parse((await runGeolens(dataDir, 'team', 'create', '--name', 'Acme', '--json')).stdout).id);
    const created = await runGeolens(dataDir, 'workspace', 'create', '--team', teamId, '--name', 'Acme', '--runs-per-day', '2', '--json');
    const workspaceId = String(JSON.parse(created.stdout).id);

    const set = await runGeolens(dataDir, 'workspace', 'set', workspaceId, '--runs-per-day', '5', '--json');
    expect(set).toMatchObject({ status: 0, stderr: '' });
    expect(JSON.parse(set.stdout)).toEqual({ id: workspaceId, runsPerDay: 5 });

    const bad = await runGeolens(dataDir, 'workspace', 'set', workspaceId, '--runs-per-day', '11', '--json');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual(['error: --runs-per-day: Too big: expected number to be <=10']);

    const events = await workspaceEvents(workspaceId);
    expect(events.map(({ type }) => type)).toEqual(['WorkspaceCreated', 'WorkspaceRunsPerDaySet']);
    expect(events[0]!.data).toMatchObject({ runsPerDay: 2 });
    expect(events[1]!.data).toMatchObject({ workspaceId, teamId, runsPerDay: 5 });
  }, 90_000);
});
