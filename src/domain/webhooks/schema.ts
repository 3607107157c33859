import { z } from 'zod';

/** What a webhook may be told about. */
export const WEBHOOK_EVENT_TYPES = ['alert.raised', 'report.recalculated', 'audit.completed', 'fanout.completed'] as const;

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

export type WebhookEventType = z.output<typeof webhookEventTypeSchema>;

/** How deliveries are written: Standard Webhooks (signed JSON), or a Slack incoming-webhook message. */
export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const createWebhookInputSchema = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
    .max(2048)
    .describe('Where deliveries are POSTed; loopback and private addresses are refused (the audit fetcher’s rules)'),
  events: z
    .array(webhookEventTypeSchema)
    .min(1)
    .optional()
    .transform((events) => (events === undefined ? [...WEBHOOK_EVENT_TYPES] : [...new Set(events)]))
    .describe('The event types delivered; default all'),
  format: z
    .enum(WEBHOOK_FORMATS)
    .default('standard')
    .describe('standard (default): Standard Webhooks, signed; slack: a Slack incoming-webhook message {text, blocks}, unsigned (Slack takes no signature)'),
});

export type CreateWebhookInput = z.output<typeof createWebhookInputSchema>;
