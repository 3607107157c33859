import { isDeepStrictEqual } from 'node:util';
import type { Request, RequestHandler, Response } from 'express';
import type { Principal } from '../../app/shared/principal.js';
import type { Services } from '../../app/shared/services.js';
import { answerCsv } from './csv/answer.js';
import { wantsCsv } from './csv/negotiate.js';
import { GZIP_MIN_BYTES, heldGzipBytes, heldJsonBytes, jsonBody, type EtagFunction } from './jsonBody.js';
import type { Route } from './route.js';
import { RouteTable } from './routeTable.js';

/** Admits a request to a route of an authenticated operation (by its credential headers): 401, 429 and 403 as `authorize` decides. */
export type Authorizer = (route: Route, request: Request) => Promise<Principal>;

export interface MountOptions {
  services: Services;
  authorize: Authorizer;
  /**
   * Check every answer against its documented schema and fail the request when it differs (a field missing,
   * extra or of another type). On in tests, so the OpenAPI document cannot drift from what is served.
   */
  validateResponses?: boolean;
}

/** `/v1/reports/brand/{reportId}` (OpenAPI) as express writes it: `/v1/reports/brand/:reportId`. */
export const expressPath = (openApiPath: string): string => openApiPath.replace(/\{(\w+)\}/g, ':$1');

function assertDocumented(route: Route, body: unknown): void {
  if (body === undefined) throw new Error(`${route.operation.name} answered nothing`);
  const parsed = route.operation.output.safeParse(body);
  if (!parsed.success || !isDeepStrictEqual(parsed.data, JSON.parse(JSON.stringify(body)))) {
    const problem = parsed.success ? 'fields outside the schema' : parsed.error.message;
    throw new Error(`${route.operation.name} answered outside its documented schema: ${problem}`);
  }
}

async function send(response: Response, route: Route, body: unknown): Promise<void> {
  const status = route.statusOf(body);
  response.status(status);
  if (route.contentType === 'text/html') {
    // The docs page is self-contained; the policy makes sure nothing could load from elsewhere.
    response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    response.type('html').send(body);
    return;
  }
  if (route.contentType === 'application/pdf') {
    response.type('application/pdf').send(Buffer.from(body as Uint8Array));
    return;
  }
  if (status === 204) {
    response.end();
    return;
  }
  const etagOf = response.app.get('etag fn') as EtagFunction | undefined;
  const held = response.get('Content-Type') === undefined ? heldJsonBytes(body, etagOf) : undefined;
  if (held) {
    // What express sends for the text, with the bytes and ETag of a held answer made once; a large one
    // gzip-compressed (once) for a client that accepts it, as every browser opening the dashboard does.
    response.set('Content-Type', 'application/json; charset=utf-8');
    let sent = held;
    if (held.bytes.length >= GZIP_MIN_BYTES) {
      response.vary('Accept-Encoding');
      const gzipped = response.req.acceptsEncodings('gzip', 'identity') === 'gzip' ? heldGzipBytes(body, etagOf) : undefined;
      if (gzipped) {
        sent = await gzipped;
        response.set('Content-Encoding', 'gzip');
      }
    }
    if (sent.etag !== undefined) response.set('ETag', sent.etag);
    response.send(sent.bytes);
    return;
  }
  // What `response.json` does, with the text of a held answer serialized once.
  if (!response.get('Content-Type')) response.set('Content-Type', 'application/json');
  response.send(jsonBody(body));
}

function handlerFor(route: Route, options: MountOptions): RequestHandler {
  const { services, validateResponses = false } = options;
  return async (request, response) => {
    const principal = route.operation.access === 'public' ? null : await options.authorize(route, request);
    if (route.csv) {
      response.vary('Accept');
      if (wantsCsv(request)) return answerCsv(route, route.csv, request, response, principal, services);
    }
    const body = await route.run(request, principal, services);
    if (validateResponses && route.contentType !== 'application/pdf') assertDocumented(route, body);
    await send(response, route, body);
  };
}

/**
 * One middleware for every route: the route table finds the route of a request (express's router would try
 * each route's pattern in turn), and a request no route takes goes on to the next middleware.
 */
export function routeDispatcher(routes: readonly Route[], options: MountOptions): RequestHandler & { readonly routes: readonly Route[] } {
  const table = new RouteTable<RequestHandler>();
  for (const route of routes) table.add(route.method, route.path, handlerFor(route, options));
  const dispatch: RequestHandler = (request, response, next) => {
    const found = table.match(request.method, request.path);
    if (found === undefined) {
      const allowed = request.method === 'OPTIONS' ? table.methodsAt(request.path).join(', ') : '';
      if (allowed === '') next();
      else response.set('Allow', allowed).send(allowed);
      return;
    }
    request.params = found.params;
    // A rejected handler goes to the error handler, as express 5 does with a route's rejected promise.
    (found.entry(request, response, next) as unknown as Promise<void>).catch(next);
  };
  return Object.assign(dispatch, { routes });
}
