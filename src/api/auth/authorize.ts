import type { Request } from 'express';
import { meterApiRequest, type UsageCounters } from '../../app/accounts/quota.js';
import type { DashboardSessions } from '../../app/sessions/sessions.js';
import { admit } from '../../app/shared/operation.js';
import type { Principal } from '../../app/shared/principal.js';
import type { Services } from '../../app/shared/services.js';
import { ForbiddenError } from '../../domain/shared/errors.js';
import type { Authorizer } from '../http/mount.js';
import type { Route } from '../http/route.js';
import { CSRF_REFUSED, passesCsrfCheck, sessionIdOf } from '../sessions/cookie.js';
import { authenticate } from './authenticate.js';

/**
 * Admits a request to an authenticated route, in this order: 401 (who is calling), 429 (the team's quota;
 * only a request that passes it is counted, and every later answer, 403 and 400 included, is one the team
 * asked for), then 403 for a read-only key on a write route, before the body is even looked at. Workspace
 * scope (403) and existence (404) depend on the resource and are checked by the application layer.
 * Without an Authorization header, a dashboard session's cookie is the credential (see `sessionPrincipal`).
 */
export function createAuthorizer(services: Services, counters: UsageCounters, sessions: DashboardSessions): Authorizer {
  return async (route, request) => {
    const { authorization, cookie } = request.headers;
    const sessionId = authorization === undefined ? sessionIdOf(cookie) : undefined;
    if (sessionId !== undefined) return sessionPrincipal(sessions, route, request, sessionId);
    const principal = await authenticate(services, authorization);
    await meterApiRequest(services, counters, principal, { answerWithoutPlan: route.operation.answerWithoutPlan });
    admit(route.operation, principal);
    return principal;
  };
}

/**
 * The user of a dashboard session: 401 when it ended, 403 for a write without the session's CSRF token (a
 * browser sends the cookie with any site's form, never the header). Not counted toward the API quota.
 */
async function sessionPrincipal(sessions: DashboardSessions, route: Route, request: Request, sessionId: string): Promise<Principal> {
  const { principal, view } = await sessions.resume(sessionId);
  if (!passesCsrfCheck(request, view.csrfToken)) throw new ForbiddenError(CSRF_REFUSED);
  admit(route.operation, principal);
  return principal;
}
