/**
 * REST latency under load: the demo seeded on temporary embedded stores, the real server started in-process
 * on a loopback port, then autocannon with 50 connections for 10 s against one report's detail and against
 * the report list. The team's quota is raised out of the way; every request is still metered.
 */
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { seedDemo, type DemoCredentials } from '../src/app/demo/seedDemo.js';
import { setTeamPlan } from '../src/app/teams/teams.js';
import { compose } from '../src/compose.js';
import { loadConfig, type Config } from '../src/config.js';
import { startServer } from '../src/server.js';

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
async function untilCaughtUp(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const health = (await (await fetch(`${baseUrl}/v1/health`)).json()) as { projections: Array<{ state: string; lag: string }> };
    if (health.projections.every(({ state, lag }) => state === 'live' && lag === '0')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The read models did not catch up within 120 s');
}

async function measure(url: string, key: string): Promise<{ p50: number; p99: number; requestsPerSecond: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers: { authorization: `Bearer ${key}` } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, requestsPerSecond: result.requests.average };
}

export async function benchApi(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-api-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0, demo: false };
  try {
    const demo = await seed(config);
    const server = await startServer(config, pino({ level: 'silent' }));
    try {
      await untilCaughtUp(server.url);
      const detail = await measure(`${server.url}/v1/reports/brand/${demo.reportId}`, demo.readKey);
      const list = await measure(`${server.url}/v1/reports/brand`, demo.readKey);
      return {
        reportDetailP50Ms: detail.p50,
        reportDetailP99Ms: detail.p99,
        reportDetailRequestsPerSecond: detail.requestsPerSecond,
        reportListP50Ms: list.p50,
        reportListP99Ms: list.p99,
        reportListRequestsPerSecond: list.requestsPerSecond,
      };
    } finally {
      await server.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
