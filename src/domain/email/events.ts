import type { DomainEvent } from '../shared/decider.js';

/**
 * A person's e-mail subscription to one brand report: alert e-mails, the weekly digest,
 * or both. Unsubscribing needs no sign-in (a signed token in every e-mail), so it is idempotent.
 */
export const emailSubscriptionStream = (subscriptionId: string): string => `emailSubscription-${subscriptionId}`;

/** The key unsubscribe tokens are signed with: created once, by the first process that needs it. */
export const EMAIL_SIGNING_KEY_STREAM = 'emailSigningKey';
export type EmailSigningKeyCreated = DomainEvent<'EmailSigningKeyCreated', { key: string; createdDate: string }>;

export interface SubscriptionFields {
  subscriptionId: string;
  reportId: string;
  workspaceId: string;
  email: string;
  digest: boolean;
  alerts: boolean;
}

export type EmailSubscribed = DomainEvent<'EmailSubscribed', SubscriptionFields & { createdDate: string }>;
export type EmailUnsubscribed = DomainEvent<'EmailUnsubscribed', { subscriptionId: string; reportId: string; unsubscribedDate: string }>;
/** The digest of the week ending `sentDate` went out. */
export type DigestSent = DomainEvent<'DigestSent', { subscriptionId: string; reportId: string; sentDate: string }>;
export type EmailSubscriptionEvent = EmailSubscribed | EmailUnsubscribed | DigestSent;

export type EmailSubscriptionState =
  | { status: 'absent' }
  | ({ status: 'active' | 'unsubscribed'; createdDate: string; lastDigestDate: string | null } & SubscriptionFields);

export const initialState = (): EmailSubscriptionState => ({ status: 'absent' });

export function evolve(state: EmailSubscriptionState, event: EmailSubscriptionEvent): EmailSubscriptionState {
  switch (event.type) {
    case 'EmailSubscribed':
      return { status: 'active', ...event.data, lastDigestDate: null };
    case 'EmailUnsubscribed':
      return state.status === 'absent' ? state : { ...state, status: 'unsubscribed' };
    case 'DigestSent':
      return state.status === 'absent' ? state : { ...state, lastDigestDate: event.data.sentDate };
    default: {
      const _unknown: never = event;
      return state;
    }
  }
}
