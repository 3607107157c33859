import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { CRAWLABILITY_CRAWLERS } from '../../../src/app/audits/crawlers.js';
import { createCrawlabilityCheckOperation } from '../../../src/app/audits/operations.js';
import { createQueryFanOutOperation } from '../../../src/app/audits/fanOuts/operations.js';
import { OPERATOR } from '../../../src/app/shared/principal.js';
import type { Services } from '../../../src/app/shared/services.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import { compose, type Composition } from '../../../src/compose.js';
import { loadConfig } from '../../../src/config.js';
import { checkStream } from '../../../src/domain/audits/events.js';
import { queryFanOutStream } from '../../../src/domain/fanOut/events.js';
import { AUDIT_COLLECTIONS } from '../../../src/projections/audits/documents.js';
import { auditsProjection } from '../../../src/projections/audits/projection.js';
import { fixture, startFakeProvider, type FakeProvider, type Reply } from '../../engines/support/fakeProvider.js';
import { send, startFixtureServer, type FixtureServer } from '../../support/fixtureSites/index.js';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'auditWorker.ts');

let dataDir: string;
let composition: Composition;
let services: Services;
let workspaceId: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-worker-crash-'));
  composition = await compose(loadConfig({ DATA_DIR: dataDir, GEOLENS_DEMO: '0' }), pino({ level: 'silent' }));
  services = composition.createServices('on-demand');
  const team = await createTeam(composition.context, { name: 'Crash', plan: 'premium' });
  workspaceId = (await createWorkspace(composition.context, { teamId: team.id, name: 'Main' })).id;
});
afterEach(async () => {
  await composition.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Worker {
  child: ChildProcess;
  /** Resolves with how the process ended: `killed` by SIGKILL, or `done` after the audit finished. */
  ended: Promise<'killed' | 'done'>;
}

/** The worker fixture as a separate process on the test's stores, until the audit has finished. */
function startWorker(collection: string, auditId: string, openAiUrl?: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dataDir, collection, auditId, ...(openAiUrl ? [openAiUrl] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const ended = new Promise<'killed' | 'done'>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve('killed');
      else if (code === 0 && output.includes('done')) resolve('done');
      else reject(new Error(`worker exited with ${code ?? signal}: ${output}`));
    });
  });
  return { child, ended };
}

const run = (operation: typeof createCrawlabilityCheckOperation, input: Record<string, unknown>) =>
  operation.run(input, { principal: OPERATOR, deps: services, log: composition.context.logger }) as Promise<{ id: string }>;

/** The audit's status in this process's read models, once they have applied everything the workers appended. */
async function statusOf(collection: string, id: string): Promise<string | undefined> {
  await services.readYourWrites(await composition.context.eventStore.headPosition());
  return (await (await composition.readModels.collection<{ _id: string; status: string }>(auditsProjection, collection)).findOne({ _id: id }))?.status;
}

const eventTypes = async (stream: string) => (await composition.context.eventStore.readStream(stream)).map(({ type }) => type);

describe('a worker killed with SIGKILL mid-job', () => {
  let site: FixtureServer | null = null;
  let provider: FakeProvider | null = null;
  afterEach(async () => {
    await site?.close();
    await provider?.close();
    site = provider = null;
  });

  test('leaves the crawlability check pending; after a restart of two workers it completes, once', async () => {
    let holding = true;
    let onHeld: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (onHeld = resolve));
    site = await startFixtureServer((request, response) => {
      if (request.url === '/robots.txt') return send(response, 200, 'text/plain', 'User-agent: GPTBot\nDisallow: /');
      // While holding, a probe gets no answer: the check is under way when the worker dies.
      if (holding) return onHeld();
      send(response, 200, 'text/html', '<p>page</p>');
    });
    const { id } = await run(createCrawlabilityCheckOperation, { workspaceId, url: `${site.origin}/page` });

    const first = startWorker(AUDIT_COLLECTIONS.crawlabilityChecks, id);
    await held;
    first.child.kill('SIGKILL');
    expect(await first.ended).toBe('killed');
    expect(await eventTypes(checkStream('crawlability', id))).toEqual([]);
    expect(await statusOf(AUDIT_COLLECTIONS.crawlabilityChecks, id)).toBe('pending');

    holding = false;
    const probesBefore = site.requests.filter(({ path }) => path === '/page').length;
    const restarted = [startWorker(AUDIT_COLLECTIONS.crawlabilityChecks, id), startWorker(AUDIT_COLLECTIONS.crawlabilityChecks, id)];
    expect(await Promise.all(restarted.map(({ ended }) => ended))).toEqual(['done', 'done']);

    expect(await eventTypes(checkStream('crawlability', id))).toEqual(['CrawlabilityCheckCompleted']);
    expect(await statusOf(AUDIT_COLLECTIONS.crawlabilityChecks, id)).toBe('completed');
    const probing = CRAWLABILITY_CRAWLERS.filter(({ userAgent }) => userAgent !== null).length;
    expect(site.requests.filter(({ path }) => path === '/page').length - probesBefore).toBe(probing);
  }, 60_000);

  test('leaves the fan-out running; after a restart of two workers it completes, once, as a second attempt', async () => {
    let reply: Reply = { hang: true };
    let onAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (onAsked = resolve));
    provider = await startFakeProvider(() => {
      onAsked();
      return reply;
    });
    const { id } = await run(createQueryFanOutOperation, { workspaceId, query: 'What is the best CRM for a small business?' });

    const first = startWorker(AUDIT_COLLECTIONS.queryFanOuts, id, provider.baseUrl);
    await asked;
    first.child.kill('SIGKILL');
    expect(await first.ended).toBe('killed');
    expect(await eventTypes(queryFanOutStream(id))).toEqual(['QueryFanOutStarted']);
    expect(await statusOf(AUDIT_COLLECTIONS.queryFanOuts, id)).toBe('running');

    reply = { json: fixture('openai-responses-web-search.json') };
    const restarted = [startWorker(AUDIT_COLLECTIONS.queryFanOuts, id, provider.baseUrl), startWorker(AUDIT_COLLECTIONS.queryFanOuts, id, provider.baseUrl)];
    expect(await Promise.all(restarted.map(({ ended }) => ended))).toEqual(['done', 'done']);

    const events = await composition.context.eventStore.readStream(queryFanOutStream(id));
    expect(events.map(({ type }) => type)).toEqual(['QueryFanOutStarted', 'QueryFanOutStarted', 'QueryFanOutCompleted']);
    expect(events[1]?.data).toMatchObject({ attempt: 2 });
    expect(await statusOf(AUDIT_COLLECTIONS.queryFanOuts, id)).toBe('completed');
    expect(provider.requests).toHaveLength(2);
  }, 60_000);
});
