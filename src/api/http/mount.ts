import type { RequestHandler, Response, Router } from 'express';
import type { Services } from '../../app/services.js';
import { jsonEqual } from '../../domain/shared/jsonEqual.js';
import { authorize } from '../auth/authorize.js';
import type { Route } from './route.js';

export interface MountOptions {
  services: Services;
  /**
   * Check every answer against its documented schema and fail the request when it differs (a field missing,
   * extra or of another type). On in tests, so the OpenAPI document cannot drift from what is served.
   */
  validateResponses?: boolean;
}

/** `/v1/reports/brand/{reportId}` (OpenAPI) as express writes it: `/v1/reports/brand/:reportId`. */
export const expressPath = (openApiPath: string): string => openApiPath.replace(/\{(\w+)\}/g, ':$1');

function assertDocumented(route: Route, body: unknown): void {
  const schema = route.success.schema;
  if (schema === undefined) return;
  const parsed = schema.safeParse(body);
  if (!parsed.success || !jsonEqual(parsed.data, JSON.parse(JSON.stringify(body)))) {
    const problem = parsed.success ? 'fields outside the schema' : parsed.error.message;
    throw new Error(`${route.operationId} answered outside its documented schema: ${problem}`);
  }
}

function send(response: Response, route: Route, body: unknown): void {
  response.status(route.success.status);
  if (route.success.contentType === 'text/html') {
    // The docs page is self-contained; the policy makes sure nothing could load from elsewhere.
    response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    response.type('html').send(body);
    return;
  }
  response.json(body);
}

function handlerFor(route: Route, options: MountOptions): RequestHandler {
  const { services, validateResponses = false } = options;
  return async (request, response) => {
    const principal = route.auth === 'none' ? null : await authorize(services, route, request.headers.authorization);
    const body = await route.run(request, principal, services, request.log);
    if (validateResponses) assertDocumented(route, body);
    send(response, route, body);
  };
}

/** Express 5 forwards a rejected handler promise to the error handler, so handlers need no try/catch. */
export function mountRoutes(router: Router, routes: readonly Route[], options: MountOptions): void {
  for (const route of routes) router.route(expressPath(route.path))[route.method](handlerFor(route, options));
}
