import type { DomainEvent } from '../shared/decider.js';
import type { WebhookEventType, WebhookFormat } from './schema.js';

/**
 * Webhooks of a workspace. The signing secret lives in the webhook's stream only: the
 * delivery worker reads it there, no read model holds it, and only the creation answers it.
 */
export const webhookStream = (webhookId: string): string => `webhook-${webhookId}`;

export interface WebhookFields {
  webhookId: string;
  workspaceId: string;
  url: string;
  events: WebhookEventType[];
  /** Absent on webhooks created before Slack messages existed: those are Standard Webhooks. */
  format?: WebhookFormat;
}

export type WebhookCreated = DomainEvent<'WebhookCreated', WebhookFields & { secret: string; createdDate: string }>;
export type WebhookDeleted = DomainEvent<'WebhookDeleted', { webhookId: string; workspaceId: string; deletedDate: string }>;
export type WebhookEvent = WebhookCreated | WebhookDeleted;

export type WebhookState =
  | { status: 'absent' }
  | ({ status: 'active'; secret: string; createdDate: string } & WebhookFields)
  | { status: 'deleted'; webhookId: string; workspaceId: string };

export const initialWebhookState = (): WebhookState => ({ status: 'absent' });

export function evolveWebhook(state: WebhookState, event: WebhookEvent): WebhookState {
  switch (event.type) {
    case 'WebhookCreated':
      return { status: 'active', ...event.data };
    case 'WebhookDeleted':
      return { status: 'deleted', webhookId: event.data.webhookId, workspaceId: event.data.workspaceId };
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}
