/**
 * Replay rate on the embedded stores (issue 5): a report of 500 CRM prompts on 6 engines over 365 days
 * (about 1.1 million completed runs). The runs are appended straight to the event log, the live projections
 * catch up (timed apart: that is not replay; first the report history alone, then the others), then an analyst's
 * replay rebuilds the report's history and is timed from request to switch, split into reading events, analysis
 * and writing read models.
 * `GEOLENS_BENCH_SCALE=0.1` runs a tenth of the days.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createBrandReport, requestReplay } from '../src/app/brandReports/edit/commands.js';
import type { AppContext } from '../src/app/shared/context.js';
import { createPrompt } from '../src/app/prompts/prompts.js';
import { createTeam } from '../src/app/teams/teams.js';
import { createWorkspace } from '../src/app/workspaces/commands.js';
import type { RunCompleted } from '../src/domain/run/events.js';
import { ENGINES, type EngineId } from '../src/domain/shared/engines.js';
import { simulateAnswer } from '../src/engines/simulator/index.js';
import { openStores } from '../src/infra/stores.js';
import type { NewEvent } from '../src/ports/eventStore.js';
import { projectionsWith } from '../src/projections/index.js';
import type { RunAnalyst } from '../src/projections/reportHistory/analysis/analyst.js';
import { createWorkerAnalyst } from '../src/projections/reportHistory/analysis/workerAnalyst.js';
import { REPORT_HISTORY, reportHistoryProjection } from '../src/projections/reportHistory/projection.js';
import { TEXT_FACTS_COLLECTION } from '../src/projections/reportHistory/textFactsStore.js';
import { ReportRebuilder } from '../src/projections/reportHistory/rebuilder.js';
import type { BatchTimings } from '../src/projections/reportHistory/batchTimings.js';
import type { ReportVersionDoc } from '../src/projections/reportHistory/versions.js';
import { ProjectionRunner } from '../src/projections/runner/projectionRunner.js';
import { ReadModels } from '../src/projections/runner/readModels.js';
import { systemClock } from '../src/background/clock.js';
import { appendRunBatch } from './support/runLog.js';
import { measured, type WorkCosts } from './support/profile.js';

export interface ReplayBenchOptions {
  prompts?: number;
  days?: number;
  engines?: number;
  /** Both stores on this PostgreSQL database instead of the embedded ones. */
  databaseUrl?: string;
}

/** Distinct answers per engine; runs reuse them, so generating a million runs costs little. */
const ANSWERS_PER_ENGINE = 500;
const EVENTS_PER_APPEND = 1_000;
/** The answers' pool is simulated for the days of 2025, so it is the same in every run of the bench. */
const POOL_FIRST_DAY = Date.UTC(2025, 0, 1);
const DAY_MS = 86_400_000;
const WAIT_MS = 3_600_000;

const TOPICS = ['CRM', 'CRM software', 'sales CRM', 'CRM platform', 'customer relationship management tool'];
const AUDIENCES = ['small businesses', 'startups', 'agencies', 'real estate agents', 'B2B sales teams', 'nonprofits', 'consultants', 'e-commerce shops'];
const ASKS = ['What is the best {t} for {a}?', 'Which {t} is easiest to set up for {a}?', 'Affordable {t} for {a}', 'Top {t} options for {a} in 2026', '{t} with email automation for {a}'];

/** The report tracks the simulator's challenger against the CRM leaders, as the demo does. */
const REPORT = {
  brand: 'Nimbus CRM',
  brandVariations: ['Nimbus'],
  brandDomain: 'nimbuscrm.com',
  competitors: [
    { brand: 'HubSpot', brandDomain: 'hubspot.com' },
    { brand: 'Salesforce', brandDomain: 'salesforce.com' },
    { brand: 'Pipedrive', brandDomain: 'pipedrive.com' },
    { brand: 'Zoho CRM', brandDomain: 'zoho.com', brandVariations: ['Zoho'] },
    { brand: 'Freshsales', brandDomain: 'freshworks.com' },
  ],
};

function promptText(index: number): string {
  const ask = ASKS[index % ASKS.length] as string;
  const topic = TOPICS[Math.floor(index / ASKS.length) % TOPICS.length] as string;
  const audience = AUDIENCES[Math.floor(index / (ASKS.length * TOPICS.length)) % AUDIENCES.length] as string;
  const variant = Math.floor(index / (ASKS.length * TOPICS.length * AUDIENCES.length));
  return `${ask.replace('{t}', topic).replace('{a}', audience)}${variant > 0 ? ` (${variant})` : ''}`;
}

type Answer = Pick<RunCompleted['data'], 'content' | 'citations' | 'webSearchQuery' | 'ads' | 'shopping' | 'overviewAvailable'>;

function answerPool(engines: readonly EngineId[]): Map<EngineId, Answer[]> {
  return new Map(
    engines.map((engine) => [
      engine,
      Array.from({ length: ANSWERS_PER_ENGINE }, (_, index) => {
        const date = new Date(POOL_FIRST_DAY + (index % 365) * DAY_MS).toISOString().slice(0, 10);
        const { content, citations, webSearchQuery, ads, shopping, overviewAvailable } = simulateAnswer({
          engine, prompt: promptText(index), country: 'us', date, promptId: `pr_pool${index}`,
        });
        return { content, citations, webSearchQuery, ads, shopping, overviewAvailable } as Answer;
      }),
    ]),
  );
}

