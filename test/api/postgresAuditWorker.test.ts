import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { CRAWLABILITY_CRAWLERS } from '../../src/app/audits/crawlers.js';
import { checkStream } from '../../src/domain/audits/events.js';
import { pino } from 'pino';
import { createApiKey } from '../../src/app/credentials/credentials.js';
import { createTeam } from '../../src/app/teams/teams.js';
import { createWorkspace } from '../../src/app/workspaces/commands.js';
import { compose, type Composition } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { send, startFixtureServer, type FixtureServer } from '../support/fixtureSites/index.js';
import { createTestDatabase, describePostgres, type TestDatabase } from '../support/postgres.js';
import { startServe, type ServeProcess } from '../support/serveProcess.js';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'geolens');
const CHECKS = '/v1/audits/geo/crawlability-checks';

/** `geolens worker audits` as its own process on `environment`'s stores, once it says it runs. */
function startAuditWorker(dataDir: string, environment: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [bin, 'worker', 'audits'], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...environment },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let logged = '';
  return new Promise((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      logged += chunk;
      if (logged.includes('audit worker running')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`geolens worker audits exited with ${code}:\n${logged}`)));
  });
}

describePostgres()('geolens worker audits beside serve on one PostgreSQL database', () => {
  let database: TestDatabase;
  let composition: Composition;
  let dataDirs: string[];
  let servers: ServeProcess[];
  let worker: ChildProcess | null;
  let site: FixtureServer;
  let holding: boolean;
  let onHeld: () => void;

  beforeEach(async () => {
    database = await createTestDatabase();
    dataDirs = await Promise.all([0, 1, 2, 3].map(() => mkdtemp(join(tmpdir(), 'geolens-host-'))));
    composition = await compose(loadConfig({ DATA_DIR: dataDirs[3] as string, DATABASE_URL: database.url, GEOLENS_DEMO: '0' }), pino({ level: 'silent' }));
    servers = [];
    worker = null;
    holding = true;
    onHeld = () => undefined;
    site = await startFixtureServer((request, response) => {
      if (request.url === '/robots.txt') return send(response, 200, 'text/plain', 'User-agent: GPTBot\nDisallow: /');
      // While holding, a probe gets no answer: the check is under way when its holder dies.
      if (holding) return onHeld();
      send(response, 200, 'text/html', '<p>page</p>');
    });
  });

  afterEach(async () => {
    worker?.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.kill()));
    await site.close();
    await composition.close();
    await database.drop();
    await Promise.all(dataDirs.map((directory) => rm(directory, { recursive: true, force: true })));
  });

  /** A team on the database (written by this process, as the CLI would) with its keys. */
  async function seedTeam(): Promise<{ workspaceId: string; readKey: string; writeKey: string }> {
    const { context } = composition;
    const team = await createTeam(context, { name: 'Acme', plan: 'premium' });
    const workspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Main' })).id;
    const key = async (permission: 'read' | 'write') => (await createApiKey(context, { teamId: team.id, permission, workspaceIds: 'all' })).key;
    return { workspaceId, readKey: await key('read'), writeKey: await key('write') };
  }

  const checkEvents = async (checkId: string) => (await composition.context.eventStore.readStream(checkStream('crawlability', checkId))).map(({ type }) => type);

  async function completedEvents(checkId: string, timeoutMs: number): Promise<string[]> {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await delay(250)) {
      const types = await checkEvents(checkId);
      if (types.length > 0) return types;
    }
    throw new Error(`crawlability check ${checkId} did not finish within ${timeoutMs} ms`);
  }

  test('a check queued on serve A, which is SIGKILLed holding it, is completed once by the worker after the lease expires and read on serve B', async () => {
    const environment = { DATABASE_URL: database.url, AUDIT_ALLOW_PRIVATE_NETWORKS: '1' };
    const demo = await seedTeam();
    const first = await startServe(dataDirs[0] as string, environment);
    servers.push(first);
    const held = new Promise<void>((resolve) => (onHeld = resolve));
    const queued = await fetch(`${first.url}${CHECKS}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.writeKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId: demo.workspaceId, url: `${site.origin}/page` }),
    });
    expect(queued.status).toBe(201);
    const { id } = (await queued.json()) as { id: string };

    await held;
    await first.kill();
    expect(await checkEvents(id)).toEqual([]);

    holding = false;
    const probesBefore = site.requests.filter(({ path }) => path === '/page').length;
    worker = await startAuditWorker(dataDirs[2] as string, environment);
    // serve's job leases last 30 s: the worker takes the check over once the dead holder's lease has expired.
    expect(await completedEvents(id, 90_000)).toEqual(['CrawlabilityCheckCompleted']);
    const probing = CRAWLABILITY_CRAWLERS.filter(({ userAgent }) => userAgent !== null).length;
    expect(site.requests.filter(({ path }) => path === '/page').length - probesBefore).toBe(probing);

    const second = await startServe(dataDirs[1] as string, environment);
    servers.push(second);
    const read = await fetch(`${second.url}${CHECKS}/${id}`, { headers: { authorization: `Bearer ${demo.readKey}` } });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id, status: 'completed' });
  }, 180_000);
});
