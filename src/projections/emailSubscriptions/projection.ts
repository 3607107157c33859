import type { AlertRaised } from '../../domain/alerts/events.js';
import type { EmailSubscriptionEvent } from '../../domain/email/events.js';
import type { Doc } from '../../ports/documentStore.js';
import type { Projection, ProjectedEvent, ProjectionScope } from '../runner/projection.js';

export const EMAIL_COLLECTIONS = { subscriptions: 'subscriptions', alerts: 'alerts' } as const;

/** A subscription as the API lists it and the digest job finds it; `_id` is the subscription id. */
export interface EmailSubscriptionDoc extends Doc {
  reportId: string;
  workspaceId: string;
  email: string;
  digest: boolean;
  alerts: boolean;
  status: 'active' | 'unsubscribed';
  createdDate: string;
  /** When the last digest went out; the subscription's creation until then. */
  digestFrom: string;
}

/** An alert as the digest quotes it; `_id` is the alert id. */
export interface DigestAlertDoc extends Doc {
  reportId: string;
  kind: string;
  date: string;
  title: string;
  statistics: Record<string, unknown>;
  createdDate: string;
}

type EmailEvent = EmailSubscriptionEvent | AlertRaised;

async function applyEvent(event: ProjectedEvent<EmailEvent>, scope: ProjectionScope): Promise<void> {
  const subscriptions = scope.collection<EmailSubscriptionDoc>(EMAIL_COLLECTIONS.subscriptions);
  switch (event.type) {
    case 'EmailSubscribed': {
      const { subscriptionId, ...fields } = event.data;
      await subscriptions.replaceOne({ _id: subscriptionId }, { _id: subscriptionId, ...fields, status: 'active', digestFrom: fields.createdDate }, { upsert: true });
      return;
    }
    case 'EmailUnsubscribed':
      await subscriptions.updateOne({ _id: event.data.subscriptionId }, { $set: { status: 'unsubscribed' } });
      return;
    case 'DigestSent':
      await subscriptions.updateOne({ _id: event.data.subscriptionId }, { $set: { digestFrom: event.data.sentDate } });
      return;
    case 'AlertRaised': {
      const { alertId, reportId, kind, date, title, statistics, createdDate } = event.data;
      await scope.collection<DigestAlertDoc>(EMAIL_COLLECTIONS.alerts).replaceOne({ _id: alertId }, { _id: alertId, reportId, kind, date, title, statistics, createdDate }, { upsert: true });
      return;
    }
    default: {
      const _unknown: never = event;
    }
  }
}

/** E-mail subscriptions to brand reports, and the alerts their digests quote. */
export const emailSubscriptionsProjection: Projection<EmailEvent> = {
  name: 'emailSubscriptions',
  version: 1,
  eventTypes: ['EmailSubscribed', 'EmailUnsubscribed', 'DigestSent', 'AlertRaised'],
  async setup(scope) {
    await scope.collection(EMAIL_COLLECTIONS.subscriptions).createIndex({ reportId: 1, createdDate: 1 });
    await scope.collection(EMAIL_COLLECTIONS.subscriptions).createIndex({ status: 1, digestFrom: 1 });
    await scope.collection(EMAIL_COLLECTIONS.alerts).createIndex({ reportId: 1, createdDate: 1 });
  },
  async apply(events, scope) {
    for (const event of events) await applyEvent(event, scope);
  },
};