interface Scenario {
  context: AppContext;
  workspaceId: string;
  promptIds: string[];
  engines: EngineId[];
  days: number;
}

/**
 * The log's days end yesterday, as a year of a report's history does: its last month is what the evidence
 * read model keeps (at small scales every day is in it).
 */
const firstDayMs = (days: number): number => Date.parse(new Date().toISOString().slice(0, 10)) - days * DAY_MS;

/** Every run of one day, in the order a scheduler records them. */
function dayRuns({ workspaceId, promptIds, engines }: Scenario, pool: Map<EngineId, Answer[]>, firstDay: number, day: number): Array<NewEvent & { data: RunCompleted['data'] }> {
  const runDate = new Date(firstDay + day * DAY_MS + 9 * 3_600_000).toISOString();
  return promptIds.flatMap((promptId, promptIndex) =>
    engines.map((engine) => {
      const answers = pool.get(engine) as Answer[];
      const answer = answers[(promptIndex * 31 + day * 17) % answers.length] as Answer;
      const data: RunCompleted['data'] = {
        runId: `${promptId}.${engine}.${runDate.slice(0, 10)}`,
        promptId, workspaceId, country: 'us', engine, runDate, source: 'simulator', model: 'geolens-simulator-1', ...answer,
      };
      return { type: 'RunCompleted' as const, data };
    }),
  );
}

/** Appends in commits of 1,000 runs, each to its own run's stream, so that a million runs take about a thousand commits. */
async function appendRuns(scenario: Scenario): Promise<number> {
  const pool = answerPool(scenario.engines);
  let pending: Array<NewEvent & { data: RunCompleted['data'] }> = [];
  let appended = 0;
  const flush = async () => {
    await appendRunBatch(scenario.context.eventStore, pending);
    appended += pending.length;
    pending = [];
  };
  const firstDay = firstDayMs(scenario.days);
  for (let day = 0; day < scenario.days; day++) {
    for (const event of dayRuns(scenario, pool, firstDay, day)) {
      pending.push(event);
      if (pending.length === EVENTS_PER_APPEND) await flush();
    }
  }
  if (pending.length > 0) await flush();
  return appended;
}

async function setUpReport(context: AppContext, promptCount: number): Promise<{ workspaceId: string; promptIds: string[]; reportId: string }> {
  const team = await createTeam(context, { name: 'Bench', plan: 'premium' });
  const workspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Nimbus CRM' })).id;
  const promptIds: string[] = [];
  for (let index = 0; index < promptCount; index++) {
    promptIds.push((await createPrompt(context, { workspaceId, country: 'us', text: promptText(index) })).id);
  }
  const report = await createBrandReport(context, { workspaceId, ...REPORT, promptIds });
  return { workspaceId, promptIds, reportId: report.id };
}

/** A runner of the service's projections, or of those `only` names. */
function startRunner(context: AppContext, analyst: RunAnalyst, only?: (name: string) => boolean): Promise<ProjectionRunner> {
  const projections = projectionsWith(analyst).filter(({ name }) => only?.(name) ?? true);
  const runner = new ProjectionRunner(context.eventStore, context.documentStore, projections, { logger: context.logger });
  return runner.start().then(() => runner);
}

async function activeVersion(context: AppContext, reportId: string): Promise<ReportVersionDoc> {
  const versions = await new ReadModels(context.documentStore).collection<ReportVersionDoc>(reportHistoryProjection, REPORT_HISTORY.versions);
  const [active] = await versions.find({ reportId, state: 'active' });
  if (!active) throw new Error(`Report ${reportId} has no active history version`);
  return active;
}

const seconds = (startedMs: number): number => (performance.now() - startedMs) / 1_000;
const round = (value: number): number => Number(value.toFixed(1));

/** `GEOLENS_BENCH_SCALE` scales the number of days (1 = the issue's full year). */
function scaledDays(): number {
  const scale = Number(process.env.GEOLENS_BENCH_SCALE ?? '1');
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`GEOLENS_BENCH_SCALE must be a positive number, got ${process.env.GEOLENS_BENCH_SCALE}`);
  return Math.max(1, Math.round(365 * scale));
}

/** Replays the report's history and times it, batch by batch, per phase. */
async function timeReplay(context: AppContext, analyst: RunAnalyst, runner: ProjectionRunner, reportId: string, name = 'replay'): Promise<{ costs: WorkCosts; phases: BatchTimings }> {
  const phases: BatchTimings = { runs: 0, readEventsMs: 0, analysisMs: 0, writeReadModelsMs: 0 };
  const rebuilder = new ReportRebuilder(context.eventStore, context.documentStore, {
    owner: 'bench',
    logger: context.logger,
    analyst,
    onBatchTimings: (batch) => {
      for (const phase of Object.keys(phases) as (keyof BatchTimings)[]) phases[phase] += batch[phase];
    },
  });
  const costs = await measured(name, async () => {
    await runner.waitFor((await requestReplay(context, reportId)).position, WAIT_MS);
    await rebuilder.drain();
  });
  return { costs, phases };
}

