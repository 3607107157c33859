import { z } from 'zod';
import type { Logger } from 'pino';
import type { Principal } from '../../app/principal.js';
import type { Services } from '../../app/services.js';
import { parseOrThrow } from '../../domain/shared/zodIssues.js';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** `none`: public; `read`: any valid key; `write`: a key with write permission. */
export type AuthRequirement = 'none' | 'read' | 'write';

export interface SuccessResponse {
  status: number;
  description: string;
  /** Absent for non-JSON answers (the docs page). */
  schema?: z.ZodType;
  contentType: 'application/json' | 'text/html';
}

/** Error statuses a route adds to the ones every route of its kind has (400, 401, 429, 500). */
export type RouteErrors = Partial<Record<403 | 404, string>>;

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

export interface HandlerInput<Auth extends AuthRequirement, Params, Query, Body> {
  params: Parsed<Params>;
  query: Parsed<Query>;
  body: Parsed<Body>;
  principal: Auth extends 'none' ? null : Principal;
  services: Services;
  log: Logger;
}

export interface RouteSpec<
  Auth extends AuthRequirement,
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
> {
  method: HttpMethod;
  /** OpenAPI form: `/v1/reports/brand/{reportId}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Groups operations in the OpenAPI document and the docs page. */
  tag: string;
  auth: Auth;
  /** Answer, without counting, when the team has no active plan (the account endpoint tells why). */
  answerWithoutPlan?: boolean;
  params?: Params;
  query?: Query;
  body?: Body;
  /**
   * The body schema documents the request, but the domain applies it: PATCH must drop fields sent with their
   * stored value before validating (rule 3). The edge then only requires a JSON object.
   */
  bodyValidatedByDomain?: boolean;
  success: SuccessResponse;
  errors?: RouteErrors;
  handler(input: HandlerInput<Auth, Params, Query, Body>): Promise<unknown>;
}

export interface RawRequest {
  params: unknown;
  query: unknown;
  body: unknown;
}

/** A route with its types erased, so that routes of every shape share one list (mounting, OpenAPI). */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description: string | undefined;
  readonly tag: string;
  readonly auth: AuthRequirement;
  readonly answerWithoutPlan: boolean;
  readonly params: z.ZodType | undefined;
  readonly query: z.ZodType | undefined;
  readonly body: z.ZodType | undefined;
  readonly success: SuccessResponse;
  readonly errors: RouteErrors;
  /** Validates params, query and body (400 with the failing part as `target`), then runs the handler. */
  run(request: RawRequest, principal: Principal | null, services: Services, log: Logger): Promise<unknown>;
}

const jsonObjectSchema = z.looseObject({}, { error: 'Expected a JSON object body (Content-Type: application/json)' });

export function defineRoute<
  Auth extends AuthRequirement,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<Auth, Params, Query, Body>): Route {
  const parse = (schema: z.ZodType | undefined, value: unknown, target: 'params' | 'query' | 'body'): unknown =>
    schema === undefined ? undefined : parseOrThrow(schema, value, target);
  const bodyCheck = spec.bodyValidatedByDomain ? jsonObjectSchema : spec.body;
  return {
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tag: spec.tag,
    auth: spec.auth,
    answerWithoutPlan: spec.answerWithoutPlan ?? false,
    params: spec.params,
    query: spec.query,
    body: spec.body,
    success: spec.success,
    errors: spec.errors ?? {},
    run(request, principal, services, log) {
      type Input = HandlerInput<Auth, Params, Query, Body>;
      return spec.handler({
        params: parse(spec.params, request.params, 'params') as Input['params'],
        query: parse(spec.query, request.query, 'query') as Input['query'],
        body: (spec.body === undefined ? undefined : parse(bodyCheck, request.body, 'body')) as Input['body'],
        principal: principal as Input['principal'],
        services,
        log,
      });
    },
  };
}
