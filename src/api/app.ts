import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { DashboardSessions } from '../app/sessions/sessions.js';
import type { Services } from '../app/shared/services.js';
import { errorHandler, notFoundHandler } from './http/errors.js';
import { routeDispatcher, type Authorizer } from './http/mount.js';
import { rejectMalformedPaths } from './http/pathEncoding.js';
import { requestLog } from './http/requestLog.js';
import { buildOpenApiDocument, type OpenApiDocument } from './http/openapi.js';
import type { Route } from './http/route.js';
import { accountRoutes } from './routes/accounts.js';
import { agentAnalyticsRoutes } from './routes/agentAnalytics.js';
import { alertRoutes } from './routes/alerts.js';
import { logUploadBody } from './routes/logUpload.js';
import { auditRoutes } from './routes/audits.js';
import { brandReportRoutes } from './routes/brandReports.js';
import { documentationRoutes, healthRoutes } from './routes/system.js';
import { sessionRoutes } from './sessions/routes.js';
import { setupRoutes } from './sessions/setupRoutes.js';
import type { FirstAdminSetup } from '../app/setup/firstAdmin.js';
import { workspaceRoutes } from './routes/workspaces.js';
import { webhookRoutes } from './routes/webhooks.js';
import { emailRoutes } from './routes/email.js';
import { shareLinkRoutes } from './routes/shareLinks.js';
import { shareRouter } from './share/router.js';
import { brandingRoutes, logoUploadBody } from './routes/branding.js';

export interface ApiDependencies {
  logger: Logger;
  /** The public URL (BASE_URL): the OAuth issuer and the MCP resource are named after it. */
  baseUrl: string;
  services: Services;
  /** Who may call an authenticated route (API keys and their team's quota); the composition root supplies it. */
  authorize: Authorizer;
  /** Dashboard sign-in at `/auth/session`; its cookie is a credential `authorize` accepts. */
  sessions?: DashboardSessions;
  /** The first admin's setup of an empty install (`/setup`); null or unset: `/setup` answers 404. */
  setup?: FirstAdminSetup | null;
  /** Browser origins allowed to call `/v1` (CORS_ORIGINS); none: no CORS headers. */
  corsOrigins?: readonly string[] | '*';
  /** The OAuth authorization server's discovery documents and endpoints (src/mcp/auth), served at the root. */
  authorizationServer?: RequestHandler;
  /** The MCP endpoint (src/mcp), behind its OAuth bearer check; it reads the JSON body parsed here. */
  mcp?: RequestHandler;
  /** The built dashboard (src/api/dashboard), served at `/` after every API route. */
  dashboard?: RequestHandler;
  /** Fail any answer that differs from its documented schema (tests). */
  validateResponses?: boolean;
}

/** Every route the API serves; the OpenAPI document is built from this same list. */
export function apiRoutes(): readonly Route[] {
  const routes: Route[] = [...healthRoutes, ...brandReportRoutes, ...agentAnalyticsRoutes, ...alertRoutes, ...accountRoutes, ...workspaceRoutes, ...auditRoutes, ...webhookRoutes, ...emailRoutes, ...shareLinkRoutes, ...brandingRoutes];
  let document: OpenApiDocument | undefined;
  routes.push(...documentationRoutes(() => (document ??= buildOpenApiDocument(routes))));
  return routes;
}

/** The HTTP edge. Routes stay thin: they validate, call the application layer and shape the answer. */
/**
 * A router whose paths all lie outside `/v1/` (OAuth, the dashboard's session), passed by for an API request
 * without walking its layers: express tries every layer's path in turn, and that was a fifth of what a report
 * GET allocated.
 */
const outsideApi = (router: RequestHandler): RequestHandler => (request, response, next) => {
  if (request.path.startsWith('/v1/')) next();
  else router(request, response, next);
};

export function createApiApp(dependencies: ApiDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLog(app, dependencies.logger));
  app.use(rejectMalformedPaths);
  const { corsOrigins = [] } = dependencies;
  if (corsOrigins === '*' || corsOrigins.length > 0) {
    // Bearer keys travel in a header, never in cookies, so credentials mode stays off.
    app.use('/v1', cors({ origin: corsOrigins === '*' ? '*' : [...corsOrigins], allowedHeaders: ['Authorization', 'Content-Type', 'Content-Encoding'], maxAge: 600 }));
  }
  // Before the JSON parser: the OAuth endpoints parse their own bodies (forms, and JSON for registration).
  if (dependencies.authorizationServer) app.use(outsideApi(dependencies.authorizationServer));
  // Before the JSON parser: a log upload is not JSON, and its route reads it only once authorized.
  app.use(logUploadBody.path, logUploadBody.handler);
  app.use(logoUploadBody.path, logoUploadBody.handler);
  // Before the JSON parser and every credential: a share link's token is the only key to its paths.
  app.use(outsideApi(shareRouter(dependencies.services)));
  app.use(express.json({ limit: '1mb' }));
  if (dependencies.sessions) {
    const { sessions, services } = dependencies;
    const secureCookies = dependencies.baseUrl.startsWith('https:');
    app.use(outsideApi(sessionRoutes({ sessions, secureCookies })));
    app.use(outsideApi(setupRoutes({ setup: dependencies.setup ?? null, services, sessions, secureCookies })));
  }
  app.use(
    routeDispatcher(apiRoutes(), {
      services: dependencies.services,
      authorize: dependencies.authorize,
      validateResponses: dependencies.validateResponses ?? false,
    }),
  );
  if (dependencies.mcp) app.use(dependencies.mcp);
  if (dependencies.dashboard) app.use(dependencies.dashboard);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
