/**
 * The per-day read models of prompt runs: how fast run events are projected into them, and how fast the
 * prompt detail answers over a 90-day window for a report with 100 prompts on 7 engines (63,000 runs).
 * Runs are simulated answers appended in batches of 100 to a few streams (the projections read runs by
 * event type, not by stream), so generating the log does not dominate the bench.
 */
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createCrmReport, type CrmReport } from './support/crmReport.js';
import type { AppContext } from '../src/app/shared/context.js';
import { compose } from '../src/compose.js';
import { loadConfig, type Config } from '../src/config.js';
import type { RunCompleted } from '../src/domain/run/events.js';
import { answerSchema } from '../src/domain/run/schema.js';
import { ENGINES } from '../src/domain/shared/engines.js';
import { simulateAnswer } from '../src/engines/index.js';
import { ReportRebuilder } from '../src/projections/reportHistory/rebuilder.js';
import { reportHistoryProjection } from '../src/projections/reportHistory/projection.js';
import { brandReportsProjection } from '../src/projections/brandReports/projection.js';
import { directoryProjection } from '../src/projections/directory/projection.js';
import { ProjectionRunner } from '../src/projections/runner/projectionRunner.js';
import type { Projection } from '../src/projections/runner/projection.js';
import { allProjections } from '../src/projections/index.js';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appendRunBatch } from './support/runLog.js';

const PROMPTS = 100;
const DAYS = 90;
const LAST_DAY = Date.parse('2026-11-20T00:00:00Z');
const silent = pino({ level: 'silent' });

const dayOf = (offset: number): string => new Date(LAST_DAY - offset * 86_400_000).toISOString().slice(0, 10);



function runEvent(promptId: string, engine: (typeof ENGINES)[number], day: string, prompt: string): { type: 'RunCompleted'; data: RunCompleted['data'] } {
  const answer = simulateAnswer({ engine, prompt, country: 'us', date: day, promptId });
  const { content, citations, webSearchQuery, ads, shopping, overviewAvailable } = answerSchema.parse(answer);
  return {
    type: 'RunCompleted',
    data: {
      runId: `${promptId}.${engine}.${day}`, promptId, workspaceId: 'bench', country: 'us', engine, runDate: `${day}T06:00:00.000Z`,
      source: 'simulator', model: null, content, citations, webSearchQuery, ads, shopping, overviewAvailable,
    },
  };
}

async function appendRuns(context: AppContext, promptIds: readonly string[]): Promise<number> {
  let batch: Array<ReturnType<typeof runEvent>> = [];
  let count = 0;
  for (let day = DAYS - 1; day >= 0; day--) {
    for (const [index, promptId] of promptIds.entries()) {
      for (const engine of ENGINES) {
        batch.push(runEvent(promptId, engine, dayOf(day), `What is the best CRM for team type ${index}?`));
        if (batch.length === 100) {
          await appendRunBatch(context.eventStore, batch);
          count += batch.length;
          batch = [];
        }
      }
    }
  }
  await appendRunBatch(context.eventStore, batch);
  return count + batch.length;
}

/** Brings the given projections (all when omitted) up to the head of the log and finishes pending rebuilds. */
async function catchUp(context: AppContext, projections: readonly Projection[] = allProjections): Promise<void> {
  const runner = new ProjectionRunner(context.eventStore, context.documentStore, projections, { logger: silent });
  await runner.start();
  await runner.waitFor(await context.eventStore.headPosition(), 600_000);
  await new ReportRebuilder(context.eventStore, context.documentStore, { owner: 'bench', logger: silent }).drain();
  await runner.stop();
}

async function timeProjection(context: AppContext, runs: number): Promise<number> {
  const runner = new ProjectionRunner(context.eventStore, context.documentStore, [reportHistoryProjection], { logger: silent });
  const started = performance.now();
  await runner.start();
  await runner.waitFor(await context.eventStore.headPosition(), 600_000);
  const seconds = (performance.now() - started) / 1000;
  await runner.stop();
  return runs / seconds;
}

async function measureDetail(url: string, setup: CrmReport, connections: number) {
  let next = 0;
  const window = `startDate=${dayOf(DAYS - 1)}&endDate=${dayOf(0)}&country=us`;
  const result = await autocannon({
    url,
    connections,
    duration: 10,
    headers: { authorization: `Bearer ${setup.key}` },
    requests: [{ setupRequest: (request) => ({ ...request, path: `/v1/reports/brand/${setup.reportId}/prompts/${setup.promptIds[next++ % PROMPTS]}?${window}` }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`prompt detail: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, requestsPerSecond: result.requests.average };
}

async function quietServer(config: Config): Promise<{ url: string; close(): Promise<void> }> {
  const composition = await compose(config, silent);
  const runner = composition.createProjectionRunner();
  await runner.start();
  const app = composition.createHttpApp(composition.createServices(runner));
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runner.stop();
      await composition.close();
    },
  };
}

export async function benchPromptHistory(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-history-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0, demo: false };
  try {
    const composition = await compose(config, silent);
    const setup = await createCrmReport(composition.context, PROMPTS);
    await catchUp(composition.context, [directoryProjection, brandReportsProjection, reportHistoryProjection]);
    const runs = await appendRuns(composition.context, setup.promptIds);
    const runsPerSecond = await timeProjection(composition.context, runs);
    // Latency is measured on a server with nothing left to catch up.
    await catchUp(composition.context);
    await composition.close();

    // A quiet server: the API and live projections only, no scheduler adding today's runs meanwhile.
    const server = await quietServer(config);
    try {
      const single = await measureDetail(server.url, setup, 1);
      const ten = await measureDetail(server.url, setup, 10);
      return {
        runEventsProjectedPerSecond: Math.round(runsPerSecond),
        promptDetail90dP50Ms: single.p50,
        promptDetail90dP99Ms: single.p99,
        promptDetail90dP99MsAt10Clients: ten.p99,
        promptDetail90dRequestsPerSecondAt10Clients: ten.requestsPerSecond,
      };
    } finally {
      await server.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
