import express, { type Request, type Response, type Router } from 'express';
import { signInInputSchema } from '../../app/sessions/schema.js';
import { NOT_SIGNED_IN, type DashboardSessions } from '../../app/sessions/sessions.js';
import { ForbiddenError, UnauthorizedError } from '../../domain/shared/errors.js';
import { validationErrorFromZod } from '../../domain/shared/zodIssues.js';
import { clearedSessionCookie, CSRF_REFUSED, passesCsrfCheck, sessionCookie, sessionIdOf } from './cookie.js';

export const SESSION_PATH = '/auth/session';

export interface SessionRouteOptions {
  sessions: DashboardSessions;
  /** BASE_URL is https: the cookie is sent only over https. */
  secureCookies: boolean;
}

const endedSession = (error: unknown): null => {
  if (error instanceof UnauthorizedError) return null;
  throw error;
};

/**
 * The dashboard's sign-in, session and sign-out. Not `/v1` operations: they answer
 * to a browser holding a cookie, never to an API key.
 */
export function sessionRoutes({ sessions, secureCookies }: SessionRouteOptions): Router {
  const router = express.Router();
  // The answers carry the CSRF token: no cache may keep them.
  router.use(SESSION_PATH, (_request, response, next) => {
    response.set('Cache-Control', 'no-store');
    next();
  });
  router.post(SESSION_PATH, async (request: Request, response: Response) => {
    const input = signInInputSchema.safeParse(request.body);
    if (!input.success) throw validationErrorFromZod(input.error);
    // The socket's peer: no forwarding header is trusted, so a proxy in front counts as one client address.
    const result = await sessions.signIn(input.data, request.socket.remoteAddress);
    if (result.outcome === 'throttled') {
      const retryAfterSeconds = result.secondsToWait;
      const message = `Too many failed sign-ins; try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`;
      response.status(429).set('Retry-After', String(retryAfterSeconds)).json({ message, retryAfterSeconds });
      return;
    }
    if (result.outcome === 'refused') throw new UnauthorizedError('Wrong e-mail or password');
    response.set('Set-Cookie', sessionCookie(result.sessionId, secureCookies)).json(result.session.view);
  });
  router.get(SESSION_PATH, async (request: Request, response: Response) => {
    const sessionId = sessionIdOf(request.headers.cookie);
    if (sessionId === undefined) throw new UnauthorizedError(NOT_SIGNED_IN);
    response.json((await sessions.resume(sessionId)).view);
  });
  router.delete(SESSION_PATH, async (request: Request, response: Response) => {
    const sessionId = sessionIdOf(request.headers.cookie);
    // Signing out of a session that already ended has nothing left to protect: it just clears the cookie.
    const session = sessionId === undefined ? null : await sessions.resume(sessionId).catch(endedSession);
    if (session && sessionId !== undefined) {
      if (!passesCsrfCheck(request, session.view.csrfToken)) throw new ForbiddenError(CSRF_REFUSED);
      await sessions.end(sessionId);
    }
    response.status(204).set('Set-Cookie', clearedSessionCookie(secureCookies)).end();
  });
  return router;
}
