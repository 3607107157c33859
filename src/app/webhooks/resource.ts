import { z } from 'zod';
import { WEBHOOK_FORMATS, webhookEventTypeSchema } from '../../domain/webhooks/schema.js';
import type { DeliveryDoc, WebhookDoc } from '../../projections/webhooks/reader.js';
import { cursorPagingSchema } from '../shared/paging.js';

/** A webhook as the list answers it (never its secret). */
export const webhookSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    url: z.string(),
    events: z.array(webhookEventTypeSchema),
    format: z.enum(WEBHOOK_FORMATS),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: 'Webhook' });

/** The creation's answer: the only one that carries the secret. */
export const createdWebhookSchema = webhookSchema
  .extend({
    secret: z.string().describe('`whsec_` + base64 of 32 random bytes: verifies `webhook-signature` (Standard Webhooks). Shown only here'),
  })
  .meta({ id: 'CreatedWebhook' });

export const deliveryAttemptSchema = z.object({
  at: z.iso.datetime(),
  status: z.number().int().describe('HTTP status of the answer; 0 when none came'),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});

export const deliverySchema = z
  .object({
    id: z.string(),
    messageId: z.string().describe('The `webhook-id` header, the same on every attempt'),
    type: webhookEventTypeSchema,
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.array(deliveryAttemptSchema),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: 'WebhookDelivery' });

export const deliveryPageSchema = z.object({ items: z.array(deliverySchema), paging: cursorPagingSchema });

export type Webhook = z.output<typeof webhookSchema>;
export type Delivery = z.output<typeof deliverySchema>;

export const webhookOf = ({ _id, workspaceId, url, events, format, createdDate }: WebhookDoc): Webhook => ({ id: _id, workspaceId, url, events, format, createdDate });

export const deliveryOf = ({ _id, messageId, type, status, attempts, createdDate }: DeliveryDoc): Delivery => ({
  id: _id,
  messageId,
  type,
  status,
  attempts,
  createdDate,
});
