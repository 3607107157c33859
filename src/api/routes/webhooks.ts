import {
  createWebhookOperation,
  deleteWebhookOperation,
  listDeliveriesOperation,
  listWebhooksOperation,
  redeliverOperation,
} from '../../app/webhooks/operations.js';
import { restRoute, type Route } from '../http/route.js';

const WEBHOOKS = '/v1/workspaces/{id}/webhooks';
const inWorkspace = { pathFields: { id: 'workspaceId' } };

/** A workspace's webhooks and their delivery log. */
export const webhookRoutes: readonly Route[] = [
  restRoute(listWebhooksOperation, { method: 'get', path: WEBHOOKS, ...inWorkspace }),
  restRoute(createWebhookOperation, { method: 'post', path: WEBHOOKS, ...inWorkspace, status: 201 }),
  restRoute(deleteWebhookOperation, { method: 'delete', path: `${WEBHOOKS}/{webhookId}`, ...inWorkspace, status: 204 }),
  restRoute(listDeliveriesOperation, { method: 'get', path: `${WEBHOOKS}/{webhookId}/deliveries`, ...inWorkspace }),
  restRoute(redeliverOperation, { method: 'post', path: `${WEBHOOKS}/{webhookId}/deliveries/{deliveryId}/redeliver`, ...inWorkspace, status: 202 }),
];
