import type { Collection } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { WEBHOOK_COLLECTIONS, type DeliveryDoc, type RecalculationNoticeDoc, type WebhookDoc } from './documents.js';
import { webhooksProjection } from './projection.js';

export { recalculationNoticeId, type DeliveryDoc, type WebhookDoc } from './documents.js';

/** The live version's webhooks (without secrets). */
export const webhookCollection = (readModels: ReadModels): Promise<Collection<WebhookDoc>> =>
  readModels.collection<WebhookDoc>(webhooksProjection, WEBHOOK_COLLECTIONS.webhooks);

/** The live version's deliveries. */
export const deliveryCollection = (readModels: ReadModels): Promise<Collection<DeliveryDoc>> =>
  readModels.collection<DeliveryDoc>(webhooksProjection, WEBHOOK_COLLECTIONS.deliveries);

/** Report versions whose recalculation was announced (ReportRecalculated). */
export const recalculationNoticeCollection = (readModels: ReadModels): Promise<Collection<RecalculationNoticeDoc>> =>
  readModels.collection<RecalculationNoticeDoc>(webhooksProjection, WEBHOOK_COLLECTIONS.recalculations);
