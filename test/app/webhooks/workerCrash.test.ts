import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import type { Services } from '../../../src/app/shared/services.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import { createWebhook } from '../../../src/app/webhooks/webhooks.js';
import { compose, type Composition } from '../../../src/compose.js';
import { loadConfig } from '../../../src/config.js';
import { WEBHOOK_EVENT_TYPES } from '../../../src/domain/webhooks/schema.js';
import { deliveryStream } from '../../../src/domain/webhooks/deliveryEvents.js';
import { deliveryCollection } from '../../../src/projections/webhooks/reader.js';
import { raiseAlert, startReceiver, type Receiver } from './support/receiver.js';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'webhookWorker.ts');

let dataDir: string;
let composition: Composition;
let services: Services;
let receiver: Receiver;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-webhook-crash-'));
  composition = await compose(loadConfig({ DATA_DIR: dataDir, GEOLENS_DEMO: '0', AUDIT_ALLOW_PRIVATE_NETWORKS: '1' }), pino({ level: 'silent' }));
  services = composition.createServices('on-demand');
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
  await composition.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The worker fixture as a separate process; resolves with `killed` (SIGKILL) or `done` once the delivery finished. */
function startWorker(deliveryId: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dataDir, deliveryId], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const ended = new Promise<'killed' | 'done'>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve('killed');
      else if (code === 0 && output.includes('done')) resolve('done');
      else reject(new Error(`worker exited with ${code ?? signal}: ${output}`));
    });
  });
  return { child, ended };
}

/** A workspace with a report and a webhook to the receiver, and one alert raised and turned into a delivery. */
async function scheduledDelivery(): Promise<string> {
  const { context } = composition;
  const team = await createTeam(context, { name: 'Crash', plan: 'premium' });
  const workspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Main' })).id;
  const report = await createBrandReport(context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com' });
  await services.readYourWrites(report.position);
  const webhook = await createWebhook(services, { workspaceId, url: receiver.url, events: [...WEBHOOK_EVENT_TYPES], format: 'standard' });
  receiver.secret = webhook.secret;
  await raiseAlert(context.eventStore, report.id, '2026-11-14');
  const processes = composition.createProcessRunner(services);
  processes.start();
  const head = await context.eventStore.headPosition();
  await processes.waitFor(head);
  await processes.stop();
  await services.readYourWrites(await context.eventStore.headPosition());
  const [delivery] = await (await deliveryCollection(composition.readModels)).find({});
  if (!delivery) throw new Error('no delivery was scheduled');
  return delivery._id;
}

test('a worker SIGKILLed mid-delivery leaves it pending; the restarted worker delivers it with the same webhook-id, once recorded', async () => {
  const deliveryId = await scheduledDelivery();
  let onHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  receiver.answer = () => {
    onHeld();
    return 'hold';
  };

  const first = startWorker(deliveryId);
  await held;
  first.child.kill('SIGKILL');
  expect(await first.ended).toBe('killed');
  const typesOf = async () => (await composition.context.eventStore.readStream(deliveryStream(deliveryId))).map(({ type }) => type);
  expect(await typesOf()).toEqual(['WebhookDeliveryScheduled']);

  receiver.answer = () => 200;
  expect(await startWorker(deliveryId).ended).toBe('done');
  expect(await typesOf()).toEqual(['WebhookDeliveryScheduled', 'WebhookDeliveryAttempted']);
  expect(receiver.received).toHaveLength(2);
  expect(receiver.received.map(({ verifyError }) => verifyError)).toEqual([null, null]);
  expect(new Set(receiver.received.map(({ headers }) => headers['webhook-id'])).size).toBe(1);
}, 120_000);
