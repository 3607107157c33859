import { emailSubscriptionDecider } from '../../domain/email/decide.js';
import { emailSubscriptionStream } from '../../domain/email/events.js';
import { ServiceUnavailableError, ValidationError } from '../../domain/shared/errors.js';
import { emailSubscriptionCollection, type EmailSubscriptionDoc } from '../../projections/emailSubscriptions/reader.js';
import { handleCommand, type Created } from '../shared/commandHandler.js';
import { nowIso } from '../shared/context.js';
import { randomBase62 } from '../shared/ids.js';
import type { Services } from '../shared/services.js';
import { existingEmailSigningKey, subscriptionOfToken } from './tokens.js';

export interface EmailSubscription {
  id: string;
  reportId: string;
  email: string;
  digest: boolean;
  alerts: boolean;
  createdDate: string;
}

export const subscriptionOf = ({ _id, reportId, email, digest, alerts, createdDate }: EmailSubscriptionDoc): EmailSubscription => ({ id: _id, reportId, email, digest, alerts, createdDate });

function assertEmailEnabled(services: Services): void {
  if (services.mailer === null) throw new ServiceUnavailableError('E-mail is off on this server: it needs SMTP_URL (an smtp:// or smtps:// URL)');
}

export async function subscribe(
  services: Services,
  input: { reportId: string; workspaceId: string; email: string; digest: boolean; alerts: boolean },
): Promise<Created> {
  assertEmailEnabled(services);
  if (!input.digest && !input.alerts) throw ValidationError.single('digest', 'digest: at least one of digest and alerts must be true');
  const subscriptionId = `es_${randomBase62(16)}`;
  const result = await handleCommand(services.eventStore, emailSubscriptionStream(subscriptionId), emailSubscriptionDecider, {
    type: 'Subscribe',
    data: { subscriptionId, ...input, now: nowIso(services) },
  });
  return { id: subscriptionId, position: result.position };
}

/** The report's active subscriptions, oldest first; `ids` narrows them. */
export async function reportSubscriptions(services: Services, reportId: string, ids?: readonly string[]): Promise<EmailSubscription[]> {
  const subscriptions = await emailSubscriptionCollection(services.readModels);
  const filter = { reportId, status: 'active', ...(ids ? { _id: { $in: [...ids] } } : {}) };
  return (await subscriptions.find(filter, { sort: { createdDate: 1, _id: 1 } })).map(subscriptionOf);
}

/** `reportId` null: by a token from an e-mail, which names the subscription alone. */
export async function unsubscribe(services: Services, subscriptionId: string, reportId: string | null): Promise<Created> {
  const result = await handleCommand(services.eventStore, emailSubscriptionStream(subscriptionId), emailSubscriptionDecider, {
    type: 'Unsubscribe',
    data: { subscriptionId, reportId, now: nowIso(services) },
  });
  return { id: subscriptionId, position: result.position };
}

/** The unsubscribe link of an e-mail: no sign-in, the token's signature is the credential. */
export async function unsubscribeByToken(services: Services, token: string): Promise<Created> {
  // No key yet means no link was ever sent: the token is refused without creating one (a refusal writes nothing).
  const key = await existingEmailSigningKey(services);
  const subscriptionId = key === null ? null : subscriptionOfToken(key, token);
  if (subscriptionId === null) throw ValidationError.single('token', 'token: not an unsubscribe token of this server', 'custom', 'query');
  return unsubscribe(services, subscriptionId, null);
}
