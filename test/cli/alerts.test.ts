import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { createBrandReport } from '../../src/app/brandReports/edit/commands.js';
import { createApiKey } from '../../src/app/credentials/credentials.js';
import { createPrompt } from '../../src/app/prompts/prompts.js';
import type { AppContext } from '../../src/app/shared/context.js';
import { createTeam } from '../../src/app/teams/teams.js';
import { createWorkspace } from '../../src/app/workspaces/commands.js';
import { SqliteDocumentStore } from '../../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import { coverageRuns } from '../api/alerts/runs.js';
import { runGeolens } from '../support/cli.js';
import { startServe, type ServeProcess } from '../support/serveProcess.js';
import { systemClock } from '../../src/background/clock.js';

let dataDir: string;
let reportId: string;
let promptIds: string[];
let key: string;
let serve: ServeProcess | null = null;

const geolens = (...args: string[]) => runGeolens(dataDir, ...args);
const json = async (...args: string[]) => {
  const result = await geolens(...args, '--json');
  expect({ args, status: result.status, stderr: result.stderr }).toEqual({ args, status: 0, stderr: '' });
  return JSON.parse(result.stdout) as Record<string, unknown>;
};

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

/** Reads `path` of the running `serve` until `done` accepts the answer. */
async function pollServe(path: string, done: (body: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (let attempt = 0; ; attempt++) {
    const body = (await (await fetch(`${serve?.url}${path}`, { headers: { authorization: `Bearer ${key}` } })).json()) as Record<string, unknown>;
    if (done(body) || attempt > 150) return body;
    await delay(200);
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-alerts-cli-'));
  await withStores(async (context) => {
    const team = await createTeam(context, { name: 'Acme' });
    const workspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Acme' })).id;
    promptIds = [];
    // No engine serves Iran: serve's scheduler runs none of these prompts, so the imported runs alone make the figures.
    for (let index = 0; index < 5; index++) promptIds.push((await createPrompt(context, { workspaceId, country: 'ir', text: `Best CRM ${index}?` })).id);
    reportId = (await createBrandReport(context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds })).id;
    key = (await createApiKey(context, { teamId: team.id, permission: 'read', workspaceIds: 'all' })).key;
  });
});

afterAll(async () => {
  await serve?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

// Each command opens the stores and replays what it reads: one flow, few commands, on a loaded machine.
describe('geolens watch and geolens alerts', () => {
  test('watch add; runs import of an NDJSON file while serve runs raises the coverage_drop that geolens alerts prints; watch list and remove', async () => {
    const watch = await json('watch', 'add', '--report', reportId, '--kind', 'coverage_drop', '--engine', 'chatgpt');
    expect(watch).toMatchObject({ id: expect.stringMatching(/^wt_/), reportId, kind: 'coverage_drop', engines: ['chatgpt'], threshold: 5, competitor: null });
    const refused = await geolens('watch', 'add', '--report', reportId, '--kind', 'coverage_drop', '--threshold', '101');
    expect({ status: refused.status, stderr: refused.stderr }).toEqual({ status: 2, stderr: "error: --threshold: Too big: expected number to be <=100\n" });

    serve = await startServe(dataDir);
    await pollServe(`/v1/reports/brand/${reportId}/recalculation`, (body) => body.state === 'active');
    const file = join(dataDir, 'runs.ndjson');
    const lines = coverageRuns('cli', promptIds, 'Acme', [
      { from: '2026-10-10', days: 28, perDay: 10, mentioned: 6 },
      { from: '2026-11-07', days: 7, perDay: 10, mentioned: 3 },
    ]);
    await writeFile(file, `${lines.join('\n')}\n`);
    expect(await json('runs', 'import', '--file', file)).toEqual({ imported: 350, skipped: 0 });
    await pollServe(`/v1/reports/brand/${reportId}/alerts`, (body) => (body.items as unknown[]).length > 0);

    expect(await json('alerts', '--report', reportId)).toEqual({
      items: [expect.objectContaining({ watchId: watch.id, kind: 'coverage_drop', date: '2026-11-13', statistics: expect.objectContaining({ change: -30, pValue: expect.closeTo(6.655e-6, 8) }) })],
      paging: { nextCursor: null, hasMore: false },
    });
    expect(await json('watch', 'list', '--report', reportId)).toEqual({ items: [watch] });
    expect(await json('watch', 'remove', '--report', reportId, '--watch', String(watch.id))).toEqual({ id: watch.id, deleted: true });
  }, 300_000);
});
