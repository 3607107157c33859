import type { DeliveryAttempt, DeliveryStatus } from '../../domain/webhooks/deliveryEvents.js';
import type { WebhookEventType, WebhookFormat } from '../../domain/webhooks/schema.js';
import type { Doc } from '../../ports/documentStore.js';

export const WEBHOOK_COLLECTIONS = { webhooks: 'webhooks', deliveries: 'deliveries', recalculations: 'recalculations' } as const;

/** A live webhook, without its secret; `_id` is the webhook id. Deleted webhooks leave the collection. */
export interface WebhookDoc extends Doc {
  workspaceId: string;
  url: string;
  events: WebhookEventType[];
  format: WebhookFormat;
  createdDate: string;
  /** Global position of its creation (decimal): only events after it are delivered to it. */
  createdPosition: string;
}

/** One message to one webhook and its attempts; `_id` is the delivery id. */
export interface DeliveryDoc extends Doc {
  webhookId: string;
  workspaceId: string;
  messageId: string;
  type: WebhookEventType;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  nextAttemptDate: string | null;
  createdDate: string;
}

/** A report version whose recalculation was announced; `_id` is `<reportId>:<version>`. */
export interface RecalculationNoticeDoc extends Doc {
  reportId: string;
  version: number;
}

export const recalculationNoticeId = (reportId: string, version: number): string => `${reportId}:${version}`;
