import { getAccountInfoOperation } from '../../app/accounts/operations.js';
import { listEnginesOperation } from '../../app/engines/operations.js';
import { restRoute, type Route } from '../http/route.js';

export const accountRoutes: readonly Route[] = [
  restRoute(getAccountInfoOperation, { method: 'get', path: '/v1/accounts/info' }),
  restRoute(listEnginesOperation, { method: 'get', path: '/v1/engines' }),
];
