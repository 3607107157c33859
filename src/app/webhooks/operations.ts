import { z } from 'zod';
import { referencedIdSchema } from '../../domain/shared/schemas.js';
import { createWebhookInputSchema } from '../../domain/webhooks/schema.js';
import { byWorkspace } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { cursorParameterSchema } from '../shared/paging.js';
import { WORKSPACE_ERRORS, workspaceIdField } from '../workspaces/operations.js';
import { createdWebhookSchema, deliveryPageSchema, webhookSchema } from './resource.js';
import { createWebhook, deleteWebhook, DELIVERIES_LIST, redeliver, webhookDeliveries, workspaceWebhooks } from './webhooks.js';

export const WEBHOOKS_TAG = 'Webhooks';

const webhookIdField = referencedIdSchema.describe('Webhook id');
const WEBHOOK_ERRORS = { ...WORKSPACE_ERRORS, 404: 'No such workspace, or the webhook is not in it' } as const;

export const listWebhooksOperation = defineOperation({
  name: 'listWebhooks',
  summary: 'List the webhooks of a workspace',
  description: 'Oldest first; secrets are never listed.',
  tag: WEBHOOKS_TAG,
  access: 'read',
  input: z.object({ workspaceId: workspaceIdField }),
  output: z.object({ items: z.array(webhookSchema) }),
  answers: 'The webhooks',
  errors: WORKSPACE_ERRORS,
  resource: byWorkspace,
  handler: async ({ workspaceId }, { deps }) => {
    return { items: await workspaceWebhooks(deps, workspaceId) };
  },
});

export const createWebhookOperation = defineOperation({
  name: 'createWebhook',
  summary: 'Create a webhook',
  description:
    'Deliveries are signed per Standard Webhooks with the answered `secret`, which is shown only here. The URL must reach a public address ' +
    '(loopback and private addresses are refused, as for GEO audits); `events` defaults to every event type.',
  tag: WEBHOOKS_TAG,
  access: 'write',
  input: createWebhookInputSchema.extend({ workspaceId: workspaceIdField }),
  output: createdWebhookSchema,
  answers: 'The webhook, with its secret',
  errors: WORKSPACE_ERRORS,
  resource: byWorkspace,
  handler: async (input, { deps }) => {
    const { id, position, secret } = await createWebhook(deps, input);
    await deps.readYourWrites(position);
    const [webhook] = await workspaceWebhooks(deps, input.workspaceId, [id]);
    if (!webhook) throw new Error(`Webhook ${id} is not in the read model after its creation`);
    return { ...webhook, secret };
  },
});

export const deleteWebhookOperation = defineOperation({
  name: 'deleteWebhook',
  summary: 'Delete a webhook',
  description: 'Nothing more is delivered to it; its pending deliveries fail.',
  tag: WEBHOOKS_TAG,
  access: 'write',
  input: z.object({ workspaceId: workspaceIdField, webhookId: webhookIdField }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  answers: 'Deleted',
  errors: WEBHOOK_ERRORS,
  resource: byWorkspace,
  handler: async (input, { deps }) => {
    const { position } = await deleteWebhook(deps, input);
    await deps.readYourWrites(position);
    return { id: input.webhookId, deleted: true as const };
  },
});

export const listDeliveriesOperation = defineOperation({
  name: 'listWebhookDeliveries',
  summary: 'List the deliveries of a webhook',
  description: 'Newest first, in cursor pages of 25, each with its attempts (time, HTTP status, duration, error).',
  tag: WEBHOOKS_TAG,
  access: 'read',
  input: z.object({ workspaceId: workspaceIdField, webhookId: webhookIdField, cursor: cursorParameterSchema(DELIVERIES_LIST).optional() }),
  output: deliveryPageSchema,
  answers: 'The deliveries',
  errors: WEBHOOK_ERRORS,
  resource: byWorkspace,
  handler: async (input, { deps }) => {
    return webhookDeliveries(deps, input);
  },
});

export const redeliverOperation = defineOperation({
  name: 'redeliverWebhookMessage',
  summary: 'Deliver a message again',
  description: 'A new attempt is made at once, with the same `webhook-id` (messageId).',
  tag: WEBHOOKS_TAG,
  access: 'write',
  input: z.object({ workspaceId: workspaceIdField, webhookId: webhookIdField, deliveryId: referencedIdSchema.describe('Delivery id') }),
  output: z.object({ id: z.string(), status: z.literal('pending') }),
  answers: 'Accepted',
  errors: { ...WORKSPACE_ERRORS, 404: 'No such workspace, webhook or delivery' },
  resource: byWorkspace,
  handler: async (input, { deps }) => {
    const { position } = await redeliver(deps, input);
    await deps.readYourWrites(position);
    return { id: input.deliveryId, status: 'pending' as const };
  },
});
