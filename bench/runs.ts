import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import type { AppContext } from '../src/app/shared/context.js';
import { answeredRun } from '../src/app/runs/runEvents.js';
import { recordRun } from '../src/app/runs/import.js';
import { addDays, daysBetween } from '../src/domain/shared/days.js';
import { planDay, type ScheduledPrompt } from '../src/app/scheduler/plan.js';
import { recordSimulatedRuns, simulatedRunDate } from '../src/app/scheduler/simulate.js';
import type { RunEvent } from '../src/domain/run/events.js';
import { simulateAnswer } from '../src/engines/index.js';
import { SqliteDocumentStore } from '../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../src/infra/eventStore/sqliteEventStore.js';

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
  country: index % 2 === 0 ? 'us' : 'uk',
  text,
}));

/**
 * Runs recorded per second on the embedded stores (one fsync'd append per run, as the scheduler and
 * `geolens runs simulate` write them): through `recordRun` alone with the events built beforehand, and end to
 * end as `runs simulate` and the demo do (simulate, parse, record).
 */
export async function benchRunRecording(): Promise<Record<string, number>> {
  return {
    recordRunRunsPerSecond: await withContext(measureRecordRun),
    simulateAndRecordRunsPerSecond: await withContext(measureSimulation),
  };
}

async function measureRecordRun(context: AppContext): Promise<number> {
  const events = simulatedEvents(WARM_UP_RUNS + RUNS);
  for (const event of events.slice(0, WARM_UP_RUNS)) await recordRun(context, event);
  const started = performance.now();
  for (const event of events.slice(WARM_UP_RUNS)) await recordRun(context, event);
  return Math.round((RUNS / (performance.now() - started)) * 1000);
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

async function withContext(measure: (context: AppContext) => Promise<number>): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-runs-'));
  const eventStore = new SqliteEventStore(dataDir);
  const documentStore = await SqliteDocumentStore.open(dataDir);
  try {
    return await measure({ eventStore, documentStore, logger: pino({ level: 'silent' }), now: () => NOW });
  } finally {
    await eventStore.close();
    await documentStore.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
