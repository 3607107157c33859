import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EMAIL_SIGNING_KEY_STREAM, type EmailSigningKeyCreated } from '../../domain/email/events.js';
import { ConcurrencyError } from '../../domain/shared/errors.js';
import type { AppContext } from '../shared/context.js';

/**
 * The key unsubscribe links are signed with: the first `EmailSigningKeyCreated` of its stream, appended by the
 * first process that needs one (a second appender loses the race and reads the winner's).
 */
export async function emailSigningKey(context: AppContext): Promise<Buffer> {
  for (;;) {
    const existing = await existingEmailSigningKey(context);
    if (existing) return existing;
    const event: EmailSigningKeyCreated = { type: 'EmailSigningKeyCreated', data: { key: randomBytes(32).toString('base64'), createdDate: context.clock.now().toISOString() } };
    await context.eventStore.append(EMAIL_SIGNING_KEY_STREAM, [event], { expectedRevision: 'no_stream' }).catch((error: unknown) => {
      if (!(error instanceof ConcurrencyError)) throw error;
    });
  }
}

/** The signing key if one was created; reading never creates it (checking a token writes nothing). */
export async function existingEmailSigningKey(context: Pick<AppContext, 'eventStore'>): Promise<Buffer | null> {
  const [created] = await context.eventStore.readStream(EMAIL_SIGNING_KEY_STREAM);
  return created ? Buffer.from((created.data as EmailSigningKeyCreated['data']).key, 'base64') : null;
}

const mac = (key: Buffer, subscriptionId: string): Buffer => createHmac('sha256', key).update(`unsubscribe:${subscriptionId}`).digest();

/** `<subscription id>.<HMAC>`, both base64url: names the subscription and proves geolens wrote it. */
export const unsubscribeToken = (key: Buffer, subscriptionId: string): string =>
  `${Buffer.from(subscriptionId).toString('base64url')}.${mac(key, subscriptionId).toString('base64url')}`;

/** The subscription a token names, or null when it is not one geolens signed. */
export function subscriptionOfToken(key: Buffer, token: string): string | null {
  const [encodedId, signature, ...rest] = token.split('.');
  if (encodedId === undefined || signature === undefined || rest.length > 0) return null;
  const subscriptionId = Buffer.from(encodedId, 'base64url').toString('utf8');
  const expected = mac(key, subscriptionId);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? subscriptionId : null;
}
