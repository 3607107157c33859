import type { ReportRecalculated } from '../../domain/brandReport/recalculated.js';
import { assertNever } from '../../domain/shared/decider.js';
import { DELIVERY_EVENT_TYPES, type DeliveryEvent } from '../../domain/webhooks/deliveryEvents.js';
import type { WebhookEvent } from '../../domain/webhooks/events.js';
import type { Projection, ProjectedEvent, ProjectionScope } from '../runner/projection.js';
import { recalculationNoticeId, WEBHOOK_COLLECTIONS as C, type DeliveryDoc, type RecalculationNoticeDoc, type WebhookDoc } from './documents.js';

type WebhooksEvent = WebhookEvent | DeliveryEvent | ReportRecalculated;

async function applyDelivery(event: ProjectedEvent<DeliveryEvent>, scope: ProjectionScope): Promise<void> {
  const deliveries = scope.collection<DeliveryDoc>(C.deliveries);
  switch (event.type) {
    case 'WebhookDeliveryScheduled': {
      const { deliveryId, webhookId, workspaceId, messageId, payload, createdDate } = event.data;
      const document = { _id: deliveryId, webhookId, workspaceId, messageId, type: payload.type, status: 'pending' as const, attempts: [], nextAttemptDate: createdDate, createdDate };
      await deliveries.replaceOne({ _id: deliveryId }, document, { upsert: true });
      return;
    }
    case 'WebhookDeliveryAttempted': {
      const { deliveryId, attempt, outcome, nextAttemptDate } = event.data;
      const status = outcome === 'retry' ? 'pending' : outcome;
      await deliveries.updateOne({ _id: deliveryId }, { $push: { attempts: attempt }, $set: { status, nextAttemptDate } });
      return;
    }
    case 'WebhookRedeliveryRequested':
      await deliveries.updateOne({ _id: event.data.deliveryId }, { $set: { status: 'pending', nextAttemptDate: event.data.requestedDate } });
      return;
    default:
      assertNever(event);
  }
}

async function applyEvent(event: ProjectedEvent<WebhooksEvent>, scope: ProjectionScope): Promise<void> {
  const webhooks = scope.collection<WebhookDoc>(C.webhooks);
  switch (event.type) {
    case 'WebhookCreated': {
      const { webhookId, workspaceId, url, events, format = 'standard', createdDate } = event.data;
      const document = { _id: webhookId, workspaceId, url, events, format, createdDate, createdPosition: event.position.toString() };
      await webhooks.replaceOne({ _id: webhookId }, document, { upsert: true });
      return;
    }
    case 'WebhookDeleted':
      await webhooks.deleteOne({ _id: event.data.webhookId });
      return;
    case 'ReportRecalculated': {
      const { reportId, version } = event.data;
      const _id = recalculationNoticeId(reportId, version);
      await scope.collection<RecalculationNoticeDoc>(C.recalculations).replaceOne({ _id }, { _id, reportId, version }, { upsert: true });
      return;
    }
    default:
      await applyDelivery(event, scope);
  }
}

/**
 * Webhooks as the API lists them (never their secrets) and their deliveries, which the delivery worker also
 * reads to find the ones due; and the report recalculations announced already.
 */
export const webhooksProjection: Projection<WebhooksEvent> = {
  name: 'webhooks',
  version: 1,
  eventTypes: ['WebhookCreated', 'WebhookDeleted', 'ReportRecalculated', ...DELIVERY_EVENT_TYPES],
  async setup(scope) {
    await scope.collection(C.webhooks).createIndex({ workspaceId: 1, createdDate: 1 });
    await scope.collection(C.deliveries).createIndex({ webhookId: 1, createdDate: 1 });
    await scope.collection(C.deliveries).createIndex({ status: 1, nextAttemptDate: 1 });
  },
  async apply(events, scope) {
    for (const event of events) await applyEvent(event, scope);
  },
};
