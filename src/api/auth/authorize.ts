import { assertCanWrite, type Principal } from '../../app/principal.js';
import { meterApiRequest } from '../../app/quota.js';
import type { Services } from '../../app/services.js';
import type { Route } from '../http/route.js';
import { authenticate } from './authenticate.js';

/**
 * Admits a request to an authenticated route, in this order: 401 (who is calling), 429 (the team's quota;
 * only a request that passes it is counted, and every later answer, 403 and 400 included, is one the team
 * asked for), then 403 for a read-only key on a write route, before the body is even looked at. Workspace
 * scope (403) and existence (404) depend on the resource and are checked by the application layer.
 */
export async function authorize(services: Services, route: Route, authorization: string | undefined): Promise<Principal> {
  const principal = await authenticate(services, authorization);
  await meterApiRequest(services, principal, { answerWithoutPlan: route.answerWithoutPlan });
  if (route.auth === 'write') assertCanWrite(principal);
  return principal;
}
