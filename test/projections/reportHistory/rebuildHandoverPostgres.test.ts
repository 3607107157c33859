import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import type { RunCompleted } from '../../../src/domain/run/events.js';
import type { NewEvent } from '../../../src/ports/eventStore.js';
import type { DayDoc } from '../../../src/projections/reportHistory/dayDocument.js';
import { REPORT_HISTORY, reportHistoryProjection } from '../../../src/projections/reportHistory/projection.js';
import { REBUILD_LEASES_COLLECTION } from '../../../src/projections/reportHistory/rebuilder.js';
import type { ReportVersionDoc } from '../../../src/projections/reportHistory/versions.js';
import { createTestDatabase, describePostgres, type TestDatabase } from '../../support/postgres.js';
import { historyHarness, type HistoryHarness } from './support.js';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'rebuildReport.ts');
const RUNS = 2_000;
const ANSWERS = ['Acme is the best choice. Globex is fine, but pricey.', 'Globex leads; Acme follows.', 'Nothing here names a tracked brand.'];
const SETTINGS = { brand: 'Acme', brandDomain: 'acme.com', competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }] };

interface ChildRun {
  outcome: 'killed' | 'done';
  lines: string[];
}

const progressOf = (lines: string[]) => Number(lines.filter((line) => line.startsWith('progress ')).at(-1)?.split(' ')[1] ?? 0);

/**
 * The rebuild fixture (live projections and a rebuilder with one-second leases, as `serve` runs them) as a
 * separate process on the database (its data directory, the harness's, stays empty); SIGKILLed once its progress reaches `killAt`.
 */
function runChild(harness: HistoryHarness, databaseUrl: string, reportId: string, pauseMs: number, killAt: number | null): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, harness.dataDir, reportId, String(pauseMs)], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      lines.push(...chunk.split('\n').filter(Boolean));
      if (killAt !== null && progressOf(lines) >= killAt && !child.killed) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ outcome: 'killed', lines });
      else if (code === 0) resolve({ outcome: 'done', lines });
      else reject(new Error(`child exited with ${code}: ${lines.join(' | ')}`));
    });
  });
}

describePostgres()('a report rebuild on PostgreSQL whose holder is SIGKILLed', () => {
  let database: TestDatabase;
  let harness: HistoryHarness;
  let workspaceId: string;
  let promptIds: string[];

  beforeEach(async () => {
    database = await createTestDatabase();
    harness = await historyHarness(undefined, database.url);
    const team = await createTeam(harness.context, { name: 'Acme', plan: 'premium' });
    workspaceId = (await createWorkspace(harness.context, { teamId: team.id, name: 'Main' })).id;
    promptIds = [];
    for (const text of ['Best CRM?', 'Cheapest CRM?']) promptIds.push((await createPrompt(harness.context, { workspaceId, country: 'us', text })).id);
  });

  afterEach(async () => {
    await harness.close();
    await database.drop();
  });

  /** `RUNS` completed runs over the prompts, four engines and 30 days, appended 500 to a commit. */
  async function recordRuns(): Promise<void> {
    const engines = ['chatgpt', 'claude', 'perplexity', 'gemini'] as const;
    const events = Array.from({ length: RUNS }, (_, index): NewEvent => {
      const data: RunCompleted['data'] = {
        runId: `run${index}`,
        promptId: promptIds[Math.floor(index / 30) % promptIds.length] as string,
        workspaceId,
        country: 'us',
        engine: engines[Math.floor(index / 7) % engines.length] as RunCompleted['data']['engine'],
        runDate: `2026-10-${String(1 + (index % 30)).padStart(2, '0')}T09:00:00.000Z`,
        source: 'import',
        model: null,
        content: ANSWERS[Math.floor(index / 3) % ANSWERS.length] as string,
        citations: [{ title: 'Source', link: index % 2 ? 'https://acme.com/pricing' : 'https://globex.com/', rank: 1 }],
        webSearchQuery: [],
        ads: [],
        shopping: [],
        overviewAvailable: true,
      };
      return { type: 'RunCompleted', data };
    });
    for (let start = 0; start < RUNS; start += 500) await harness.context.eventStore.append(`run-chunk${start}`, events.slice(start, start + 500));
  }

  /** The harness's settle with room for a loaded server: the live projections apply the runs one round trip a batch. */
  const settle = async () => harness.runner.waitFor(await harness.context.eventStore.headPosition(), 60_000);

  async function newestVersion(reportId: string): Promise<ReportVersionDoc | undefined> {
    const versions = await harness.composition.readModels.collection<ReportVersionDoc>(reportHistoryProjection, REPORT_HISTORY.versions);
    return (await versions.find({ reportId }, { sort: { version: -1 }, limit: 1 }))[0];
  }

  /** A version's day documents without what names the report and version, in a fixed order: its figures. */
  async function figures({ reportId, version }: ReportVersionDoc): Promise<unknown[]> {
    const days = await harness.composition.readModels.collection<DayDoc>(reportHistoryProjection, REPORT_HISTORY.days);
    return (await days.find({ reportId, version }, { sort: { promptId: 1, day: 1 } })).map(({ _id, reportId: _reportId, version: _version, engines, ...rest }) => ({
      ...rest,
      engines: [...engines].sort((first, second) => first.engine.localeCompare(second.engine)),
    }));
  }

  test('two processes started after the kill take the expired lease over; the rebuild resumes from its checkpoint and counts every run once', async () => {
    await recordRuns();
    const reportId = (await createBrandReport(harness.context, { workspaceId, ...SETTINGS, promptIds })).id;
    await settle();

    const killed = await runChild(harness, database.url, reportId, 40, 400);
    const resumed = await Promise.all([runChild(harness, database.url, reportId, 0, null), runChild(harness, database.url, reportId, 0, null)]);

    expect(killed.outcome).toBe('killed');
    expect(resumed.map(({ outcome }) => outcome)).toEqual(['done', 'done']);
    const seenBeforeKill = progressOf(killed.lines);
    expect(seenBeforeKill).toBeGreaterThan(0);
    // Whichever took the lease over started from the killed one's last committed batch, not from zero.
    const firstBatchAfterKill = Math.min(...resumed.map(({ lines }) => Number(lines.find((line) => line.startsWith('progress '))?.split(' ')[1] ?? Infinity)));
    expect(firstBatchAfterKill).toBeGreaterThan(seenBeforeKill);
    const rebuilt = await newestVersion(reportId);
    expect(rebuilt).toMatchObject({ state: 'active', processed: RUNS, total: RUNS });
    expect(await harness.context.documentStore.collection(REBUILD_LEASES_COLLECTION).countDocuments({})).toBe(0);

    const fresh = (await createBrandReport(harness.context, { workspaceId, ...SETTINGS, promptIds })).id;
    await settle();
    await harness.rebuilder.drain();
    const freshVersion = await newestVersion(fresh);
    expect(await figures(rebuilt as ReportVersionDoc)).toEqual(await figures(freshVersion as ReportVersionDoc));
    expect(await figures(rebuilt as ReportVersionDoc)).toHaveLength(promptIds.length * 30);
  }, 120_000);
});
