import type { Collection } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { EMAIL_COLLECTIONS, emailSubscriptionsProjection, type DigestAlertDoc, type EmailSubscriptionDoc } from './projection.js';

export type { DigestAlertDoc, EmailSubscriptionDoc } from './projection.js';

export const emailSubscriptionCollection = (readModels: ReadModels): Promise<Collection<EmailSubscriptionDoc>> =>
  readModels.collection<EmailSubscriptionDoc>(emailSubscriptionsProjection, EMAIL_COLLECTIONS.subscriptions);

export const digestAlertCollection = (readModels: ReadModels): Promise<Collection<DigestAlertDoc>> =>
  readModels.collection<DigestAlertDoc>(emailSubscriptionsProjection, EMAIL_COLLECTIONS.alerts);
