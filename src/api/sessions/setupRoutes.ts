import express, { type Request, type Response, type Router } from 'express';
import type { DashboardSessions } from '../../app/sessions/sessions.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { SETUP_DONE, setupInputSchema, type FirstAdminSetup } from '../../app/setup/firstAdmin.js';
import type { Services } from '../../app/shared/services.js';
import { validationErrorFromZod } from '../../domain/shared/zodIssues.js';
import { sessionCookie } from './cookie.js';

export const SETUP_PATH = '/setup';

export interface SetupRouteOptions {
  /** null: this install was set up before this start (or seeded the demo), so `/setup` is not found. */
  setup: FirstAdminSetup | null;
  services: Services;
  sessions: DashboardSessions;
  secureCookies: boolean;
}

const tokenOf = (body: unknown): unknown => (typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined);

/**
 * The first start of an empty install: `GET /setup?token=…` opens the dashboard's setup page, `POST /setup`
 * creates the first team, workspace and admin and signs the admin in. Once done, every method answers 404; before,
 * a missing or wrong token answers 403, so the first visitor of a server cannot make themselves its admin.
 */
export function setupRoutes({ setup, services, sessions, secureCookies }: SetupRouteOptions): Router {
  const router = express.Router();
  router.use(SETUP_PATH, (_request, response, next) => {
    response.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer');
    if (setup === null) throw new NotFoundError(SETUP_DONE);
    next();
  });
  if (setup === null) return router;
  router.get(SETUP_PATH, async (request: Request, _response: Response, next) => {
    await setup.check(services, request.query.token);
    // Out of this router: the dashboard answers its page for this client route.
    next('router');
  });
  router.post(SETUP_PATH, async (request: Request, response: Response) => {
    await setup.check(services, tokenOf(request.body));
    const input = setupInputSchema.safeParse(request.body);
    if (!input.success) throw validationErrorFromZod(input.error);
    const created = await setup.complete(services, input.data);
    const signedIn = await sessions.signIn({ email: input.data.email, password: input.data.password }, request.socket.remoteAddress);
    if (signedIn.outcome !== 'signedIn') throw new Error(`The first admin ${created.userId} could not sign in (${signedIn.outcome})`);
    response.status(201).set('Set-Cookie', sessionCookie(signedIn.sessionId, secureCookies)).json({ ...signedIn.session.view, ...created });
  });
  router.all(SETUP_PATH, async (request: Request, response: Response) => {
    await setup.check(services, request.query.token);
    response.status(405).set('Allow', 'GET, POST').json({ message: `${request.method} is not allowed on ${SETUP_PATH}; use GET or POST` });
  });
  return router;
}
