import { deliveryDecider, webhookDecider } from '../../domain/webhooks/decide.js';
import { deliveryStream } from '../../domain/webhooks/deliveryEvents.js';
import { webhookStream } from '../../domain/webhooks/events.js';
import type { WebhookEventType, WebhookFormat } from '../../domain/webhooks/schema.js';
import { NotFoundError, ValidationError } from '../../domain/shared/errors.js';
import { deliveryCollection, webhookCollection } from '../../projections/webhooks/reader.js';
import { loadState } from '../shared/aggregates.js';
import { handleCommand, type Created } from '../shared/commandHandler.js';
import { nowIso } from '../shared/context.js';
import { randomBase62 } from '../shared/ids.js';
import { newestFirstPage, type PageCursor } from '../shared/paging.js';
import type { Services } from '../shared/services.js';
import type { AppContext } from '../shared/context.js';
import { deliveryOf, webhookOf, type Delivery, type Webhook } from './resource.js';
import { newWebhookSecret } from './signature.js';

export const DELIVERIES_LIST = 'webhookDeliveries';

export interface DeliveryTarget {
  url: string;
  secret: string;
  format: WebhookFormat;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The audit fetcher's address rules, at creation: a target it may not reach is a 400 naming the address. */
async function assertReachable(services: Services, url: string): Promise<void> {
  try {
    await services.webhookSender.checkTarget(url);
  } catch (error) {
    throw ValidationError.single('url', `url: ${messageOf(error)}`);
  }
}

/** The most webhooks one workspace holds: each is a delivery per message, so one team's receivers never crowd the worker. */
export const MAX_WEBHOOKS_PER_WORKSPACE = 20;

async function assertRoomForOneMore(services: Services, workspaceId: string): Promise<void> {
  const held = await (await webhookCollection(services.readModels)).countDocuments({ workspaceId });
  if (held >= MAX_WEBHOOKS_PER_WORKSPACE) {
    throw ValidationError.single('workspaceId', `Workspace ${workspaceId} already has ${held} webhooks, the most a workspace may hold is ${MAX_WEBHOOKS_PER_WORKSPACE}: delete one first`, 'too_big', 'params');
  }
}

/** Creates the webhook; the secret is answered here and never again. */
export async function createWebhook(
  services: Services,
  input: { workspaceId: string; url: string; events: WebhookEventType[]; format: WebhookFormat },
): Promise<Created & { secret: string }> {
  await assertRoomForOneMore(services, input.workspaceId);
  await assertReachable(services, input.url);
  const webhookId = `wh_${randomBase62(16)}`;
  const secret = newWebhookSecret();
  const result = await handleCommand(services.eventStore, webhookStream(webhookId), webhookDecider, {
    type: 'CreateWebhook',
    data: { webhookId, ...input, secret, now: nowIso(services) },
  });
  return { id: webhookId, position: result.position, secret };
}

export async function deleteWebhook(services: Services, input: { workspaceId: string; webhookId: string }): Promise<Created> {
  const result = await handleCommand(services.eventStore, webhookStream(input.webhookId), webhookDecider, {
    type: 'DeleteWebhook',
    data: { ...input, now: nowIso(services) },
  });
  return { id: input.webhookId, position: result.position };
}

/** The workspace's webhooks, oldest first; `webhookIds` narrows them. */
export async function workspaceWebhooks(services: Services, workspaceId: string, webhookIds?: readonly string[]): Promise<Webhook[]> {
  const webhooks = await webhookCollection(services.readModels);
  const filter = { workspaceId, ...(webhookIds ? { _id: { $in: [...webhookIds] } } : {}) };
  return (await webhooks.find(filter, { sort: { createdDate: 1, _id: 1 } })).map(webhookOf);
}

async function requireWebhook(services: Services, workspaceId: string, webhookId: string): Promise<void> {
  const [found] = await workspaceWebhooks(services, workspaceId, [webhookId]);
  if (!found) throw new NotFoundError(`Webhook ${webhookId} not found in workspace ${workspaceId}`, 'webhookId');
}

/** One page of a webhook's deliveries, newest first. */
export async function webhookDeliveries(
  services: Services,
  input: { workspaceId: string; webhookId: string; cursor?: PageCursor | undefined },
): Promise<{ items: Delivery[]; paging: { nextCursor: string | null; hasMore: boolean } }> {
  await requireWebhook(services, input.workspaceId, input.webhookId);
  const deliveries = await deliveryCollection(services.readModels);
  const { documents, paging } = await newestFirstPage(deliveries, DELIVERIES_LIST, { webhookId: input.webhookId }, input.cursor);
  return { items: documents.map(deliveryOf), paging };
}

/** Makes the delivery due now: the worker sends it again with the same `webhook-id`. */
export async function redeliver(services: Services, input: { workspaceId: string; webhookId: string; deliveryId: string }): Promise<Created> {
  await requireWebhook(services, input.workspaceId, input.webhookId);
  const result = await handleCommand(services.eventStore, deliveryStream(input.deliveryId), deliveryDecider, {
    type: 'RequestRedelivery',
    data: { deliveryId: input.deliveryId, webhookId: input.webhookId, now: nowIso(services) },
  });
  return { id: input.deliveryId, position: result.position };
}

/** Where and how a delivery goes, with the secret it is signed with, from the webhook's stream; null once the webhook is deleted. */
export async function deliveryTarget(context: Pick<AppContext, 'eventStore'>, webhookId: string): Promise<DeliveryTarget | null> {
  const webhook = await loadState(context.eventStore, webhookStream(webhookId), webhookDecider);
  return webhook.status === 'active' ? { url: webhook.url, secret: webhook.secret, format: webhook.format ?? 'standard' } : null;
}
