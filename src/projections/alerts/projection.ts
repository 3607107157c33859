import type { AlertRaised, WatchEvent } from '../../domain/alerts/events.js';
import { assertNever } from '../../domain/shared/decider.js';
import type { Projection } from '../runner/projection.js';
import { ALERT_COLLECTIONS as C, type AlertDoc, type WatchDoc } from './documents.js';

type AlertEvent = WatchEvent | AlertRaised;

/** A report's watches and the alerts they raised, as the lists and the alerts process read them. */
export const alertsProjection: Projection<AlertEvent> = {
  name: 'alerts',
  version: 1,
  eventTypes: ['WatchAdded', 'WatchRemoved', 'AlertRaised'],
  async setup(scope) {
    await scope.collection(C.watches).createIndex({ reportId: 1, createdDate: 1 });
    await scope.collection(C.alerts).createIndex({ reportId: 1, createdDate: 1 });
  },
  async apply(events, scope) {
    for (const event of events) {
      switch (event.type) {
        case 'WatchAdded': {
          const { watchId, ...watch } = event.data;
          await scope.collection<WatchDoc>(C.watches).replaceOne({ _id: watchId }, { _id: watchId, ...watch }, { upsert: true });
          break;
        }
        case 'WatchRemoved':
          await scope.collection<WatchDoc>(C.watches).deleteOne({ _id: event.data.watchId });
          break;
        case 'AlertRaised': {
          const { alertId, ...alert } = event.data;
          await scope.collection<AlertDoc>(C.alerts).replaceOne({ _id: alertId }, { _id: alertId, ...alert }, { upsert: true });
          break;
        }
        default:
          assertNever(event);
      }
    }
  },
};
