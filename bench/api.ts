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
import { seedDemo, type DemoCredentials } from '../src/app/demo.js';
import { setTeamPlan } from '../src/app/teams.js';
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

/** The server builds its read models from the seeded log on start; the bench waits until the report is served. */
async function untilServed(url: string, key: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await fetch(url, { headers: { authorization: `Bearer ${key}` } })).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not served within 10 s`);
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
      const detailUrl = `${server.url}/v1/reports/brand/${demo.reportId}`;
      await untilServed(detailUrl, demo.readKey);
      const detail = await measure(detailUrl, demo.readKey);
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
