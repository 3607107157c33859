import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { pino } from 'pino';
import { clockAt, type Clock } from '../../../src/background/clock.js';
import { LeasedJobRunner } from '../../../src/background/leasedJobRunner.js';
import { webhookDeliveryJobs } from '../../../src/app/webhooks/deliveryJobs.js';
import { recalculationNoticeJobs } from '../../../src/app/webhooks/recalculationNotices.js';
import { handleCommand } from '../../../src/app/shared/commandHandler.js';
import { checkDecider } from '../../../src/domain/audits/decide.js';
import { checkStream } from '../../../src/domain/audits/events.js';
import { createWebhookSender } from '../../../src/infra/http/index.js';
import type { WebhookSender } from '../../../src/ports/webhooks.js';
import { seedReport, seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { raiseAlert, startReceiver, type Receiver } from './support/receiver.js';

interface Delivery {
  id: string;
  messageId: string;
  type: string;
  status: string;
  attempts: Array<{ at: string; status: number; durationMs: number; error: string | null }>;
}

let api: TestApi;
let team: SeededTeam;
let receiver: Receiver;
let reportId: string;
let worker: LeasedJobRunner;

/** The delivery worker on the test's stores and fake clock (at random 0.5: no jitter). */
function deliveryWorker(sender: WebhookSender = api.services.webhookSender): LeasedJobRunner {
  const clock: Clock = clockAt(() => api.clock.now);
  const { context, services } = api;
  const kinds = [
    webhookDeliveryJobs({ context, readModels: services.readModels, sender, clock, baseUrl: 'http://localhost:8080', random: () => 0.5 }),
    recalculationNoticeJobs({ context, readModels: services.readModels, clock }),
  ];
  return new LeasedJobRunner(context.documentStore, kinds, { owner: 'test', logger: pino({ level: 'silent' }), clock });
}

const advance = (ms: number) => (api.clock.now = new Date(api.clock.now.getTime() + ms));

/** Lets the process schedule, runs every due job (a recalculation notice, then its delivery), and lets the read models record them. */
async function deliverDue(): Promise<void> {
  await api.settle();
  await worker.drain();
  await api.settle();
  await worker.drain();
  await api.settle();
}

async function createWebhook(body: unknown = { url: receiver.url }) {
  const created = await api.call<{ id: string; secret: string; events: string[] }>('POST', `/v1/workspaces/${team.workspaceId}/webhooks`, { key: team.writeKey, body });
  expect(created.status).toBe(201);
  receiver.secret = created.body.secret;
  return created.body;
}

const deliveriesOf = async (webhookId: string) =>
  (await api.call<{ items: Delivery[] }>('GET', `/v1/workspaces/${team.workspaceId}/webhooks/${webhookId}/deliveries`, { key: team.readKey })).body.items;

beforeEach(async () => {
  api = await startTestApi({ environment: { AUDIT_ALLOW_PRIVATE_NETWORKS: '1' } });
  // Real time, so the receiver's library accepts the signed timestamps (it allows 5 minutes of skew).
  api.clock.now = new Date();
  team = await seedTeam(api);
  reportId = await seedReport(api, team.workspaceId);
  receiver = await startReceiver();
  worker = deliveryWorker();
});
afterEach(async () => {
  await receiver.close();
  await api.close();
});

describe('webhooks', () => {
  test('creation answers 201 with a whsec_ secret of 32 bytes, which neither the list nor the logs show', async () => {
    const created = await createWebhook({ url: receiver.url, events: ['alert.raised'] });
    expect(created).toMatchObject({ workspaceId: team.workspaceId, url: receiver.url, events: ['alert.raised'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    const listed = await api.call<{ items: unknown[] }>('GET', `/v1/workspaces/${team.workspaceId}/webhooks`, { key: team.readKey });
    expect(listed.body.items).toEqual([{ id: created.id, workspaceId: team.workspaceId, url: receiver.url, events: ['alert.raised'], format: 'standard', createdDate: expect.any(String) }]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    expect(api.logLines.join('\n')).not.toContain(created.secret.slice(6));
  });

  test('events default to every event type; an unknown event type is a 400 naming the field', async () => {
    expect((await createWebhook()).events).toEqual(['alert.raised', 'report.recalculated', 'audit.completed', 'fanout.completed']);
    const refused = await api.call<{ message: string }>('POST', `/v1/workspaces/${team.workspaceId}/webhooks`, { key: team.writeKey, body: { url: receiver.url, events: ['alert.lowered'] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('events');
  });

  test('a read key cannot create one (403); a deleted one is gone from the list (204), then 404', async () => {
    const path = `/v1/workspaces/${team.workspaceId}/webhooks`;
    expect((await api.call('POST', path, { key: team.readKey, body: { url: receiver.url } })).status).toBe(403);
    const { id } = await createWebhook();
    expect((await api.call('DELETE', `${path}/${id}`, { key: team.writeKey })).status).toBe(204);
    expect((await api.call<{ items: unknown[] }>('GET', path, { key: team.readKey })).body.items).toEqual([]);
    expect((await api.call('DELETE', `${path}/${id}`, { key: team.writeKey })).status).toBe(404);
    expect((await api.call('GET', `${path}/${id}/deliveries`, { key: team.readKey })).status).toBe(404);
  });

  test('an alert is delivered signed per Standard Webhooks, with the body {type, timestamp, data}', async () => {
    const { id } = await createWebhook();
    const alert = await raiseAlert(api.context.eventStore, reportId, '2026-11-14');
    await deliverDue();
    expect(receiver.received).toHaveLength(1);
    const [received] = receiver.received;
    expect(received?.verifyError).toBeNull();
    expect(received?.headers['content-type']).toBe('application/json');
    const { alertId, ...fields } = alert;
    expect(JSON.parse(received?.body ?? '')).toEqual({ type: 'alert.raised', timestamp: expect.any(String), data: { id: alertId, ...fields } });
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ type: 'alert.raised', status: 'delivered', messageId: received?.headers['webhook-id'] });
    expect(delivery?.attempts).toEqual([{ at: expect.any(String), status: 204, durationMs: expect.any(Number), error: null }]);
  });

  test('an answer of 500 is retried 5 s later with the same webhook-id, not before; the log shows both attempts', async () => {
    const { id } = await createWebhook();
    receiver.answer = () => (receiver.received.length === 1 ? 500 : 200);
    await raiseAlert(api.context.eventStore, reportId, '2026-11-14');
    await deliverDue();
    advance(4_000);
    await deliverDue();
    expect(receiver.received).toHaveLength(1);
    advance(1_000);
    await deliverDue();
    expect(receiver.received.map(({ verified }) => verified)).toEqual([true, true]);
    expect(new Set(receiver.received.map(({ headers }) => headers['webhook-id'])).size).toBe(1);
    const [delivery] = await deliveriesOf(id);
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.attempts.map(({ status, error }) => ({ status, error }))).toEqual([
      { status: 500, error: 'answered HTTP 500' },
      { status: 200, error: null },
    ]);
  });

  test('a target that keeps failing is tried 17 times over 24 h (5 s, 30 s, 2 min, 10 min, 1 h, then every 2 h), then failed', async () => {
    const { id } = await createWebhook();
    receiver.answer = () => 503;
    await raiseAlert(api.context.eventStore, reportId, '2026-11-14');
    await deliverDue();
    for (const delay of [5, 30, 120, 600, 3600, ...Array<number>(12).fill(7200)]) {
      advance(delay * 1000);
      await deliverDue();
    }
    expect(receiver.received).toHaveLength(17);
    const [delivery] = await deliveriesOf(id);
    expect(delivery?.status).toBe('failed');
    expect(delivery?.attempts).toHaveLength(17);
  });

  test('redeliver answers 202 and makes a new attempt at once with the same messageId', async () => {
    const { id } = await createWebhook();
    await raiseAlert(api.context.eventStore, reportId, '2026-11-14');
    await deliverDue();
    const [delivery] = await deliveriesOf(id);
    const path = `/v1/workspaces/${team.workspaceId}/webhooks/${id}/deliveries/${delivery?.id}/redeliver`;
    expect((await api.call('POST', path, { key: team.readKey })).status).toBe(403);
    expect((await api.call('POST', path, { key: team.writeKey })).status).toBe(202);
    await deliverDue();
    expect(receiver.received.map(({ headers }) => headers['webhook-id'])).toEqual([delivery?.messageId, delivery?.messageId]);
    expect((await deliveriesOf(id))[0]?.attempts).toHaveLength(2);
    expect((await api.call('POST', path.replace(delivery?.id ?? '', 'whd_missing'), { key: team.writeKey })).status).toBe(404);
  });

  test('a webhook is told only the event types it asked for, and only events after its creation', async () => {
    await raiseAlert(api.context.eventStore, reportId, '2026-11-13');
    const audits = await createWebhook({ url: receiver.url, events: ['audit.completed'] });
    const alerts = await createWebhook({ url: receiver.url, events: ['alert.raised'] });
    await raiseAlert(api.context.eventStore, reportId, '2026-11-14');
    await deliverDue();
    expect(await deliveriesOf(audits.id)).toEqual([]);
    expect((await deliveriesOf(alerts.id)).map(({ type }) => type)).toEqual(['alert.raised']);
    expect(receiver.received.map(({ body }) => JSON.parse(body).data.date)).toEqual(['2026-11-14']);
  });
});

describe('report.recalculated', () => {
  test('a finished recalculation is delivered once, as {reportId, version}; the report\'s creation is not one', async () => {
    const { id } = await createWebhook({ url: receiver.url, events: ['report.recalculated'] });
    const patched = await api.call('PATCH', `/v1/reports/brand/${reportId}`, { key: team.writeKey, body: { brandVariations: ['Acme Inc'] } });
    expect(patched.status).toBe(200);
    await api.settle();
    await api.rebuild();
    await deliverDue();
    await deliverDue();
    expect(receiver.received.map(({ body }) => JSON.parse(body))).toEqual([{ type: 'report.recalculated', timestamp: expect.any(String), data: { reportId, version: 2 } }]);
    expect(receiver.received[0]?.verified).toBe(true);
    expect((await deliveriesOf(id)).map(({ status }) => status)).toEqual(['delivered']);
  });
});

describe('audit.completed', () => {
  test('a crawlability check that finishes is delivered with the check\'s detail, as GET answers it', async () => {
    await createWebhook({ url: receiver.url, events: ['audit.completed'] });
    const created = await api.call<{ id: string }>('POST', '/v1/audits/geo/crawlability-checks', { key: team.writeKey, body: { workspaceId: team.workspaceId, url: 'https://acme.com/' } });
    expect(created.status).toBe(201);
    const checkId = created.body.id;
    await handleCommand(api.context.eventStore, checkStream('crawlability', checkId), checkDecider, {
      type: 'FailCheck',
      data: { kind: 'crawlability', checkId, now: api.clock.now.toISOString(), error: 'could not resolve acme.com' },
    });
    await deliverDue();
    const detail = await api.call('GET', `/v1/audits/geo/crawlability-checks/${checkId}`, { key: team.readKey });
    expect(receiver.received.map(({ body }) => JSON.parse(body))).toEqual([{ type: 'audit.completed', timestamp: expect.any(String), data: detail.body }]);
  });
});

describe('the address rules (AUDIT_ALLOW_PRIVATE_NETWORKS unset)', () => {
  test('are applied again at each delivery: an attempt to a loopback address is refused, sends nothing and says why', async () => {
    const { id } = await createWebhook();
    worker = deliveryWorker(createWebhookSender());
    await raiseAlert(api.context.eventStore, reportId, '2026-11-14');
    await deliverDue();
    expect(receiver.received).toEqual([]);
    const [delivery] = await deliveriesOf(id);
    expect(delivery?.status).toBe('pending');
    expect(delivery?.attempts).toEqual([{ at: expect.any(String), status: 0, durationMs: expect.any(Number), error: expect.stringContaining('127.0.0.1 is a loopback address') }]);
  });

  test('a webhook to 127.0.0.1 is refused with a 400 naming the address, and nothing is created', async () => {
    const strict = await startTestApi();
    try {
      const strictTeam = await seedTeam(strict);
      const path = `/v1/workspaces/${strictTeam.workspaceId}/webhooks`;
      const refused = await strict.call<{ message: string }>('POST', path, { key: strictTeam.writeKey, body: { url: receiver.url } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('127.0.0.1 is a loopback address');
      expect((await strict.call<{ items: unknown[] }>('GET', path, { key: strictTeam.readKey })).body.items).toEqual([]);
      expect(receiver.received).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
