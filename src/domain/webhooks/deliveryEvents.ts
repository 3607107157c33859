import type { DomainEvent } from '../shared/decider.js';
import type { WebhookEventType } from './schema.js';

/**
 * One message to one webhook and its attempts, in a stream of its own: a pending delivery is the stream's state,
 * so it survives restarts, and each attempt is appended against the revision read, so two workers never record
 * the same attempt twice.
 */
export const deliveryStream = (deliveryId: string): string => `webhookDelivery-${deliveryId}`;

/** The body every attempt sends, byte for byte (Standard Webhooks: `{type, timestamp, data}`). */
export interface DeliveryPayload {
  type: WebhookEventType;
  timestamp: string;
  data: unknown;
}

export interface DeliveryAttempt {
  at: string;
  /** HTTP status; 0 when no answer came. */
  status: number;
  durationMs: number;
  error: string | null;
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed';

export type DeliveryScheduled = DomainEvent<
  'WebhookDeliveryScheduled',
  { deliveryId: string; webhookId: string; workspaceId: string; messageId: string; payload: DeliveryPayload; createdDate: string }
>;
export type DeliveryAttempted = DomainEvent<
  'WebhookDeliveryAttempted',
  { deliveryId: string; webhookId: string; attempt: DeliveryAttempt; outcome: DeliveryOutcome; nextAttemptDate: string | null }
>;
export type RedeliveryRequested = DomainEvent<'WebhookRedeliveryRequested', { deliveryId: string; webhookId: string; requestedDate: string }>;
export type DeliveryEvent = DeliveryScheduled | DeliveryAttempted | RedeliveryRequested;

export const DELIVERY_EVENT_TYPES: readonly DeliveryEvent['type'][] = ['WebhookDeliveryScheduled', 'WebhookDeliveryAttempted', 'WebhookRedeliveryRequested'];

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export type DeliveryState =
  | { status: 'absent' }
  | {
      status: DeliveryStatus;
      deliveryId: string;
      webhookId: string;
      messageId: string;
      payload: DeliveryPayload;
      createdDate: string;
      attempts: DeliveryAttempt[];
      /** When the next attempt is due; null when none is (delivered or failed). */
      nextAttemptDate: string | null;
    };

export const initialDeliveryState = (): DeliveryState => ({ status: 'absent' });

const STATUS_OF_OUTCOME: Record<DeliveryOutcome, DeliveryStatus> = { delivered: 'delivered', retry: 'pending', failed: 'failed' };

export function evolveDelivery(state: DeliveryState, event: DeliveryEvent): DeliveryState {
  switch (event.type) {
    case 'WebhookDeliveryScheduled': {
      const { deliveryId, webhookId, messageId, payload, createdDate } = event.data;
      return { status: 'pending', deliveryId, webhookId, messageId, payload, createdDate, attempts: [], nextAttemptDate: createdDate };
    }
    case 'WebhookDeliveryAttempted':
      if (state.status === 'absent') return state;
      return { ...state, status: STATUS_OF_OUTCOME[event.data.outcome], attempts: [...state.attempts, event.data.attempt], nextAttemptDate: event.data.nextAttemptDate };
    case 'WebhookRedeliveryRequested':
      if (state.status === 'absent') return state;
      return { ...state, status: 'pending', nextAttemptDate: event.data.requestedDate };
    default: {
      const _unknown: never = event;
      return state;
    }
  }
}
