import type { AlertFields, WatchFields } from '../../domain/alerts/events.js';
import type { Doc } from '../../ports/documentStore.js';

export const ALERT_COLLECTIONS = { watches: 'watches', alerts: 'alerts' } as const;

/** An active watch, by watch id; a removed one has no document. */
export interface WatchDoc extends Doc, Omit<WatchFields, 'watchId'> {
  createdDate: string;
}

/** A raised alert, by alert id. */
export interface AlertDoc extends Doc, Omit<AlertFields, 'alertId'> {
  createdDate: string;
}
