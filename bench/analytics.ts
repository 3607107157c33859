/**
 * Report analytics under load (issue 10): a report of 100 prompts on 7 engines with 90 days of simulated runs
 * (63,000) on embedded stores in a temp dir, the real server (compose + createHttpApp) listening in this
 * process, and the load from a separate process (this same module started with `--load`, running autocannon),
 * so the client's work never shares the server's event loop. `/stats` over the 90 days and the citation list of
 * the same window, one client and 10 concurrent clients, each beside a floor measured in the same run: a bare
 * node:http server answering the same bytes, loaded by the same child. `GEOLENS_BENCH_SCALE=0.1` seeds a tenth
 * of the prompts; `GEOLENS_BENCH_SECONDS` sets each measurement's length (default 10).
 * Runnable alone: `node --import tsx bench/analytics.ts`.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { createCrmReport, crmPromptText, type CrmReport } from './support/crmReport.js';
import { listening } from './support/load.js';
import type { AppContext } from '../src/app/shared/context.js';
import { compose } from '../src/compose.js';
import { loadConfig, type Config } from '../src/config.js';
import type { RunCompleted } from '../src/domain/run/events.js';
import { answerSchema } from '../src/domain/run/schema.js';
import { ENGINES, type EngineId } from '../src/domain/shared/engines.js';
import { simulateAnswer } from '../src/engines/index.js';
import { allProjections } from '../src/projections/index.js';
import { ReportRebuilder } from '../src/projections/reportHistory/rebuilder.js';
import { ProjectionRunner } from '../src/projections/runner/projectionRunner.js';
import { appendRunBatch } from './support/runLog.js';

export const FULL_PROMPTS = 100;
export const DAYS = 90;
const LAST_DAY = Date.parse('2026-11-20T00:00:00Z');
const silent = pino({ level: 'silent' });

export const dayOf = (offset: number): string => new Date(LAST_DAY - offset * 86_400_000).toISOString().slice(0, 10);



function runEvent(promptId: string, index: number, engine: EngineId, day: string) {
  const answer = answerSchema.parse(simulateAnswer({ engine, prompt: crmPromptText(index), country: 'us', date: day, promptId }));
  const data: RunCompleted['data'] = {
    runId: `${promptId}.${engine}.${day}`, promptId, workspaceId: 'bench', country: 'us', engine, runDate: `${day}T06:00:00.000Z`,
    source: 'simulator', model: null, ...answer,
  };
  return { type: 'RunCompleted', data };
}

/** Runs appended in commits of 100, each to its own run's stream. */
async function appendRuns(context: AppContext, promptIds: readonly string[]): Promise<number> {
  let batch: Array<ReturnType<typeof runEvent>> = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await appendRunBatch(context.eventStore, batch);
    count += batch.length;
    batch = [];
  };
  for (let day = DAYS - 1; day >= 0; day--) {
    for (const [index, promptId] of promptIds.entries()) {
      for (const engine of ENGINES) {
        batch.push(runEvent(promptId, index, engine, dayOf(day)));
        if (batch.length === 100) await flush();
      }
    }
  }
  await flush();
  return count;
}

/** Every projection at the head of the log and every pending rebuild finished, so the server starts quiet. */
async function catchUp(context: AppContext): Promise<void> {
  const runner = new ProjectionRunner(context.eventStore, context.documentStore, allProjections, { logger: silent });
  await runner.start();
  await runner.waitFor(await context.eventStore.headPosition(), 3_600_000);
  await new ReportRebuilder(context.eventStore, context.documentStore, { owner: 'bench', logger: silent }).drain();
  await runner.waitFor(await context.eventStore.headPosition(), 3_600_000);
  await runner.stop();
}

interface Load {
  url: string;
  connections: number;
  seconds: number;
  key: string;
}

interface LoadResult {
  p50: number;
  p99: number;
  requestsPerSecond: number;
}

