/**
 * Alert evaluation per day of runs (issue 25): the 63,000-run report of the analytics bench (100 prompts × 7
 * engines × 90 days, seeded by its `seed` on embedded stores in a temp dir) with one watch of each of the seven
 * kinds (competitor_surge over every competitor), and the alerts process's own evaluation
 * (`alertCandidates` of `src/app/alerts/process.ts`) of the trigger a day's scheduled runs give: the
 * `RunCompleted` events of the newest day (700 at full scale), as recorded in the log. Run triggers evaluate the
 * coverage kinds, new_untracked_brand and negative_sentiment; crawler_blocked and agent_visits_drop are only
 * read with the report's watches (checks and log uploads trigger them).
 *
 * Each repetition evaluates without raising, so no alert of one repetition makes the next cheaper (nor dearer):
 * the process would raise each candidate on its watch's stream of that day, at most once per watch and day, and a
 * repetition that found the streams taken would skip the appends. Each repetition also starts with an empty
 * response cache: after a real day's runs the read models have moved, so the `/stats` answers new_untracked_brand
 * reads are computed again, while a repetition on unchanged read models would find them held. Once the
 * repetitions are done, one whole batch reaction (`alertsProcess.handleBatch`: waiting for the read models,
 * evaluating, raising the candidates) is timed once.
 *
 * The floor, measured in the same run and interleaved with the evaluations: the read-model rows the evaluation
 * rests on, read straight from the read models' SQLite file with bare better-sqlite3 (prepared statements, a
 * second read-only connection) and parsed: one query over the report-history report-day documents of the two
 * windows (the baseline's 28 days and the current 7: coverage counts and the names the answers put forward) and
 * one over the newest day's runs of the report's prompts (the answers negative_sentiment reads; no aggregate
 * holds their sentences). No decoding, no statistics, no sentence analysis: what any evaluation must at least
 * read. `alertsRatioToFloor` is floor / geolens.
 *
 * `GEOLENS_BENCH_SCALE=0.1` seeds a tenth of the prompts; `BENCH_ALERTS_REPETITIONS` sets the repetitions
 * (default 20, after one not counted). Runnable alone: `node --import tsx bench/alerts.ts`.
 */
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { dayOf, FULL_PROMPTS, seed } from './analytics.js';
import { addWatchOperation } from '../src/app/alerts/operations.js';
import { alertCandidates, alertsProcess } from '../src/app/alerts/process.js';
import type { ProcessEvent } from '../src/app/processes/processRunner.js';
import { OPERATOR } from '../src/app/shared/principal.js';
import { ResponseCache } from '../src/app/shared/responseCache.js';
import type { Services } from '../src/app/shared/services.js';
import { compose } from '../src/compose.js';
import { loadConfig, type Config } from '../src/config.js';
import { WATCH_KINDS } from '../src/domain/alerts/schema.js';
import { alertWindows } from '../src/domain/alerts/statistics.js';
import { runDay, runStream, type RunCompleted } from '../src/domain/run/events.js';
import type { EventStore } from '../src/ports/eventStore.js';
import { READ_MODELS_FILE } from '../src/infra/documentStore/sqliteDocumentStore.js';
import { EVENTS_FILE } from '../src/infra/eventStore/sqliteEventStore.js';
import { brandReportCollection } from '../src/projections/brandReports/reader.js';
import { REPORT_HISTORY, reportHistoryProjection } from '../src/projections/reportHistory/projection.js';
import { historyReader } from '../src/projections/reportHistory/reader.js';
import { physicalCollectionName } from '../src/projections/runner/projection.js';
import { RUNS_COLLECTION, runsProjection } from '../src/projections/runs/projection.js';

const REPETITIONS = Number(process.env.BENCH_ALERTS_REPETITIONS ?? 20);
const silent = pino({ level: 'silent' });

type DayRun = ProcessEvent<RunCompleted>;

/** The `RunCompleted` events of `day` as the log holds them: what the process is handed for a day's runs. */
async function runsOfDay(eventStore: EventStore, day: string): Promise<DayRun[]> {
  const head = await eventStore.headPosition();
  const found: DayRun[] = [];
  let from = 0n;
  while (from < head) {
    const { events, scannedTo } = await eventStore.readAll({ from, maxCount: 1_000, filter: { eventTypes: ['RunCompleted'] } });
    for (const event of events as DayRun[]) if (runDay(event.data.runDate) === day) found.push(event);
    if (scannedTo <= from) break;
    from = scannedTo;
  }
  return found;
}

/** One watch of each kind, through the operation `POST …/watches` runs: the default threshold, every engine. */
async function addEveryWatch(services: Services, reportId: string): Promise<void> {
  for (const kind of WATCH_KINDS) {
    await addWatchOperation.run({ reportId, kind }, { principal: OPERATOR, deps: services, log: services.logger });
  }
}

interface Floor {
  /** Reads and parses the rows; answers how many it read. */
  read(): number;
  close(): void;
}

