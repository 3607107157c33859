import { assertNever, type Decider } from '../shared/decider.js';
import type { DomainCommand } from '../shared/command.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import {
  evolveDelivery,
  initialDeliveryState,
  type DeliveryAttempt,
  type DeliveryEvent,
  type DeliveryPayload,
  type DeliveryState,
} from './deliveryEvents.js';
import { evolveWebhook, initialWebhookState, type WebhookEvent, type WebhookFields, type WebhookState } from './events.js';
import { nextAttemptDate } from './retrySchedule.js';

export type CreateWebhook = DomainCommand<'CreateWebhook', WebhookFields & { secret: string; now: string }>;
/** `workspaceId` is the workspace the caller addressed; a webhook of another workspace is reported as not found. */
export type DeleteWebhook = DomainCommand<'DeleteWebhook', { webhookId: string; workspaceId: string; now: string }>;
export type WebhookCommand = CreateWebhook | DeleteWebhook;

function decideWebhook(command: WebhookCommand, state: WebhookState): WebhookEvent[] {
  switch (command.type) {
    case 'CreateWebhook': {
      const { now, ...fields } = command.data;
      if (state.status !== 'absent') throw new ConflictError(`Webhook ${fields.webhookId} already exists`);
      return [{ type: 'WebhookCreated', data: { ...fields, createdDate: now } }];
    }
    case 'DeleteWebhook': {
      const { webhookId, workspaceId, now } = command.data;
      if (state.status !== 'active' || state.workspaceId !== workspaceId) throw new NotFoundError(`Webhook ${webhookId} not found in workspace ${workspaceId}`);
      return [{ type: 'WebhookDeleted', data: { webhookId, workspaceId, deletedDate: now } }];
    }
    default:
      return assertNever(command);
  }
}

export const webhookDecider: Decider<WebhookState, WebhookCommand, WebhookEvent> = {
  initialState: initialWebhookState,
  evolve: evolveWebhook,
  decide: decideWebhook,
};

/** A message for a webhook; scheduling it again (a replayed reaction) changes nothing. */
export type ScheduleDelivery = DomainCommand<
  'ScheduleDelivery',
  { deliveryId: string; webhookId: string; workspaceId: string; messageId: string; payload: DeliveryPayload; now: string }
>;
/**
 * The outcome of an attempt. `attemptsBefore` is how many attempts the worker saw: when another worker recorded
 * one meanwhile, this one is not recorded. `jitter` in [-1, 1] spreads the retries; `final` fails the delivery
 * without retrying (its webhook was deleted).
 */
export type RecordAttempt = DomainCommand<
  'RecordAttempt',
  { deliveryId: string; attemptsBefore: number; attempt: DeliveryAttempt; jitter: number; final?: boolean }
>;
export type RequestRedelivery = DomainCommand<'RequestRedelivery', { deliveryId: string; webhookId: string; now: string }>;
export type DeliveryCommand = ScheduleDelivery | RecordAttempt | RequestRedelivery;

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

function recordAttempt({ data }: RecordAttempt, state: DeliveryState): DeliveryEvent[] {
  if (state.status !== 'pending' || state.attempts.length !== data.attemptsBefore) return [];
  const { deliveryId, webhookId, createdDate } = state;
  const attempts = state.attempts.length + 1;
  if (isSuccess(data.attempt.status)) {
    return [{ type: 'WebhookDeliveryAttempted', data: { deliveryId, webhookId, attempt: data.attempt, outcome: 'delivered', nextAttemptDate: null } }];
  }
  const next = data.final ? null : nextAttemptDate({ createdDate, attemptDate: data.attempt.at, attempts, jitter: data.jitter });
  const outcome = next === null ? 'failed' : 'retry';
  return [{ type: 'WebhookDeliveryAttempted', data: { deliveryId, webhookId, attempt: data.attempt, outcome, nextAttemptDate: next } }];
}

function decideDelivery(command: DeliveryCommand, state: DeliveryState): DeliveryEvent[] {
  switch (command.type) {
    case 'ScheduleDelivery': {
      if (state.status !== 'absent') return [];
      const { now, ...fields } = command.data;
      return [{ type: 'WebhookDeliveryScheduled', data: { ...fields, createdDate: now } }];
    }
    case 'RecordAttempt':
      return recordAttempt(command, state);
    case 'RequestRedelivery': {
      const { deliveryId, webhookId, now } = command.data;
      if (state.status === 'absent' || state.webhookId !== webhookId) throw new NotFoundError(`Delivery ${deliveryId} not found for webhook ${webhookId}`);
      return [{ type: 'WebhookRedeliveryRequested', data: { deliveryId, webhookId, requestedDate: now } }];
    }
    default:
      return assertNever(command);
  }
}

export const deliveryDecider: Decider<DeliveryState, DeliveryCommand, DeliveryEvent> = {
  initialState: initialDeliveryState,
  evolve: evolveDelivery,
  decide: decideDelivery,
};
