import type { Collection } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { ALERT_COLLECTIONS, type AlertDoc, type WatchDoc } from './documents.js';
import { alertsProjection } from './projection.js';

export type { AlertDoc, WatchDoc } from './documents.js';

type AlertCollections = { watches: WatchDoc; alerts: AlertDoc };

/** The live version's watches or alerts. */
export function alertCollection<Name extends keyof AlertCollections>(readModels: ReadModels, name: Name): Promise<Collection<AlertCollections[Name]>> {
  return readModels.collection<AlertCollections[Name]>(alertsProjection, ALERT_COLLECTIONS[name]);
}
