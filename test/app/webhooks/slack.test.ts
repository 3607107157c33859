import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { pino } from 'pino';
import { alertStream, type AlertRaised } from '../../../src/domain/alerts/events.js';
import { webhookDeliveryJobs } from '../../../src/app/webhooks/deliveryJobs.js';
import { clockAt } from '../../../src/background/clock.js';
import { LeasedJobRunner } from '../../../src/background/leasedJobRunner.js';
import { seedReport, seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { startReceiver, type Receiver } from './support/receiver.js';

let api: TestApi;
let team: SeededTeam;
let receiver: Receiver;
let reportId: string;

const BASE_URL = 'https://geolens.example.com';

beforeAll(async () => {
  api = await startTestApi({ environment: { AUDIT_ALLOW_PRIVATE_NETWORKS: '1' } });
  team = await seedTeam(api);
  reportId = await seedReport(api, team.workspaceId);
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await api.close();
});

/** A coverage drop as the alerts process raises it. */
async function raiseCoverageDrop(): Promise<void> {
  const data: AlertRaised['data'] = {
    alertId: 'al_slack',
    reportId,
    watchId: 'wt_slack',
    kind: 'coverage_drop',
    date: '2026-11-13',
    title: 'Acme coverage fell on ChatGPT',
    statistics: {
      test: 'two-proportion z',
      z: -4.123,
      pValue: 0.0000374,
      current: { from: '2026-11-07', to: '2026-11-13', runs: 70, mentionedRuns: 21, coverage: 30 },
      baseline: { from: '2026-10-10', to: '2026-11-06', runs: 280, mentionedRuns: 168, coverage: 60 },
      change: -30,
      threshold: 5,
    },
    evidence: { runs: [] },
    createdDate: '2026-11-13T12:00:00.000Z',
  };
  await api.context.eventStore.append(alertStream(data.watchId, data.date), [{ type: 'AlertRaised', data }], { expectedRevision: 'no_stream' });
}

describe('Slack webhooks', () => {
  test('a webhook with format "slack" receives a Block Kit message with the alert’s title, its statistics in words and a link, unsigned', async () => {
    const created = await api.call<{ format: string }>('POST', `/v1/workspaces/${team.workspaceId}/webhooks`, { key: team.writeKey, body: { url: receiver.url, format: 'slack', events: ['alert.raised'] } });
    expect(created).toMatchObject({ status: 201, body: { format: 'slack' } });
    await raiseCoverageDrop();
    await api.settle();
    const clock = clockAt(() => api.clock.now);
    const kinds = [webhookDeliveryJobs({ context: api.context, readModels: api.services.readModels, sender: api.services.webhookSender, clock, baseUrl: BASE_URL })];
    await new LeasedJobRunner(api.context.documentStore, kinds, { owner: 'test', logger: pino({ level: 'silent' }), clock }).drain();

    expect(receiver.received).toHaveLength(1);
    const [received] = receiver.received;
    expect(received?.headers['content-type']).toBe('application/json');
    expect(Object.keys(received?.headers ?? {}).filter((name) => name.startsWith('webhook-'))).toEqual([]);
    const message = JSON.parse(received?.body ?? '{}') as { text: string; blocks: Array<{ type: string; text?: { text: string }; elements?: Array<{ url: string }> }> };
    const link = `${BASE_URL}/reports/${reportId}/alerts`;
    expect(message.blocks.map(({ type }) => type)).toEqual(['header', 'section', 'actions']);
    expect(message.blocks[0]?.text?.text).toBe('Acme coverage fell on ChatGPT');
    expect(message.blocks[1]?.text?.text).toBe(
      'Coverage fell from 60.0 % (168 of 280 runs, 2026-10-10 to 2026-11-06) to 30.0 % (21 of 70 runs, 2026-11-07 to 2026-11-13): -30.0 points (two-proportion z = -4.12, p = 0.000037).',
    );
    expect(message.blocks[2]?.elements?.[0]?.url).toBe(link);
    expect(message.text).toContain(link);
  });

  test('an unknown format is a 400 naming the field', async () => {
    const answer = await api.call<{ errors: Array<{ path: string }> }>('POST', `/v1/workspaces/${team.workspaceId}/webhooks`, { key: team.writeKey, body: { url: receiver.url, format: 'teams' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map(({ path }) => path)).toEqual(['format']);
  });
});
