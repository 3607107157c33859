import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A signing secret: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the secret's decoded bytes. */
export function signatureOf(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The Standard Webhooks headers of one attempt; `webhook-id` is the message's, the same on every attempt. */
export function deliveryHeaders(secret: string, messageId: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'geolens-webhooks',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, messageId, timestamp, body),
  };
}

/**
 * The ids of the message an event makes for a webhook, derived from both (the event by its stream and revision,
 * which survive an export and import): a replayed reaction schedules the same delivery, which exists already.
 */
export function messageIds(webhookId: string, streamName: string, revision: bigint): { deliveryId: string; messageId: string } {
  const digest = createHash('sha256').update(`${webhookId}\n${streamName}\n${revision}`).digest('base64url');
  return { deliveryId: `whd_${digest.slice(0, 22)}`, messageId: `msg_${digest.slice(22, 43)}` };
}
