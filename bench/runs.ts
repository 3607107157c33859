import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import type { AppContext } from '../src/app/shared/context.js';
import { answeredRun } from '../src/app/runs/runEvents.js';
import { importRuns, recordRun, RUN_BATCH } from '../src/app/runs/import.js';
import { openRawEventTable } from './eventStore.js';
import { createPrompt } from '../src/app/prompts/prompts.js';
import { createTeam } from '../src/app/teams/teams.js';
import { createWorkspace } from '../src/app/workspaces/commands.js';
import { addDays, daysBetween } from '../src/domain/shared/days.js';
import { planDay, type ScheduledPrompt } from '../src/app/scheduler/plan.js';
import { recordSimulatedRuns, simulatedRunDate } from '../src/app/scheduler/simulate.js';
import type { RunEvent } from '../src/domain/run/events.js';
import { simulateAnswer } from '../src/engines/index.js';
import { SqliteDocumentStore } from '../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../src/infra/eventStore/sqliteEventStore.js';
import { clockAt } from '../src/background/clock.js';

const RUNS = 20_000;
const WARM_UP_RUNS = 500;
/** The demo's shape: 8 prompts on 7 engines, here for 30 days. */
const SIMULATED_DAYS = 30;
const FIRST_DAY = '2026-01-01';
const NOW = new Date('2026-06-01T00:00:00.000Z');

const PROMPT_TEXTS = [
  'What is the best CRM for small businesses?',
  'Top project management tools for remote teams',
  'Best email marketing platform for a Shopify store',
  'Best running shoes for flat feet',
  'Cheapest WordPress hosting with good support',
  'Best VPN for streaming abroad',
  'Simple bookkeeping software for freelancers',
  'Which mattress is best for back pain?',
];

const prompts: ScheduledPrompt[] = PROMPT_TEXTS.map((text, index) => ({
  promptId: `pr_bench${index}`,
  workspaceId: 'ws_bench',
  teamId: 'tm_bench',
  country: index % 2 === 0 ? 'us' : 'uk',
  text,
}));

/**
 * Runs recorded per second on the embedded stores: `runs import` end to end (NDJSON lines parsed, validated
 * against their prompts, recorded a thousand runs per synced commit), `runs simulate` end to end (simulated,
 * recorded the same way), and one run per synced commit as the scheduler records a run it has just fetched.
 */
export async function benchRunRecording(): Promise<Record<string, number>> {
  return {
    ...(await withContext(measureImport)),
    simulateAndRecordRunsPerSecond: await withContext(measureSimulation),
    recordOneRunPerCommitRunsPerSecond: await withContext(measureRecordRun),
  };
}

/** One commit per run is bounded by the fsync, not by the number of runs: fewer suffice. */
const ONE_BY_ONE_RUNS = 2_000;

async function measureRecordRun(context: AppContext): Promise<number> {
  const events = simulatedEvents(WARM_UP_RUNS + ONE_BY_ONE_RUNS);
  for (const event of events.slice(0, WARM_UP_RUNS)) await recordRun(context, event);
  const started = performance.now();
  for (const event of events.slice(WARM_UP_RUNS)) await recordRun(context, event);
  return Math.round((ONE_BY_ONE_RUNS / (performance.now() - started)) * 1000);
}

/** The NDJSON of `runs import` for runs of real prompts, then the import timed from the lines to the commit. */
async function measureImport(context: AppContext, dataDir: string): Promise<Record<string, number>> {
  const team = await createTeam(context, { name: 'Bench', plan: 'premium' });
  const workspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Bench' })).id;
  const promptIds = new Map<string, string>();
  for (const prompt of prompts) promptIds.set(prompt.promptId, (await createPrompt(context, { workspaceId, country: prompt.country, text: prompt.text })).id);
  const lines = simulatedEvents(RUNS).map(({ data }) => {
    if (!('content' in data)) throw new Error('the simulator answers every run');
    const { runId, promptId, engine, runDate, content, citations, webSearchQuery, ads, shopping, overviewAvailable } = data;
    return JSON.stringify({ runId, promptId: promptIds.get(promptId), engine, runDate, state: 'completed', content, citations, webSearchQuery, ads, shopping, overviewAvailable });
  });
  const started = performance.now();
  const { imported } = await importRuns(context, lines);
  const seconds = (performance.now() - started) / 1000;
  if (imported !== RUNS) throw new Error(`imported ${imported} of ${RUNS} runs`);
  const imports = Math.round(RUNS / seconds);
  const floor = rawImport(dataDir, lines);
  return { importRunsPerSecond: imports, importFloorRawSqliteRunsPerSecond: floor, importRatioToFloor: imports / floor };
}

/**
 * The floor of an import: each line parsed and its JSON inserted into the event store's table with bare
 * better-sqlite3, same pragmas, one synced transaction per RUN_BATCH lines; no validation, no prompt lookup.
 */
function rawImport(directory: string, lines: readonly string[]): number {
  const { db, insert } = openRawEventTable(join(directory, 'raw-import.sqlite'));
  const insertBatch = db.transaction((batch: readonly string[]) => {
    const created = new Date().toISOString();
    for (const line of batch) {
      const run = JSON.parse(line) as { runId: string };
      insert.run(`run-${run.runId}`, 0, 'RunCompleted', JSON.stringify(run), '{}', randomUUID(), created);
    }
  });
  const started = performance.now();
  for (let start = 0; start < lines.length; start += RUN_BATCH) insertBatch.immediate(lines.slice(start, start + RUN_BATCH));
  const perSecond = Math.round(lines.length / ((performance.now() - started) / 1000));
  db.close();
  return perSecond;
}

async function measureSimulation(context: AppContext): Promise<number> {
  const started = performance.now();
  const recorded = await recordSimulatedRuns(context, { prompts, days: daysBetween(FIRST_DAY, addDays(FIRST_DAY, SIMULATED_DAYS - 1)) });
  return Math.round((recorded / (performance.now() - started)) * 1000);
}

/** Distinct scheduled runs, day after day, until `count` are planned. */
function simulatedEvents(count: number): RunEvent[] {
  const events: RunEvent[] = [];
  for (let day = FIRST_DAY; events.length < count; day = addDays(day, 1)) {
    for (const job of planDay(prompts, day)) {
      if (events.length === count) break;
      const answer = simulateAnswer({ engine: job.engine, prompt: job.prompt.text, country: job.prompt.country, date: day, promptId: job.prompt.promptId });
      const { promptId, workspaceId, country } = job.prompt;
      events.push(answeredRun({ runId: job.runId, promptId, workspaceId, country, engine: job.engine, runDate: simulatedRunDate(day, job.engine, NOW) }, answer));
    }
  }
  return events;
}

async function withContext<T>(measure: (context: AppContext, dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-runs-'));
  const eventStore = new SqliteEventStore(dataDir);
  const documentStore = await SqliteDocumentStore.open(dataDir);
  try {
    return await measure({ eventStore, documentStore, logger: pino({ level: 'silent' }), clock: clockAt(() => NOW) }, dataDir);
  } finally {
    await eventStore.close();
    await documentStore.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
