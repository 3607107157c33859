import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { evolve, initialState, type EmailSubscriptionEvent, type EmailSubscriptionState, type SubscriptionFields } from './events.js';

/** A digest is due a week after the last one (or the subscription). */
export const DIGEST_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

export type Subscribe = DomainCommand<'Subscribe', SubscriptionFields & { now: string }>;
/** `reportId` null: by a token, which names the subscription alone; unsubscribing twice changes nothing. */
export type Unsubscribe = DomainCommand<'Unsubscribe', { subscriptionId: string; reportId: string | null; now: string }>;
export type RecordDigest = DomainCommand<'RecordDigest', { subscriptionId: string; now: string }>;
export type EmailSubscriptionCommand = Subscribe | Unsubscribe | RecordDigest;

/** Whether the subscription's digest is due at `now`. */
export function digestDue(state: EmailSubscriptionState, now: string): boolean {
  if (state.status !== 'active' || !state.digest) return false;
  return Date.parse(now) - Date.parse(state.lastDigestDate ?? state.createdDate) >= DIGEST_INTERVAL_MS;
}

function decide(command: EmailSubscriptionCommand, state: EmailSubscriptionState): EmailSubscriptionEvent[] {
  switch (command.type) {
    case 'Subscribe': {
      const { now, ...fields } = command.data;
      if (state.status !== 'absent') throw new ConflictError(`Subscription ${fields.subscriptionId} already exists`);
      return [{ type: 'EmailSubscribed', data: { ...fields, createdDate: now } }];
    }
    case 'Unsubscribe': {
      const { subscriptionId, reportId, now } = command.data;
      if (state.status === 'absent' || (reportId !== null && state.reportId !== reportId)) throw new NotFoundError(`Subscription ${subscriptionId} not found`);
      if (state.status === 'unsubscribed') return [];
      return [{ type: 'EmailUnsubscribed', data: { subscriptionId, reportId: state.reportId, unsubscribedDate: now } }];
    }
    case 'RecordDigest': {
      if (!digestDue(state, command.data.now) || state.status === 'absent') return [];
      return [{ type: 'DigestSent', data: { subscriptionId: command.data.subscriptionId, reportId: state.reportId, sentDate: command.data.now } }];
    }
    default:
      return assertNever(command);
  }
}

export const emailSubscriptionDecider: Decider<EmailSubscriptionState, EmailSubscriptionCommand, EmailSubscriptionEvent> = { initialState, evolve, decide };
