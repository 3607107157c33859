/**
 * Moving a deployment between stores: the demo and a report of imported runs,
 * exported from the embedded store, imported into each store below and back into an embedded one, answer
 * every read endpoint byte for byte as the source did.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDocument } from '../../src/api/http/openapi.js';
import { seedDemo, type DemoCredentials } from '../../src/app/demo/seedDemo.js';
import { seedKnownAnswers, WINDOW, type KnownAnswers } from '../api/support/knownAnswers.js';
import { startTestApi, type TestApi } from '../api/support/testApi.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { postgresAvailable } from '../support/postgresServer.js';
import { readAnswers, readRequests, type Walk } from './support/readEndpoints.js';

/** Seven CLI processes at about 6.5 s of CPU each on these machines, and the walks. */
const MOVE_MS = 600_000;

interface Target {
  name: string;
  /** A fresh, empty store: the variables that select it and a data directory for anything embedded. */
  prepare(): Promise<{ environment: Record<string, string>; dataDir: string }>;
}

const embedded = (label: string): Target => ({
  name: `embedded (${label})`,
  async prepare() {
    const dataDir = await mkdtemp(join(tmpdir(), 'geolens-move-'));
    return { environment: { DATA_DIR: dataDir }, dataDir };
  },
});

/**
 * The stores the log moves to. A store kind joins with one entry: the PostgreSQL one creates a database for the
 * test and returns `{ environment: { DATABASE_URL }, dataDir }`.
 */
const databases: TestDatabase[] = [];

const postgres: Target = {
  name: 'PostgreSQL',
  async prepare() {
    const database = await createTestDatabase();
    databases.push(database);
    return { environment: { DATABASE_URL: database.url }, dataDir: await mkdtemp(join(tmpdir(), 'geolens-move-pg-')) };
  },
};

/** PostgreSQL joins where a server answers (CI starts one); elsewhere its suites say why they skip. */
const TARGETS: Target[] = [embedded('a second data directory'), ...(postgresAvailable() ? [postgres] : [])];

