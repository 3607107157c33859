import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import { runGeolens } from '../support/cli.js';

/** Two CLI processes per test at about 6.5 s of CPU each on these machines. */
const CLI_MS = 120_000;

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-events-cli-'));
});

afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function appendDirectly(directory: string): Promise<void> {
  const store = new SqliteEventStore(directory);
  await store.append('team-1', [{ type: 'TeamCreated', data: { name: 'Acme' } }, { type: 'TeamRenamed', data: { name: 'Acme Inc' } }]);
  await store.append('workspace-1', [{ type: 'WorkspaceCreated', data: { name: 'Main' } }]);
  await store.close();
}

describe('geolens events', () => {
  test('export prints the count and last position alone on stdout and leaves only the finished file', async () => {
    await appendDirectly(dataDir);
    const file = join(dataDir, 'log.ndjson');

    const exported = await runGeolens(dataDir, 'events', 'export', '--file', file, '--json');

    expect(exported).toEqual({ status: 0, stdout: '{"events":3,"lastPosition":"3"}\n', stderr: '' });
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines.map((line) => (line ? (JSON.parse(line) as { stream: string; revision: number }) : line))).toEqual([
      expect.objectContaining({ stream: 'team-1', revision: 0, type: 'TeamCreated' }),
      expect.objectContaining({ stream: 'team-1', revision: 1, type: 'TeamRenamed' }),
      expect.objectContaining({ stream: 'workspace-1', revision: 0, type: 'WorkspaceCreated' }),
      '',
    ]);
    expect(existsSync(`${file}.partial`)).toBe(false);
  }, CLI_MS);

  test('import refuses a malformed line with its number, exit status 2, and writes nothing', async () => {
    const source = await mkdtemp(join(tmpdir(), 'geolens-events-source-'));
    await appendDirectly(source);
    const file = join(source, 'log.ndjson');
    await runGeolens(source, 'events', 'export', '--file', file);
    const [first, second, third] = (await readFile(file, 'utf8')).split('\n');
    await writeFile(file, `${first}\n${second}\n${third?.replace('"revision":0', '"revision":"0"')}\n`);

    const refused = await runGeolens(dataDir, 'events', 'import', '--file', file, '--json');

    expect(refused).toEqual({ status: 2, stdout: '', stderr: 'error: --file: line 3: revision: Invalid input: expected number, received string\n' });
    const store = new SqliteEventStore(dataDir);
    expect(await store.headPosition()).toBe(0n);
    await store.close();
    await rm(source, { recursive: true, force: true });
  }, CLI_MS);

  test('import refuses a store that holds events, naming what it holds', async () => {
    await appendDirectly(dataDir);
    const file = join(dataDir, 'other.ndjson');
    const line = { stream: 'team-2', revision: 0, type: 'TeamCreated', id: 'e-1', time: '2026-11-01T00:00:00.000Z', data: {}, metadata: {} };
    await writeFile(file, `${JSON.stringify(line)}\n`);

    const refused = await runGeolens(dataDir, 'events', 'import', '--file', file, '--json');

    expect(refused).toEqual({
      status: 2,
      stdout: '',
      stderr: 'error: the event store already holds events that are not from this file: import needs an empty store (a new DATA_DIR or database)\n',
    });
  }, CLI_MS);
});