async function assertReplayed(context: AppContext, reportId: string, runs: number): Promise<void> {
  const replayed = await activeVersion(context, reportId);
  if (replayed.reason !== 'replay' || replayed.processed !== runs) {
    throw new Error(`Replay ended with version ${replayed.version} (${replayed.reason}) at ${replayed.processed} of ${runs} runs`);
  }
}

export async function benchReplay(options: ReplayBenchOptions = {}): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-replay-'));
  const stores = await openStores({ dataDir, databaseUrl: options.databaseUrl });
  const context: AppContext = { ...stores, logger: pino({ level: 'silent' }), clock: systemClock };
  // Measures answers on worker threads, one per core, as `geolens serve` does.
  const analyst = createWorkerAnalyst();
  try {
    let runner = await startRunner(context, analyst);
    const { workspaceId, promptIds, reportId } = await setUpReport(context, options.prompts ?? 500);
    await runner.waitFor(await context.eventStore.headPosition(), WAIT_MS);
    // The report's first history version (its prompts, no runs yet) goes live, so runs recorded from now on reach it.
    await new ReportRebuilder(context.eventStore, context.documentStore, { owner: 'bench', logger: context.logger }).drain();
    await runner.stop();

    const engines = ENGINES.slice(0, options.engines ?? 6);
    const appendStarted = performance.now();
    const runs = await appendRuns({ context, workspaceId, promptIds, engines, days: options.days ?? scaledDays() });
    const appendSeconds = seconds(appendStarted);

    // The live catch-up in two legs: the report history alone (the work a replay does, by the live path), then
    // the other projections (the runs read model keeps every answer's text: work a replay does not do).
    const head = await context.eventStore.headPosition();
    const historyCatchUp = await measured('historyCatchUp', async () => {
      const historyRunner = await startRunner(context, analyst, (name) => name === REPORT_HISTORY.name);
      await historyRunner.waitFor(head, WAIT_MS);
      await historyRunner.stop();
    });
    const historyCatchUpSeconds = historyCatchUp.seconds;
    const othersCatchUp = await measured('othersCatchUp', async () => {
      runner = await startRunner(context, analyst);
      await runner.waitFor(head, WAIT_MS);
    });
    const othersCatchUpSeconds = othersCatchUp.seconds;

    const replay = await timeReplay(context, analyst, runner, reportId);
    await assertReplayed(context, reportId, runs);
    // The same replay with no text facts stored, as after a change of the analysis: every run's facts are derived
    // again, as the live projection's catch-up derives them, so the two take the same path over the same work.
    await (await new ReadModels(context.documentStore).collection(reportHistoryProjection, TEXT_FACTS_COLLECTION)).drop();
    const fromText = await timeReplay(context, analyst, runner, reportId, 'replayFromText');
    await assertReplayed(context, reportId, runs);
    await runner.stop();
    return {
      replayRuns: runs,
      replayRunsPerSecond: Math.round(runs / replay.costs.seconds),
      replaySeconds: round(replay.costs.seconds),
      replayCpuSeconds: round(replay.costs.cpuSeconds),
      replayMainThreadCpuSeconds: round(replay.costs.mainThreadCpuSeconds),
      replayMainThreadGcSeconds: round(replay.costs.mainThreadGcSeconds),
      replayMainThreadMinorGcSeconds: round(replay.costs.mainThreadMinorGcSeconds),
      replayReadEventsSeconds: round(replay.phases.readEventsMs / 1_000),
      replayAnalysisSeconds: round(replay.phases.analysisMs / 1_000),
      replayWriteReadModelsSeconds: round(replay.phases.writeReadModelsMs / 1_000),
      replayAppendSeconds: round(appendSeconds),
      replayFromTextSeconds: round(fromText.costs.seconds),
      replayFromTextCpuSeconds: round(fromText.costs.cpuSeconds),
      replayLiveCatchUpSeconds: round(historyCatchUpSeconds + othersCatchUpSeconds),
      replayLiveCatchUpReportHistorySeconds: round(historyCatchUpSeconds),
      replayLiveCatchUpReportHistoryCpuSeconds: round(historyCatchUp.cpuSeconds),
      replayLiveCatchUpReportHistoryMainThreadCpuSeconds: round(historyCatchUp.mainThreadCpuSeconds),
      replayLiveCatchUpReportHistoryMainThreadGcSeconds: round(historyCatchUp.mainThreadGcSeconds),
      replayLiveCatchUpReportHistoryMainThreadMinorGcSeconds: round(historyCatchUp.mainThreadMinorGcSeconds),
      replayLiveCatchUpOtherProjectionsSeconds: round(othersCatchUpSeconds),
      replayLiveCatchUpOtherProjectionsCpuSeconds: round(othersCatchUp.cpuSeconds),
    };
  } finally {
    await analyst.close();
    await stores.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
