import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { createBrandReport, requestReplay } from '../../src/app/brandReports/edit/commands.js';
import type { AppContext } from '../../src/app/shared/context.js';
import { createPrompt } from '../../src/app/prompts/prompts.js';
import { importRuns } from '../../src/app/runs/import.js';
import { createTeam } from '../../src/app/teams/teams.js';
import { createWorkspace } from '../../src/app/workspaces/commands.js';
import { followRebuild } from '../../src/cli/replayCommand.js';
import { SqliteDocumentStore } from '../../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import type { Collection } from '../../src/ports/documentStore.js';
import type { DayDoc } from '../../src/projections/reportHistory/dayDocument.js';
import { REPORT_HISTORY, reportHistoryProjection } from '../../src/projections/reportHistory/projection.js';
import type { ReportVersionDoc } from '../../src/projections/reportHistory/versions.js';
import { REBUILD_LEASES_COLLECTION } from '../../src/projections/reportHistory/rebuilder.js';
import type { LeaseDoc } from '../../src/background/leases.js';
import { ReadModels } from '../../src/projections/runner/readModels.js';
import { historyHarness, type HistoryHarness } from '../projections/reportHistory/support.js';
import { runGeolens } from '../support/cli.js';
import { systemClock } from '../../src/background/clock.js';

const RUNS = 12;

async function openStores(dataDir: string): Promise<AppContext> {
  return {
    eventStore: new SqliteEventStore(dataDir),
    documentStore: await SqliteDocumentStore.open(dataDir),
    logger: pino({ level: 'silent' }),
    clock: systemClock,
  };
}

async function closeStores(context: AppContext): Promise<void> {
  await context.eventStore.close();
  await context.documentStore.close();
}

const runLines = (promptId: string, count: number) =>
  Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      runId: `r${index}`,
      promptId,
      engine: index % 2 === 0 ? 'chatgpt' : 'claude',
      runDate: `2026-11-0${1 + (index % 5)}T09:00:00Z`,
      content: 'Acme leads, Globex follows.',
      citations: [{ title: 'G2', link: 'https://www.g2.com/crm/', rank: 1 }],
    }),
  );

/** A report with one prompt and `count` imported runs; no projection has run yet. */
async function seedReport(context: AppContext, count: number): Promise<string> {
  const team = await createTeam(context, { name: 'Acme' });
  const workspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Main' })).id;
  const promptId = (await createPrompt(context, { workspaceId, country: 'us', text: 'Best CRM?' })).id;
  await importRuns(context, runLines(promptId, count));
  const report = await createBrandReport(context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId] });
  return report.id;
}

const versionsOf = (context: AppContext): Promise<Collection<ReportVersionDoc>> =>
  new ReadModels(context.documentStore).collection<ReportVersionDoc>(reportHistoryProjection, REPORT_HISTORY.versions);

describe('geolens replay', () => {
  let dataDir: string;
  let reportId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'geolens-replay-cli-'));
    const context = await openStores(dataDir);
    reportId = await seedReport(context, RUNS);
    await closeStores(context);
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('without --wait it prints the new version as running at once', async () => {
    const result = await runGeolens(dataDir, 'replay', '--report', reportId, '--json');
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    // The report's first version (created with its prompt) was still building; the replay supersedes it.
    expect(JSON.parse(result.stdout)).toEqual({
      reportId,
      version: 2,
      state: 'running',
      processed: 0,
      total: null,
      startedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      finishedDate: null,
    });
  }, 30_000);

  test('with --wait it rebuilds in the process and prints the finished version, which queries then read', async () => {
    const result = await runGeolens(dataDir, 'replay', '--report', reportId, '--wait', '--json');
    expect(result).toMatchObject({ status: 0, stderr: '' });
    const status = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(status).toEqual({
      reportId,
      version: 3,
      state: 'finished',
      processed: RUNS,
      total: RUNS,
      startedDate: expect.any(String),
      finishedDate: expect.any(String),
    });

    const context = await openStores(dataDir);
    try {
      const active = await (await versionsOf(context)).find({ reportId, state: 'active' });
      expect(active.map(({ version }) => version)).toEqual([3]);
      const days = await new ReadModels(context.documentStore).collection<DayDoc>(reportHistoryProjection, REPORT_HISTORY.days);
      const runs = (await days.find({ reportId, version: 3 })).flatMap(({ engines }) => engines).reduce((sum, { totals }) => sum + totals.runs, 0);
      expect(runs).toBe(RUNS);
    } finally {
      await closeStores(context);
    }
  }, 30_000);

  test('an unknown report exits with status 2 naming --report and writes nothing', async () => {
    const context = await openStores(dataDir);
    const head = await context.eventStore.headPosition();
    await closeStores(context);

    const result = await runGeolens(dataDir, 'replay', '--report', 'br_missing', '--wait', '--json');
    expect({ status: result.status, stdout: result.stdout }).toEqual({ status: 2, stdout: '' });
    expect(result.stderr.trim().split('\n')).toEqual(['error: --report: Brand report br_missing not found']);

    const after = await openStores(dataDir);
    expect(await after.eventStore.headPosition()).toBe(head);
    await closeStores(after);
  }, 30_000);
});

describe('replay --wait beside a server that rebuilds', () => {
  let harness: HistoryHarness;
  let reportId: string;
  let building: ReportVersionDoc;

  beforeEach(async () => {
    harness = await historyHarness();
    reportId = await seedReport(harness.context, RUNS);
    await harness.settle();
    await harness.rebuilder.drain();
    await requestReplay(harness.context, reportId);
    await harness.settle();
    const [newest] = await (await versionsOf(harness.context)).find({ reportId }, { sort: { version: -1 }, limit: 1 });
    if (newest?.state !== 'building') throw new Error('the replay opened no building version');
    building = newest;
  });

  afterEach(async () => harness.close());

  const leases = () => harness.context.documentStore.collection<LeaseDoc>(REBUILD_LEASES_COLLECTION);
  const leaseTo = async (owner: string, inMs: number) =>
    leases().insertOne({ _id: building._id, owner, expires: new Date(Date.now() + inMs).toISOString(), attempts: 1 });

  test('it leaves a rebuild whose lease the server holds to the server and reports that rebuild', async () => {
    await leaseTo('server', 60_000);
    const seen: ReportVersionDoc[] = [];
    const following = followRebuild(harness.composition, building, { pollMs: 10, onVersion: (version) => seen.push(version) });
    while (seen.length < 5) await delay(10);
    expect(seen.map(({ state, processed }) => ({ state, processed }))).toEqual(Array.from({ length: seen.length }, () => ({ state: 'building', processed: 0 })));
    expect(await leases().findOne({ _id: building._id })).toMatchObject({ owner: 'server' });

    await harness.composition.createRebuilder('server').drain();
    expect(await following).toMatchObject({ version: building.version, state: 'active', processed: RUNS });
  });

  test('it takes over a rebuild whose holder stopped renewing its lease, and finishes it', async () => {
    await leaseTo('crashed-server', 300);
    const finished = await followRebuild(harness.composition, building, { pollMs: 20 });
    expect(finished).toMatchObject({ version: building.version, state: 'active', processed: RUNS, total: RUNS });
  });
});
