import { addWatchOperation, listAlertsOperation, listWatchesOperation, removeWatchOperation } from '../../app/alerts/operations.js';
import { restRoute, type Route } from '../http/route.js';
import { REPORT } from './logUpload.js';

/** A report's watches and the alerts they raised. */
export const alertRoutes: readonly Route[] = [
  restRoute(listWatchesOperation, { method: 'get', path: `${REPORT}/watches` }),
  restRoute(addWatchOperation, { method: 'post', path: `${REPORT}/watches`, status: 201 }),
  restRoute(removeWatchOperation, { method: 'delete', path: `${REPORT}/watches/{watchId}`, status: 204 }),
  restRoute(listAlertsOperation, { method: 'get', path: `${REPORT}/alerts` }),
];
