/**
 * REST latency under load (issue 14's first row): the demo seeded on temporary embedded stores, the real server
 * started in this process on a loopback port, 50 connections for 10 s from a separate process against one
 * report's detail and against the report list, each beside a bare node:http server answering the same bytes under
 * the same load. The team's quota is raised out of the way; every request is still metered.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { seedDemo, type DemoCredentials } from '../src/app/demo/seedDemo.js';
import { setTeamPlan } from '../src/app/teams/teams.js';
import { compose } from '../src/compose.js';
import { loadConfig, type Config } from '../src/config.js';
import { startServer } from '../src/server.js';
import { assertClean, loadFromAnotherProcess, ratio, recordAnswer, startFloorServer, type LoadResult } from './support/load.js';

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;

async function seed(config: Config): Promise<DemoCredentials> {
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

interface Measured {
  geolens: LoadResult;
  floor: LoadResult;
}

async function measureBesideFloor(name: string, url: string, key: string): Promise<Measured> {
  const job = { url, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, headers: { authorization: `Bearer ${key}` } };
  const answer = await recordAnswer(url, { headers: job.headers });
  const geolens = assertClean(name, await loadFromAnotherProcess(job));
  const floorServer = await startFloorServer(answer);
  try {
    return { geolens, floor: assertClean(`${name} floor`, await loadFromAnotherProcess({ ...job, url: floorServer.url })) };
  } finally {
    await floorServer.close();
  }
}

const figures = (prefix: string, { geolens, floor }: Measured): Record<string, number> => ({
  [`${prefix}P50Ms`]: geolens.p50,
  [`${prefix}P99Ms`]: geolens.p99,
  [`${prefix}RequestsPerSecond`]: geolens.requestsPerSecond,
  [`${prefix}FloorP99Ms`]: floor.p99,
  [`${prefix}FloorRequestsPerSecond`]: floor.requestsPerSecond,
  [`${prefix}RatioToFloor`]: ratio(geolens.requestsPerSecond, floor.requestsPerSecond),
});

export async function benchApi(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-api-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0, demo: false };
  try {
    const demo = await seed(config);
    const server = await startServer(config, pino({ level: 'silent' }));
    try {
      await untilCaughtUp(server.url);
      const detail = await measureBesideFloor('report detail', `${server.url}/v1/reports/brand/${demo.reportId}`, demo.readKey);
      const list = await measureBesideFloor('report list', `${server.url}/v1/reports/brand`, demo.readKey);
      return { ...figures('reportDetail', detail), ...figures('reportList', list) };
    } finally {
      await server.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