function geolens(environment: Record<string, string>, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const bin = join(import.meta.dirname, '..', '..', 'bin', 'geolens');
  return new Promise((resolve, reject) => {
    // The CLI at the source's time: an import builds the evidence read model for the recommendation window of the
    // day it runs, and the servers compared answer at the test API's set day, not the machine's.
    const env = { ...process.env, LOG_LEVEL: 'warn', GEOLENS_DEMO: '0', GEOLENS_CLOCK_START: source.clock.now.toISOString(), ...environment };
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let [stdout, stderr] = ['', ''];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const DEMO_WINDOW = { startDate: '2026-10-17', endDate: '2026-11-15', country: 'us' };

/**
 * The prompts' ids, read from the log rather than asked of the API: the walk must be the only use of the keys,
 * so that the usage counted by the source (which does not move) matches what each moved store counts.
 */
async function promptIds(api: TestApi): Promise<string[]> {
  const { events } = await api.context.eventStore.readAll({ filter: { eventTypes: ['PromptCreated'] }, maxCount: 10_000 });
  return events.map((event) => (event.data as { promptId: string }).promptId);
}

async function walkOf(api: TestApi, demo: DemoCredentials, known: KnownAnswers): Promise<Walk> {
  const workspaceIds = [demo.workspaceId, known.team.workspaceId, known.team.otherWorkspaceId];
  return {
    values: { reportId: [demo.reportId, known.reportId], promptId: await promptIds(api), '/v1/workspaces/{id}': workspaceIds },
    windows: [DEMO_WINDOW, Object.fromEntries(new URLSearchParams(WINDOW))],
    url: 'https://acme.com/pricing',
    keys: [demo.readKey, known.team.readKey],
  };
}

/**
 * The one part of an answer the log does not hold: how a report history rebuild went (when it finished, how many
 * runs it counted) is the rebuilder's record in the read models. The importing process rebuilds at its own time,
 * over every run of the log, where the source may have rebuilt before some runs came. Only those values of the
 * recalculation answers are set aside; every other byte is compared.
 */
const REBUILD_RECORD = /"(finishedDate|processed|total)":("[^"]*"|\d+|null)/g;
const comparable = (request: string, answer: string): string =>
  /\/recalculation$/.test(request) ? answer.replace(REBUILD_RECORD, '"$1":"(the rebuild\'s)"') : answer;

/** The requests whose answers differ, the first with both answers: a readable failure instead of two large maps. */
function differences(expected: Map<string, string>, actual: Map<string, string>): { requests: string[]; first?: { expected?: string; actual?: string } } {
  const requests = [...new Set([...expected.keys(), ...actual.keys()])].filter((request) => {
    const [want, got] = [expected.get(request), actual.get(request)];
    return want === undefined || got === undefined || comparable(request, want) !== comparable(request, got);
  });
  const [first] = requests;
  return first === undefined ? { requests } : { requests, first: { expected: expected.get(first), actual: actual.get(first) } };
}

let source: TestApi;
let logFile: string;
let requests: string[];
let walk: Walk;
let sourceAnswers: Map<string, string>;

beforeAll(async () => {
  source = await startTestApi();
  const demo = await seedDemo(source.context);
  await source.settle();
  const known = await seedKnownAnswers(source);
  await source.rebuild();
  await source.settle();
  logFile = join(source.dataDir, 'events.ndjson');
  const exported = await geolens({ DATA_DIR: source.dataDir }, 'events', 'export', '--file', logFile, '--json');
  expect(exported).toMatchObject({ status: 0, stderr: '' });
  walk = await walkOf(source, demo, known);
  requests = readRequests((await source.call<OpenApiDocument>('GET', '/v1/openapi.json')).body, walk);
  sourceAnswers = await readAnswers(source, requests, walk.keys);
}, MOVE_MS);

afterAll(async () => {
  await source?.close();
  await Promise.all(databases.map((database) => database.drop()));
});

/** Imports `file` into a fresh store of `target`, serves it, and hands its answers and its own export on. */
async function movedTo(target: Target, file: string): Promise<{ answers: Map<string, string>; exportedAgain: string; imported: string }> {
  const { environment, dataDir } = await target.prepare();
  const imported = await geolens(environment, 'events', 'import', '--file', file, '--json');
  expect(imported).toMatchObject({ status: 0, stderr: '' });
  const api = await startTestApi({ dataDir, environment });
  try {
    await api.settle();
    const answers = await readAnswers(api, requests, walk.keys);
    const exportedAgain = join(tmpdir(), `geolens-move-${process.pid}-${Date.now()}.ndjson`);
    expect(await geolens(environment, 'events', 'export', '--file', exportedAgain, '--json')).toMatchObject({ status: 0, stderr: '' });
    return { answers, exportedAgain, imported: imported.stdout };
  } finally {
    await api.close();
  }
}

describe('geolens events export, then events import into another store', () => {
  test('the walk covers every read endpoint with the seeded ids', () => {
    const paths = new Set(requests.map((request) => request.split('?')[0]?.replace(/\/[^/]*$/, '/…')));
    expect(requests.length).toBeGreaterThan(100);
    expect(paths.size).toBeGreaterThan(10);
    expect([...sourceAnswers.values()].filter((answer) => answer.startsWith('200 ')).length).toBeGreaterThan(requests.length / 2);
  });

  describe.each(TARGETS)('to $name and back to embedded', (target) => {
    test('answers every read endpoint byte for byte as the source, and exports the same log again', async () => {
      const original = await readFile(logFile, 'utf8');
      const events = original.split('\n').filter(Boolean).length;

      const there = await movedTo(target, logFile);
      const back = await movedTo(embedded('back'), there.exportedAgain);

      expect(there.imported).toBe(`${JSON.stringify({ events })}\n`);
      expect(differences(sourceAnswers, there.answers)).toEqual({ requests: [] });
      expect(differences(sourceAnswers, back.answers)).toEqual({ requests: [] });
      expect(await readFile(there.exportedAgain, 'utf8')).toBe(original);
      expect(await readFile(back.exportedAgain, 'utf8')).toBe(original);
      await Promise.all([rm(there.exportedAgain), rm(back.exportedAgain)]);
    }, MOVE_MS);
  });
});
