import { meterApiRequest, type UsageCounters } from '../../app/accounts/quota.js';
import { admit } from '../../app/shared/operation.js';
import type { Services } from '../../app/shared/services.js';
import type { Authorizer } from '../http/mount.js';
import { authenticate } from './authenticate.js';

/**
 * Admits a request to an authenticated route, in this order: 401 (who is calling), 429 (the team's quota;
 * only a request that passes it is counted, and every later answer, 403 and 400 included, is one the team
 * asked for), then 403 for a read-only key on a write route, before the body is even looked at. Workspace
 * scope (403) and existence (404) depend on the resource and are checked by the application layer.
 */
export function createAuthorizer(services: Services, counters: UsageCounters): Authorizer {
  return async (route, authorization) => {
    const principal = await authenticate(services, authorization);
    await meterApiRequest(services, counters, principal, { answerWithoutPlan: route.operation.answerWithoutPlan });
    admit(route.operation, principal);
    return principal;
  };
}
