import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { clockAt } from '../../../src/background/clock.js';
import { LeasedJobRunner } from '../../../src/background/leasedJobRunner.js';
import { webhookDeliveryJobs } from '../../../src/app/webhooks/deliveryJobs.js';
import type { WebhookSender } from '../../../src/ports/webhooks.js';
import { seedReport, seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { raiseAlert, startReceiver, type Receiver } from './support/receiver.js';

/** Far beyond a delivery to a receiver that answers at once (a fraction of a second), below the 10 s a held attempt lasts. */
const DELIVERED_WITHIN_MS = 5_000;

let api: TestApi;
let slow: Receiver;
let fast: Receiver;
let worker: LeasedJobRunner;
/** The most attempts to the slow receiver under way at once, counted around the real sender. */
let slowAtOnce = { now: 0, most: 0 };

/** The service's sender, counting the POSTs it has under way to the slow receiver. */
function countingSender(sender: WebhookSender): WebhookSender {
  return {
    checkTarget: (url) => sender.checkTarget(url),
    async post(url, headers, body) {
      const toSlow = url.startsWith(slow.url);
      if (toSlow) slowAtOnce = { now: slowAtOnce.now + 1, most: Math.max(slowAtOnce.most, slowAtOnce.now + 1) };
      try {
        return await sender.post(url, headers, body);
      } finally {
        if (toSlow) slowAtOnce = { ...slowAtOnce, now: slowAtOnce.now - 1 };
      }
    },
  };
}

beforeEach(async () => {
  api = await startTestApi({ environment: { AUDIT_ALLOW_PRIVATE_NETWORKS: '1' } });
  api.clock.now = new Date();
  [slow, fast] = await Promise.all([startReceiver(), startReceiver()]);
  slow.answer = () => 'hold';
  slowAtOnce = { now: 0, most: 0 };
  const clock = clockAt(() => api.clock.now);
  const sender = countingSender(api.services.webhookSender);
  const kinds = [webhookDeliveryJobs({ context: api.context, readModels: api.services.readModels, sender, clock, baseUrl: 'http://localhost:8080', random: () => 0.5 })];
  // Four slots, as serve's webhook worker has.
  worker = new LeasedJobRunner(api.context.documentStore, kinds, { owner: 'test', logger: pino({ level: 'silent' }), clock, concurrency: 4, pollMs: 20 });
});
afterEach(async () => {
  await Promise.all([slow.close(), fast.close()]);
  await worker.stop();
  await api.close();
});

async function webhooksFor(team: SeededTeam, url: string, count: number): Promise<string> {
  for (let index = 0; index < count; index++) {
    const created = await api.call('POST', `/v1/workspaces/${team.workspaceId}/webhooks`, { key: team.writeKey, body: { url: `${url}/${index}`, events: ['alert.raised'] } });
    expect(created.status).toBe(201);
  }
  return seedReport(api, team.workspaceId);
}

test('one team’s twelve slow receivers hold at most half the delivery slots; another team’s delivery goes out meanwhile', async () => {
  const [teamA, teamB] = [await seedTeam(api), await seedTeam(api)];
  const reportB = await webhooksFor(teamB, slow.url, 12);
  const reportA = await webhooksFor(teamA, fast.url, 1);
  await raiseAlert(api.context.eventStore, reportB, '2026-11-14');
  await api.settle();
  worker.start();
  while (slow.received.length < 2) await delay(20);

  await raiseAlert(api.context.eventStore, reportA, '2026-11-15');
  for (const deadline = Date.now() + DELIVERED_WITHIN_MS; fast.received.length === 0; await delay(20)) {
    if (Date.now() > deadline) throw new Error(`team A's delivery waited more than ${DELIVERED_WITHIN_MS / 1000} s behind team B's`);
    await api.settle();
  }

  expect(fast.received.map(({ body }) => (JSON.parse(body) as { type: string }).type)).toEqual(['alert.raised']);
  expect(slowAtOnce).toEqual({ now: 2, most: 2 });
});