/** The child's side: one autocannon run, its figures as one JSON line on stdout. */
async function generateLoad(load: Load): Promise<void> {
  const result = await autocannon({ url: load.url, connections: load.connections, duration: load.seconds, headers: { authorization: `Bearer ${load.key}` } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${load.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const figures: LoadResult = { p50: result.latency.p50, p99: result.latency.p99, requestsPerSecond: result.requests.average };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

/** The parent's side: runs the load in a separate process and reads its figures. */
function loadFromChild(load: Load): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--load', JSON.stringify(load)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => (status === 0 ? resolve(JSON.parse(output) as LoadResult) : reject(new Error(`load generator exited with ${status}`))));
  });
}

/** A bare node:http server answering each path with fixed bytes: what any server must at least spend. */
async function floorServer(bodies: Map<string, Buffer>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const body = bodies.get(request.url ?? '') ?? Buffer.alloc(0);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
  return listening(server);
}

/** The bench report with its 90 days of runs, caught up; the dashboard and CSV benchmarks read it too. */
export async function seed(config: Config, prompts: number): Promise<{ seeded: CrmReport; runs: number; seedSeconds: number }> {
  const started = performance.now();
  const composition = await compose(config, silent);
  try {
    const seeded = await createCrmReport(composition.context, prompts);
    await catchUp(composition.context);
    const runs = await appendRuns(composition.context, seeded.promptIds);
    await catchUp(composition.context);
    return { seeded, runs, seedSeconds: (performance.now() - started) / 1000 };
  } finally {
    await composition.close();
  }
}

/** Median milliseconds of a few sequential requests: a glance at the endpoints the load does not cover. */
async function medianMs(url: string, key: string): Promise<number> {
  const timings: number[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
    timings.push(performance.now() - started);
  }
  return timings.sort((left, right) => left - right)[2] ?? 0;
}

const round = (value: number): number => Math.round(value * 100) / 100;

export async function benchAnalytics(): Promise<Record<string, number>> {
  const scale = Number(process.env.GEOLENS_BENCH_SCALE ?? '1');
  const seconds = Number(process.env.GEOLENS_BENCH_SECONDS ?? '10');
  if (!(scale > 0) || !(seconds > 0)) throw new Error('GEOLENS_BENCH_SCALE and GEOLENS_BENCH_SECONDS must be positive numbers');
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-analytics-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0, demo: false };
  try {
    const { seeded, runs, seedSeconds } = await seed(config, Math.max(1, Math.round(FULL_PROMPTS * scale)));
    const composition = await compose(config, silent);
    const runner = composition.createProjectionRunner();
    await runner.start();
    const server = await listening(createServer(composition.createHttpApp(composition.createServices(runner))));
    const base = server.url;
    const report = `/v1/reports/brand/${seeded.reportId}`;
    const window = `startDate=${dayOf(DAYS - 1)}&endDate=${dayOf(0)}&country=us`;
    const paths = { stats: `${report}/stats?${window}`, citations: `${report}/citations?${window}` };
    const bodies = new Map<string, Buffer>();
    for (const path of Object.values(paths)) {
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${seeded.key}` } });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      bodies.set(path, Buffer.from(await response.arrayBuffer()));
    }
    const floor = await floorServer(bodies);
    try {
      const figures: Record<string, number> = { analyticsRuns: runs, analyticsSeedSeconds: round(seedSeconds) };
      for (const [name, path] of Object.entries(paths)) {
        for (const connections of [1, 10]) {
          const measured = await loadFromChild({ url: `${base}${path}`, connections, seconds, key: seeded.key });
          const bare = await loadFromChild({ url: `${floor.url}${path}`, connections, seconds, key: seeded.key });
          const label = `${name}90d${connections === 1 ? 'OneClient' : 'TenClients'}`;
          figures[`${label}P50Ms`] = measured.p50;
          figures[`${label}P99Ms`] = measured.p99;
          figures[`${label}RequestsPerSecond`] = round(measured.requestsPerSecond);
          figures[`${label}FloorP99Ms`] = bare.p99;
          figures[`${label}FloorRequestsPerSecond`] = round(bare.requestsPerSecond);
          figures[`${label}ThroughputVsFloor`] = round(bare.requestsPerSecond / Math.max(measured.requestsPerSecond, 1e-9));
        }
        figures[`${name}90dBytes`] = bodies.get(path)?.length ?? 0;
      }
      for (const [name, path] of Object.entries({
        prompts: `${report}/prompts?${window}`,
        citationStats: `${report}/citations/stats?${window}`,
        recommendations: `${report}/recommendations?country=us`,
      })) figures[`${name}MedianMs`] = round(await medianMs(`${base}${path}`, seeded.key));
      return figures;
    } finally {
      await floor.close();
      await server.close();
      await runner.stop();
      await composition.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const loadAt = process.argv.indexOf('--load');
  if (loadAt >= 0) {
    await generateLoad(JSON.parse(process.argv[loadAt + 1] ?? '{}') as Load);
    return;
  }
  const figures = await benchAnalytics();
  process.stdout.write('\nanalytics\n');
  for (const [figure, value] of Object.entries(figures)) {
    const aim = /OneClientP99Ms$/.test(figure) ? '   (aim < 50 ms)' : '';
    process.stdout.write(`  ${figure.padEnd(48)} ${value.toLocaleString('en-US', { maximumFractionDigits: 2 }).padStart(12)}${aim}\n`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
