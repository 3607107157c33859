import { getAccountInfoOperation } from '../../app/accounts/operations.js';
import {
  createTeamApiKeyOperation,
  listTeamApiKeysOperation,
  revokeTeamApiKeyOperation,
} from '../../app/credentials/teamKeyOperations.js';
import { listEnginesOperation } from '../../app/engines/operations.js';
import { restRoute, type Route } from '../http/route.js';

export const accountRoutes: readonly Route[] = [
  restRoute(getAccountInfoOperation, { method: 'get', path: '/v1/accounts/info' }),
  restRoute(listEnginesOperation, { method: 'get', path: '/v1/engines' }),
  restRoute(listTeamApiKeysOperation, { method: 'get', path: '/v1/api-keys' }),
  restRoute(createTeamApiKeyOperation, { method: 'post', path: '/v1/api-keys', status: 201 }),
  restRoute(revokeTeamApiKeyOperation, { method: 'delete', path: '/v1/api-keys/{keyId}', status: 204 }),
];
