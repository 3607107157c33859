import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { createTestDatabase, describePostgres, type TestDatabase } from '../support/postgres.js';
import { demoOf, startServe, type ServeProcess } from '../support/serveProcess.js';

describePostgres()('two serve processes on one PostgreSQL database, no local state', () => {
  let database: TestDatabase;
  let dataDirs: string[];
  let servers: ServeProcess[];

  beforeEach(async () => {
    database = await createTestDatabase();
    // Each process gets a data directory of its own, which PostgreSQL leaves empty: they share nothing on disk.
    dataDirs = await Promise.all([0, 1].map(() => mkdtemp(join(tmpdir(), 'geolens-host-'))));
    servers = [];
  });

  afterEach(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await database.drop();
    await Promise.all(dataDirs.map((directory) => rm(directory, { recursive: true, force: true })));
  });

  test('a write on one is read on the other, both answer a report byte-identically, and one survives the other being killed, neither writing a file', async () => {
    const environment = { DATABASE_URL: database.url };
    const first = await startServe(dataDirs[0] as string, { ...environment, GEOLENS_DEMO: '1' });
    servers.push(first);
    const second = await startServe(dataDirs[1] as string, environment);
    servers.push(second);
    const demo = demoOf(first.printed());
    const read = { authorization: `Bearer ${demo.readKey}` };

    const created = await fetch(`${second.url}/v1/workspaces/${demo.workspaceId}/tags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.writeKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Across hosts', color: '#112233' }),
    });
    expect(created.status).toBe(201);
    const tag = (await created.json()) as { id: string };
    const tags = (await (await fetch(`${first.url}/v1/workspaces/${demo.workspaceId}/tags`, { headers: read })).json()) as { items: Array<{ id: string }> };
    expect(tags.items.map((item) => item.id)).toContain(tag.id);

    const [onFirst, onSecond] = await Promise.all(
      [first, second].map(async (server) => (await fetch(`${server.url}/v1/reports/brand/${demo.reportId}`, { headers: read })).text()),
    );
    expect(onSecond).toBe(onFirst);

    await first.kill();
    const afterKill = await fetch(`${second.url}/v1/reports/brand/${demo.reportId}`, { headers: read });
    expect(afterKill.status).toBe(200);
    expect(await afterKill.text()).toBe(onFirst);
    expect(await Promise.all(dataDirs.map((directory) => readdir(directory)))).toEqual([[], []]);
  }, 180_000);
});
