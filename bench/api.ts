/**
 * REST latency under load (issue 14's first row): the demo seeded on temporary embedded stores, the real server
 * started in this process on a loopback port, 50 connections for 10 s from a separate process against one
 * report's detail and against the report list, each beside a bare node:http server answering the same bytes under
 * the same load (the floor) and beside express 5 answering them from one route (the framework's ceiling). Then
 * the report detail again from `SERVE_WORKERS` processes (one per core) started with the CLI on the same data dir.
 * Measured once the read models and the demo report's history are built (the server builds them on start).
 * The team's quota is raised out of the way; every request is still metered. The server logs at `silent`: a
 * request line at `info` is the operator's choice, and its cost is pino's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { seedDemo, type DemoCredentials } from '../src/app/demo/seedDemo.js';
import { setTeamPlan } from '../src/app/teams/teams.js';
import { compose } from '../src/compose.js';
import { loadConfig, type Config } from '../src/config.js';
import { startServer } from '../src/server.js';
import { assertClean, loadFromAnotherProcess, ratio, recordAnswer, startExpressFloorServer, startFloorServer, type LoadResult, type RecordedAnswer } from './support/load.js';
import { startServeProcess } from './support/serve.js';

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;

export async function seed(config: Config): Promise<DemoCredentials> {
  const composition = await compose(config, pino({ level: 'silent' }));
  try {
    const demo = await seedDemo(composition.context);
    await setTeamPlan(composition.context, { teamId: demo.teamId, plan: 'custom', apiRequestsMax: 1_000_000_000 });
    return demo;
  } finally {
    await composition.close();
  }
}

/** The server builds every read model from the seeded log on start; measuring meanwhile would time the rebuild. */
export async function untilCaughtUp(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const health = (await (await fetch(`${baseUrl}/v1/health`)).json()) as { projections: Array<{ state: string; lag: string }> };
    if (health.projections.every(({ state, lag }) => state === 'live' && lag === '0')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The read models did not catch up within 120 s');
}

/**
 * The server's rebuilder fills the demo report's history in the background (its prompt assignment opens a
 * version); measuring meanwhile would time that work too. Waits until `/stats` no longer says it recalculates.
 */
export async function untilRebuilt(baseUrl: string, key: string, reportId: string): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const url = `${baseUrl}/v1/reports/brand/${reportId}/stats?startDate=${today}&endDate=${today}&country=us`;
  for (let attempt = 0; attempt < 3000; attempt++) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    const body = (await response.json()) as { isRecalculating?: boolean };
    if (response.ok && body.isRecalculating === false) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The history of report ${reportId} was still recalculating after 300 s`);
}

interface Measured {
  geolens: LoadResult;
  floor: LoadResult;
  /** express 5 answering the same bytes: the framework's own ceiling. */
  express: LoadResult;
}

const loadJob = (url: string, key: string) => ({ url, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, headers: { authorization: `Bearer ${key}` } });

/** Load on one URL of the real server, then the same load on the floors answering the bytes it answered. */
async function measureBesideFloor(name: string, url: string, key: string): Promise<Measured> {
  const job = loadJob(url, key);
  const answer = await recordAnswer(url, { headers: job.headers });
  const geolens = assertClean(name, await loadFromAnotherProcess(job));
  const floorServer = await startFloorServer(answer);
  const expressServer = await startExpressFloorServer(answer);
  try {
    return {
      geolens,
      floor: assertClean(`${name} floor`, await loadFromAnotherProcess({ ...job, url: floorServer.url })),
      express: assertClean(`${name} express floor`, await loadFromAnotherProcess({ ...job, url: `${expressServer.url}${new URL(url).pathname}` })),
    };
  } finally {
    await floorServer.close();
    await expressServer.close();
  }
}

const figures = (prefix: string, { geolens, floor, express }: Measured): Record<string, number> => ({
  [`${prefix}P50Ms`]: geolens.p50,
  [`${prefix}P99Ms`]: geolens.p99,
  [`${prefix}RequestsPerSecond`]: geolens.requestsPerSecond,
  [`${prefix}FloorP99Ms`]: floor.p99,
  [`${prefix}FloorRequestsPerSecond`]: floor.requestsPerSecond,
  [`${prefix}RatioToFloor`]: ratio(geolens.requestsPerSecond, floor.requestsPerSecond),
  [`${prefix}ExpressFloorRequestsPerSecond`]: express.requestsPerSecond,
  [`${prefix}ExpressFloorRatioToFloor`]: ratio(express.requestsPerSecond, floor.requestsPerSecond),
});

/**
 * The same report detail from `SERVE_WORKERS` processes of `geolens serve` on the same data dir, beside the
 * bare `node:http` floor measured once the workers have stopped (idle workers still poll the event log).
 */
async function measureCluster(dataDir: string, demo: DemoCredentials, workers: number): Promise<Record<string, number>> {
  const serve = await startServeProcess(dataDir, { SERVE_WORKERS: String(workers) });
  let answer: RecordedAnswer;
  let geolens: LoadResult;
  let url: string;
  try {
    await untilCaughtUp(serve.url);
    await untilRebuilt(serve.url, demo.readKey, demo.reportId);
    url = `${serve.url}/v1/reports/brand/${demo.reportId}`;
    answer = await recordAnswer(url, { headers: loadJob(url, demo.readKey).headers });
    geolens = assertClean('report detail, cluster', await loadFromAnotherProcess(loadJob(url, demo.readKey)));
  } finally {
    await serve.stop();
  }
  const floorServer = await startFloorServer(answer);
  try {
    const floor = assertClean('report detail floor', await loadFromAnotherProcess({ ...loadJob(url, demo.readKey), url: floorServer.url }));
    return {
      reportDetailClusterWorkers: workers,
      reportDetailClusterRequestsPerSecond: geolens.requestsPerSecond,
      reportDetailClusterP99Ms: geolens.p99,
      reportDetailClusterFloorRequestsPerSecond: floor.requestsPerSecond,
      reportDetailClusterRatioToFloor: ratio(geolens.requestsPerSecond, floor.requestsPerSecond),
    };
  } finally {
    await floorServer.close();
  }
}

export async function benchApi(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-api-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0, demo: false };
  try {
    const demo = await seed(config);
    let result: Record<string, number>;
    const server = await startServer(config, pino({ level: 'silent' }));
    try {
      await untilCaughtUp(server.url);
      await untilRebuilt(server.url, demo.readKey, demo.reportId);
      const detail = await measureBesideFloor('report detail', `${server.url}/v1/reports/brand/${demo.reportId}`, demo.readKey);
      const list = await measureBesideFloor('report list', `${server.url}/v1/reports/brand`, demo.readKey);
      result = { ...figures('reportDetail', detail), ...figures('reportList', list) };
    } finally {
      await server.close();
    }
    // One process per core, as `SERVE_WORKERS` runs them, started from the CLI on the same data dir.
    return { ...result, ...(await measureCluster(dataDir, demo, availableParallelism())) };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
