/**
 * Webhook delivery throughput (issue 25): deliveries scheduled in the log, then signed, POSTed to a local
 * receiver and recorded by the worker `serve` starts (4 at once), from the first claim to the last `delivered`
 * in the read model; beside a floor measured in the same run: the same bodies POSTed with bare node:http,
 * 4 at once. Runnable alone: `node --import tsx bench/webhooks.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { handleCommand } from '../src/app/shared/commandHandler.js';
import { createTeam } from '../src/app/teams/teams.js';
import { createWorkspace } from '../src/app/workspaces/commands.js';
import { createWebhook } from '../src/app/webhooks/webhooks.js';
import { compose } from '../src/compose.js';
import { loadConfig } from '../src/config.js';
import { deliveryDecider } from '../src/domain/webhooks/decide.js';
import { deliveryStream } from '../src/domain/webhooks/deliveryEvents.js';
import { WEBHOOK_EVENT_TYPES } from '../src/domain/webhooks/schema.js';
import { deliveryCollection } from '../src/projections/webhooks/reader.js';

const DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 1_000);
const CONCURRENCY = 4;
const DATA = { id: 'al_bench', reportId: 'br_bench', kind: 'coverage_drop', title: 'Coverage fell', statistics: { pValue: 0.001 } };

async function startReceiver(): Promise<{ server: Server; url: string }> {
  const server = createServer((incoming, response) => {
    incoming.resume();
    incoming.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

/** One POST with nothing but node:http: what any delivery costs at least. */
function barePost(url: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      response.resume();
      response.on('end', resolve);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function floorPerSecond(url: string): Promise<number> {
  const body = JSON.stringify({ type: 'alert.raised', timestamp: new Date().toISOString(), data: DATA });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < DELIVERIES) await barePost(url, body);
    }),
  );
  return DELIVERIES / ((performance.now() - started) / 1000);
}

async function geolensPerSecond(url: string): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-webhooks-'));
  const composition = await compose(loadConfig({ DATA_DIR: dataDir, GEOLENS_DEMO: '0', AUDIT_ALLOW_PRIVATE_NETWORKS: '1' }), pino({ level: 'silent' }));
  const runner = composition.createProjectionRunner();
  await runner.start();
  const services = composition.createServices(runner);
  const worker = composition.createWebhookWorker({ pollMs: 20, concurrency: CONCURRENCY });
  try {
    const { context } = composition;
    const team = await createTeam(context, { name: 'Bench', plan: 'premium' });
    const workspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Main' })).id;
    const webhook = await createWebhook(services, { workspaceId, url, events: [...WEBHOOK_EVENT_TYPES], format: 'standard' });
    for (let index = 0; index < DELIVERIES; index++) {
      const payload = { type: 'alert.raised' as const, timestamp: new Date().toISOString(), data: DATA };
      const ids = { deliveryId: `whd_bench${index}`, messageId: `msg_bench${index}` };
      await handleCommand(context.eventStore, deliveryStream(ids.deliveryId), deliveryDecider, {
        type: 'ScheduleDelivery',
        data: { ...ids, webhookId: webhook.id, workspaceId, payload, now: context.clock.now().toISOString() },
      });
    }
    await runner.waitFor(await context.eventStore.headPosition(), 120_000);
    const deliveries = await deliveryCollection(composition.readModels);
    const started = performance.now();
    worker.start();
    while ((await deliveries.countDocuments({ status: 'delivered' })) < DELIVERIES) await delay(20);
    return DELIVERIES / ((performance.now() - started) / 1000);
  } finally {
    await worker.stop();
    await runner.stop();
    await composition.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchWebhooks(): Promise<Record<string, number>> {
  const { server, url } = await startReceiver();
  try {
    const webhookDeliveriesPerSecond = Math.round(await geolensPerSecond(url));
    const webhookFloorBarePostsPerSecond = Math.round(await floorPerSecond(url));
    return {
      webhookDeliveries: DELIVERIES,
      webhookDeliveriesPerSecond,
      webhookFloorBarePostsPerSecond,
      webhookRatioToFloor: Math.round((webhookDeliveriesPerSecond / webhookFloorBarePostsPerSecond) * 100) / 100,
    };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function main(): Promise<void> {
  const figures = await benchWebhooks();
  process.stdout.write(
    `\nwebhooks\n  ${figures.webhookDeliveries} deliveries to a local receiver, ${CONCURRENCY} at once: ${figures.webhookDeliveriesPerSecond} /s` +
      `   floor (bare node:http POST, ${CONCURRENCY} at once) ${figures.webhookFloorBarePostsPerSecond} /s   ratio ${figures.webhookRatioToFloor}\n`,
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
