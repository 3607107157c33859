import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { createApiKey } from '../../src/app/credentials/credentials.js';
import { createTeam } from '../../src/app/teams/teams.js';
import { createWorkspace } from '../../src/app/workspaces/commands.js';
import { compose } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { checkStream } from '../../src/domain/audits/events.js';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import { describeWithChromium } from '../support/fixtureSites/chromium.js';
import { send, startFixtureServer, type FixtureServer } from '../support/fixtureSites/index.js';
import { startServe } from '../support/serveProcess.js';

/** Far beyond what a graceful stop may take (10 s), far below a hang: the probe saw more than 105 s. */
const HANG_MS = 30_000;

let dataDir: string;
let workspaceId: string;
let key: string;
let spinning: FixtureServer;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-serve-shutdown-'));
  const composition = await compose(loadConfig({ DATA_DIR: dataDir, GEOLENS_DEMO: '0' }), pino({ level: 'silent' }));
  try {
    const teamId = (await createTeam(composition.context, { name: 'Spinning', plan: 'premium' })).id;
    workspaceId = (await createWorkspace(composition.context, { teamId, name: 'Main' })).id;
    key = (await createApiKey(composition.context, { teamId, permission: 'write', workspaceIds: 'all' })).key;
  } finally {
    await composition.close();
  }
  spinning = await startFixtureServer((_request, response) => send(response, 200, 'text/html', '<p>spinning</p><script>setTimeout(() => { for (;;) {} }, 50)</script>'));
});
afterAll(async () => {
  await spinning.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function checkEvents(checkId: string): Promise<string[]> {
  const store = new SqliteEventStore(dataDir);
  try {
    return (await store.readStream(checkStream('content', checkId))).map(({ type }) => type);
  } finally {
    await store.close();
  }
}

describeWithChromium()('SIGTERM to serve', () => {
  test('ends the process while a page spins in the browser, leaving its check pending for the next start', async () => {
    const server = await startServe(dataDir, { AUDIT_ALLOW_PRIVATE_NETWORKS: '1' });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => server.child.once('exit', (code, signal) => resolve({ code, signal })));
    const created = await fetch(`${server.url}/v1/audits/geo/content-checks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId, url: `${spinning.origin}/page` }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // Fetched once without JavaScript, then loaded by the browser, whose page then spins.
    for (const deadline = Date.now() + HANG_MS; spinning.requests.length < 2; await delay(50)) {
      if (Date.now() > deadline) throw new Error(`the browser never loaded the page (${spinning.requests.length} requests)`);
    }
    await delay(500);

    server.child.kill('SIGTERM');
    const waited = new AbortController();
    const hung = delay(HANG_MS, 'still running', { signal: waited.signal }).catch(() => 'ended');
    const ended = await Promise.race([exited, hung]);
    waited.abort();
    if (ended === 'still running') await server.kill();

    expect(ended).toEqual({ code: 0, signal: null });
    expect(await checkEvents(id)).toEqual([]);
    // Once: no browser was launched again to load the page during the shutdown.
    expect(spinning.requests).toHaveLength(2);
  }, 120_000);
});
