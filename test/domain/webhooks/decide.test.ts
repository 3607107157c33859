import { describe, expect, test } from '@jest/globals';
import { foldEvents } from '../../../src/domain/shared/decider.js';
import { NotFoundError } from '../../../src/domain/shared/errors.js';
import { deliveryDecider, webhookDecider, type DeliveryCommand } from '../../../src/domain/webhooks/decide.js';
import type { DeliveryAttempt, DeliveryEvent } from '../../../src/domain/webhooks/deliveryEvents.js';

const CREATED = '2026-11-15T10:00:00.000Z';
const scheduled: DeliveryEvent = {
  type: 'WebhookDeliveryScheduled',
  data: { deliveryId: 'whd_1', webhookId: 'wh_1', workspaceId: 'ws_1', messageId: 'msg_1', payload: { type: 'alert.raised', timestamp: CREATED, data: {} }, createdDate: CREATED },
};
const attempt = (status: number, at = CREATED): DeliveryAttempt => ({ at, status, durationMs: 3, error: status === 200 ? null : `answered HTTP ${status}` });
const record = (attemptsBefore: number, result: DeliveryAttempt, final = false): DeliveryCommand => ({
  type: 'RecordAttempt',
  data: { deliveryId: 'whd_1', attemptsBefore, attempt: result, jitter: 0, final },
});

const given = (events: DeliveryEvent[]) => ({ when: (command: DeliveryCommand) => deliveryDecider.decide(command, foldEvents(deliveryDecider, events)) });

describe('a delivery', () => {
  test('scheduled twice (a replayed reaction) is scheduled once', () => {
    expect(given([scheduled]).when({ type: 'ScheduleDelivery', data: { ...scheduled.data, now: CREATED } })).toEqual([]);
  });

  test('answered 2xx is delivered', () => {
    expect(given([scheduled]).when(record(0, attempt(204)))).toEqual([
      { type: 'WebhookDeliveryAttempted', data: { deliveryId: 'whd_1', webhookId: 'wh_1', attempt: attempt(204), outcome: 'delivered', nextAttemptDate: null } },
    ]);
  });

  test('answered 500 is retried 5 s later', () => {
    const [event] = given([scheduled]).when(record(0, attempt(500)));
    expect(event?.data).toMatchObject({ outcome: 'retry', nextAttemptDate: '2026-11-15T10:00:05.000Z' });
  });

  test('an attempt another worker recorded first is not recorded again', () => {
    const first = given([scheduled]).when(record(0, attempt(500)));
    expect(given([scheduled, ...first]).when(record(0, attempt(500)))).toEqual([]);
  });

  test('an attempt for a deleted webhook fails the delivery without a retry', () => {
    const [event] = given([scheduled]).when(record(0, attempt(0), true));
    expect(event?.data).toMatchObject({ outcome: 'failed', nextAttemptDate: null });
  });

  test('a failed delivery asked to redeliver is pending again, due now, with its attempts kept', () => {
    const failed: DeliveryEvent = { type: 'WebhookDeliveryAttempted', data: { deliveryId: 'whd_1', webhookId: 'wh_1', attempt: attempt(500), outcome: 'failed', nextAttemptDate: null } };
    const events = given([scheduled, failed]).when({ type: 'RequestRedelivery', data: { deliveryId: 'whd_1', webhookId: 'wh_1', now: '2026-11-16T10:00:00.000Z' } });
    const state = foldEvents(deliveryDecider, [scheduled, failed, ...events]);
    expect(state).toMatchObject({ status: 'pending', messageId: 'msg_1', nextAttemptDate: '2026-11-16T10:00:00.000Z', attempts: [attempt(500)] });
  });

  test('redelivery of a delivery of another webhook is not found', () => {
    expect(() => given([scheduled]).when({ type: 'RequestRedelivery', data: { deliveryId: 'whd_1', webhookId: 'wh_2', now: CREATED } })).toThrow(NotFoundError);
  });
});

describe('a webhook', () => {
  test('deleted from another workspace is not found', () => {
    const created = webhookDecider.decide(
      { type: 'CreateWebhook', data: { webhookId: 'wh_1', workspaceId: 'ws_1', url: 'https://example.com/hook', events: ['alert.raised'], secret: 'whsec_x', now: CREATED } },
      webhookDecider.initialState(),
    );
    const state = foldEvents(webhookDecider, created);
    expect(() => webhookDecider.decide({ type: 'DeleteWebhook', data: { webhookId: 'wh_1', workspaceId: 'ws_2', now: CREATED } }, state)).toThrow(NotFoundError);
  });
});
