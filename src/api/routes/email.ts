import { listSubscriptionsOperation, subscribeOperation, unsubscribeByTokenOperation, unsubscribeOperation } from '../../app/email/operations.js';
import { restRoute, type Route } from '../http/route.js';

const SUBSCRIPTIONS = '/v1/reports/brand/{id}/email-subscriptions';
const inReport = { pathFields: { id: 'reportId' } };

/** E-mail subscriptions to a report, and the unsubscribe link every e-mail carries. */
export const emailRoutes: readonly Route[] = [
  restRoute(listSubscriptionsOperation, { method: 'get', path: SUBSCRIPTIONS, ...inReport }),
  restRoute(subscribeOperation, { method: 'post', path: SUBSCRIPTIONS, ...inReport, status: 201 }),
  restRoute(unsubscribeOperation, { method: 'delete', path: `${SUBSCRIPTIONS}/{subscriptionId}`, ...inReport, status: 204 }),
  restRoute(unsubscribeByTokenOperation, { method: 'get', path: '/v1/email/unsubscribe' }),
];