/** The floor's three queries, on the indexes the projections and the event store created (the same expressions as the stores'). */
function sqliteFloor(dataDir: string, key: { reportId: string; version: number; countries: readonly string[]; promptIds: readonly string[] }, day: string): Floor {
  const db = new Database(join(dataDir, READ_MODELS_FILE), { readonly: true });
  const reportDays = physicalCollectionName(reportHistoryProjection.name, reportHistoryProjection.version, REPORT_HISTORY.reportDays);
  const runs = physicalCollectionName(runsProjection.name, runsProjection.version, RUNS_COLLECTION);
  const dayDocuments = db.prepare(
    `SELECT doc FROM "${reportDays}" WHERE json_extract(doc, '$.reportId') = ? AND json_extract(doc, '$.version') = ? ` +
      `AND json_extract(doc, '$.country') = ? AND json_extract(doc, '$.day') BETWEEN ? AND ?`,
  );
  const dayRuns = db.prepare(
    `SELECT doc FROM "${runs}" WHERE json_extract(doc, '$.promptId') IN (${key.promptIds.map(() => '?').join(', ')}) AND json_extract(doc, '$.day') = ?`,
  );
  const events = new Database(join(dataDir, EVENTS_FILE), { readonly: true });
  const dayAnswers = events.prepare('SELECT data FROM events WHERE stream_name IN (SELECT value FROM json_each(?))');
  const windows = alertWindows(day);
  return {
    read() {
      let rows = 0;
      for (const country of key.countries) {
        for (const { doc } of dayDocuments.all(key.reportId, key.version, country, windows.baseline.from, windows.current.to) as Array<{ doc: string }>) {
          JSON.parse(doc);
          rows++;
        }
      }
      const runIds: string[] = [];
      for (const { doc } of dayRuns.all(...key.promptIds, day) as Array<{ doc: string }>) {
        runIds.push((JSON.parse(doc) as { _id: string })._id);
        rows++;
      }
      // The answers stay in the runs' events: the evaluation reads them from there.
      for (const { data } of dayAnswers.all(JSON.stringify(runIds.map(runStream))) as Array<{ data: string }>) JSON.parse(data);
      return rows;
    },
    close: () => {
      db.close();
      events.close();
    },
  };
}

const round = (value: number): number => Math.round(value * 100) / 100;
const sorted = (values: readonly number[]): number[] => [...values].sort((left, right) => left - right);
const median = (values: readonly number[]): number => {
  const order = sorted(values);
  const middle = Math.floor(order.length / 2);
  return order.length % 2 === 1 ? (order[middle] ?? 0) : ((order[middle - 1] ?? 0) + (order[middle] ?? 0)) / 2;
};
const p95 = (values: readonly number[]): number => sorted(values)[Math.max(0, Math.ceil(0.95 * values.length) - 1)] ?? 0;

export async function benchAlerts(): Promise<Record<string, number>> {
  const scale = Number(process.env.GEOLENS_BENCH_SCALE ?? '1');
  if (!(scale > 0) || !(REPETITIONS >= 1)) throw new Error('GEOLENS_BENCH_SCALE and BENCH_ALERTS_REPETITIONS must be positive numbers');
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-alerts-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0, demo: false };
  try {
    const { seeded, runs, seedSeconds } = await seed(config, Math.max(1, Math.round(FULL_PROMPTS * scale)));
    const composition = await compose(config, silent);
    const runner = composition.createProjectionRunner();
    await runner.start();
    const services = composition.createServices(runner);
    let floor: Floor | undefined;
    try {
      await addEveryWatch(services, seeded.reportId);
      const day = dayOf(0);
      const trigger = await runsOfDay(services.eventStore, day);
      const report = await (await brandReportCollection(services.readModels)).findOne({ _id: seeded.reportId });
      const [active] = await (await historyReader(services.readModels).versions()).find({ reportId: seeded.reportId, state: 'active' });
      if (!report || !active) throw new Error(`report ${seeded.reportId} or its active history version is missing`);
      floor = sqliteFloor(dataDir, { reportId: report._id, version: active.version, countries: report.countries, promptIds: seeded.promptIds }, day);
      // Each evaluation as after a real day's runs: nothing held in the response cache.
      const evaluate = () => alertCandidates(trigger, { ...services, responseCache: new ResponseCache() });
      let candidates = (await evaluate()).length;
      let floorRows = floor.read();
      const evaluations: number[] = [];
      const floorReads: number[] = [];
      for (let repetition = 0; repetition < REPETITIONS; repetition++) {
        let started = performance.now();
        candidates = (await evaluate()).length;
        evaluations.push(performance.now() - started);
        started = performance.now();
        floorRows = floor.read();
        floorReads.push(performance.now() - started);
      }
      const started = performance.now();
      await alertsProcess.handleBatch?.(trigger, { ...services, responseCache: new ResponseCache() });
      const handleDayOnceMs = performance.now() - started;
      const evaluateMedian = median(evaluations);
      const floorMedian = median(floorReads);
      return {
        alertsRuns: runs,
        alertsSeedSeconds: round(seedSeconds),
        alertsWatches: WATCH_KINDS.length,
        alertsEvaluateRunsPerDay: trigger.length,
        alertsEvaluateRepetitions: REPETITIONS,
        alertsEvaluateDayMedianMs: round(evaluateMedian),
        alertsEvaluateDayP95Ms: round(p95(evaluations)),
        alertsEvaluateMsPer1000Runs: round((evaluateMedian / Math.max(trigger.length, 1)) * 1000),
        alertsCandidatesPerDay: candidates,
        alertsHandleDayOnceMs: round(handleDayOnceMs),
        alertsFloorRowsRead: floorRows,
        alertsFloorSqliteReadMs: round(floorMedian),
        alertsRatioToFloor: round(floorMedian / Math.max(evaluateMedian, 1e-9)),
      };
    } finally {
      floor?.close();
      await runner.stop();
      await composition.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const figures = await benchAlerts();
  process.stdout.write('\nalerts\n');
  for (const [figure, value] of Object.entries(figures)) {
    process.stdout.write(`  ${figure.padEnd(36)} ${value.toLocaleString('en-US', { maximumFractionDigits: 2 }).padStart(12)}\n`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
