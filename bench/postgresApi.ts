/**
 * `GET /v1/reports/brand/{id}` from two `geolens serve` processes on one PostgreSQL database (the demo seeded
 * there; each process with an empty data directory of its own), under load from two separate processes, one
 * per server, 25 connections each for 10 s. The floor, measured once the servers have stopped: bare
 * `node:http` answering the same bytes under the same two loads. Skipped, with the reason, without PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { seed, untilCaughtUp, untilRebuilt } from './api.js';
import type { DemoCredentials } from '../src/app/demo/seedDemo.js';
import { assertClean, loadFromAnotherProcess, ratio, recordAnswer, startFloorServer, type LoadResult, type RecordedAnswer } from './support/load.js';
import { onBenchDatabase } from './support/postgres.js';
import { startServeProcess } from './support/serve.js';

const CONNECTIONS_PER_SERVER = 25;
const DURATION_SECONDS = 10;

/** The same load on each URL at once, each from its own process: requests summed, the worse p99. */
interface Loaded {
  requestsPerSecond: number;
  p99: number;
}

async function loadBoth(urls: readonly string[], key: string, name: string): Promise<Loaded> {
  const headers = { authorization: `Bearer ${key}` };
  const results: LoadResult[] = await Promise.all(
    urls.map((url) => loadFromAnotherProcess({ url, connections: CONNECTIONS_PER_SERVER, durationSeconds: DURATION_SECONDS, headers })),
  );
  for (const result of results) assertClean(name, result);
  return { requestsPerSecond: results.reduce((sum, { requestsPerSecond }) => sum + requestsPerSecond, 0), p99: Math.max(...results.map(({ p99 }) => p99)) };
}

/** The demo's report from both servers (which must answer it byte-identically) under load; then the servers stop. */
async function measureServers(databaseUrl: string, dataDirs: readonly string[], demo: DemoCredentials): Promise<{ geolens: Loaded; answer: RecordedAnswer }> {
  const servers = await Promise.all(dataDirs.map((dataDir) => startServeProcess(dataDir, { DATABASE_URL: databaseUrl })));
  try {
    await Promise.all(servers.map((server) => untilCaughtUp(server.url)));
    await Promise.all(servers.map((server) => untilRebuilt(server.url, demo.readKey, demo.reportId)));
    const urls = servers.map((server) => `${server.url}/v1/reports/brand/${demo.reportId}`);
    const [first, second] = await Promise.all(urls.map((url) => recordAnswer(url, { headers: { authorization: `Bearer ${demo.readKey}` } })));
    if (!first || !second?.body.equals(first.body)) throw new Error('the two serve processes answered the report differently');
    return { geolens: await loadBoth(urls, demo.readKey, 'report detail, two serve on PostgreSQL'), answer: first };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export const benchPostgresApi = (): Promise<Record<string, number>> =>
  onBenchDatabase(async (databaseUrl) => {
    const dataDirs = await Promise.all([0, 1, 2].map(() => mkdtemp(join(tmpdir(), 'geolens-bench-pg-api-'))));
    try {
      const demo = await seed({ ...loadConfig({ DATA_DIR: dataDirs[2] as string, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }), port: 0, demo: false });
      const { geolens, answer } = await measureServers(databaseUrl, dataDirs.slice(0, 2), demo);
      const floorServer = await startFloorServer(answer);
      try {
        const floor = await loadBoth([floorServer.url, floorServer.url], demo.readKey, 'report detail floor');
        return {
          postgresReportDetailTwoServeRequestsPerSecond: geolens.requestsPerSecond,
          postgresReportDetailTwoServeP99Ms: geolens.p99,
          postgresReportDetailTwoServeFloorRequestsPerSecond: floor.requestsPerSecond,
          postgresReportDetailTwoServeFloorP99Ms: floor.p99,
          postgresReportDetailTwoServeRatioToFloor: ratio(geolens.requestsPerSecond, floor.requestsPerSecond),
        };
      } finally {
        await floorServer.close();
      }
    } finally {
      await Promise.all(dataDirs.map((directory) => rm(directory, { recursive: true, force: true })));
    }
  });
