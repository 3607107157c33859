import { z } from 'zod';
import type { Logger } from 'pino';
import type { Operation } from '../../app/shared/operation.js';
import type { Principal } from '../../app/shared/principal.js';
import type { Services } from '../../app/shared/services.js';
import { textInputReader } from '../../app/shared/textInput.js';
import { ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import { issuesFromZod, validationFailed } from '../../domain/shared/zodIssues.js';
import { csvListOf, type CsvList } from './csv/csvList.js';

export type RouteContentType = 'application/json' | 'text/html' | 'application/pdf';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Part = 'params' | 'query' | 'body';

/** How one operation is reached over HTTP; everything else (schemas, handler, access) is the operation's. */
export interface RestBinding {
  method: HttpMethod;
  /** OpenAPI form: `/v1/workspaces/{id}/prompts`. */
  path: string;
  /** Path parameters whose input field has another name (`{id}` is `workspaceId`). */
  pathFields?: Record<string, string>;
  /** Input fields read from the query string of a method with a body; without a body, every field not in the path. */
  queryFields?: readonly string[];
  /** The whole JSON body is this input field, validated by the domain; the document shows `documentedAs`. */
  bodyAs?: { field: string; documentedAs: z.ZodType };
  /**
   * The body is not JSON: a middleware of the route's own (mounted before the JSON parser) puts what it read in
   * `request.body`, and that is this input field, as is. The document shows `documentedAs` under `mediaTypes`.
   */
  rawBody?: { field: string; mediaTypes: readonly string[]; documentedAs: z.ZodType };
  /** Default 200; 204 answers without a body. A function picks among `documented` statuses by the answer. */
  status?: number | { documented: readonly number[]; of(output: unknown): number };
  /** Default JSON; the docs page is HTML; a report's PDF answers its bytes. */
  contentType?: RouteContentType;
}

export interface RawRequest {
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
  /** Read only when the operation logs: the request's logger is made on first use. */
  readonly log: Logger;
}

/** An operation bound to a method and path: what mounting and the OpenAPI document read. */
export interface Route {
  readonly operation: Operation;
  readonly method: HttpMethod;
  readonly path: string;
  /** The success statuses the document lists. */
  readonly statuses: readonly number[];
  statusOf(output: unknown): number;
  readonly contentType: RouteContentType;
  /** Media types of the request body. */
  readonly bodyMediaTypes: readonly string[];
  /** Schemas of each part of the request as the document shows them, under their HTTP names. */
  readonly parts: Partial<Record<Part, z.ZodObject | z.ZodType>>;
  /** A list operation reached by GET also answers its items as CSV. */
  readonly csv: CsvList | undefined;
  /** The operation's input read from the request and validated: a 400 naming the part that failed. */
  parse(request: RawRequest): unknown;
  /** The handler on parsed input. */
  runParsed(input: unknown, request: RawRequest, principal: Principal | null, services: Services): Promise<unknown>;
  run(request: RawRequest, principal: Principal | null, services: Services): Promise<unknown>;
}

const NUL_MESSAGE = 'May not hold a NUL character (%00)';

/**
 * A path parameter or query value holding NUL (`%00`) is a 400 in every store: no id or name holds one, and
 * PostgreSQL text cannot take one as a parameter.
 */
function refuseNul(request: RawRequest, parameterNames: readonly string[]): void {
  const holdsNul = (value: unknown): boolean => typeof value === 'string' && value.includes('\u0000');
  const inPath = parameterNames.filter((name) => holdsNul(request.params[name]));
  if (inPath.length > 0) throw validationFailed(inPath.map((name) => ({ path: name, message: NUL_MESSAGE, code: 'invalid_format' })), 'params');
  const query = isJsonObject(request.query) ? request.query : {};
  const inQuery = Object.entries(query).filter(([name, value]) => holdsNul(name) || [value].flat().some(holdsNul));
  if (inQuery.length > 0) throw validationFailed(inQuery.map(([name]) => ({ path: name.replaceAll('\u0000', '%00'), message: NUL_MESSAGE, code: 'invalid_format' })), 'query');
}

const hasBody = (method: HttpMethod) => method === 'post' || method === 'patch' || method === 'put';

const pathParameterNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);

const pick = (shape: z.ZodRawShape, fields: readonly string[]): z.ZodRawShape =>
  Object.fromEntries(fields.map((field) => [field, shape[field] as z.ZodType]));

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const NOT_AN_OBJECT = 'Expected a JSON object body (Content-Type: application/json)';

export function restRoute(operation: Operation, binding: RestBinding): Route {
  if (operation.access === 'operator') throw new Error(`${operation.name} is for operators only and has no HTTP route`);
  const shape = operation.input.shape as z.ZodRawShape;
  const parameterNames = pathParameterNames(binding.path);
  const fieldOf = (parameter: string) => binding.pathFields?.[parameter] ?? parameter;
  const pathFields = parameterNames.map(fieldOf);
  const remaining = Object.keys(shape).filter((field) => !pathFields.includes(field));
  const queryFields = hasBody(binding.method) ? (binding.queryFields ?? []) : remaining;
  const bodyFields = hasBody(binding.method) ? remaining.filter((field) => !queryFields.includes(field)) : [];
  for (const field of [...pathFields, ...queryFields]) {
    if (!(field in shape)) throw new Error(`${operation.name}: ${field} is not an input field`);
  }
  const readQuery = textInputReader(operation.input, queryFields);
  const partOf = (field: string | undefined): Part => {
    if (field !== undefined && pathFields.includes(field)) return 'params';
    if (field !== undefined && queryFields.includes(field)) return 'query';
    return bodyFields.length > 0 ? 'body' : 'query';
  };

  const readBody = (body: unknown): Record<string, unknown> => {
    if (bodyFields.length === 0) return {};
    if (binding.rawBody) return { [binding.rawBody.field]: body };
    if (!isJsonObject(body)) throw new ValidationError(`Invalid body: ${NOT_AN_OBJECT}`, [{ path: '', message: NOT_AN_OBJECT, code: 'invalid_type' }], 'body');
    if (binding.bodyAs) return { [binding.bodyAs.field]: body };
    const unknown = Object.keys(body).filter((key) => !bodyFields.includes(key));
    if (unknown.length > 0) {
      throw validationFailed(unknown.map((key) => ({ path: key, message: `Unrecognized field "${key}"`, code: 'unrecognized_keys' })), 'body');
    }
    return body;
  };

  /** The first part that failed (path, then query, then body) is the error's target, with its issues. */
  const failure = (issues: ValidationIssue[]): ValidationError => {
    for (const part of ['params', 'query', 'body'] as const) {
      const ofPart = issues.filter((issue) => partOf(issue.path.split('.')[0] || undefined) === part);
      if (ofPart.length === 0) continue;
      const named = part === 'params' ? ofPart.map((issue) => ({ ...issue, path: httpName(issue.path) })) : ofPart;
      return validationFailed(named, part);
    }
    return validationFailed(issues, partOf(undefined));
  };
  const httpName = (path: string): string => {
    const [field, ...rest] = path.split('.');
    const parameter = parameterNames.find((name) => fieldOf(name) === field) ?? field;
    return [parameter, ...rest].join('.');
  };

  const parse = (request: RawRequest): unknown => {
    refuseNul(request, parameterNames);
    const fromPath = Object.fromEntries(parameterNames.map((name) => [fieldOf(name), request.params[name]]));
    const fromQuery = readQuery(isJsonObject(request.query) ? request.query : {});
    const input = { ...readBody(request.body), ...fromQuery, ...fromPath };
    const parsed = operation.validator.safeParse(input);
    if (!parsed.success) throw failure(issuesFromZod(parsed.error));
    return parsed.data;
  };
  const runParsed = (input: unknown, request: RawRequest, principal: Principal | null, services: Services): Promise<unknown> =>
    operation.runValidated(input, {
      principal,
      deps: services,
      get log() {
        return request.log;
      },
    });

  const documentedParams = z.object(Object.fromEntries(parameterNames.map((name) => [name, shape[fieldOf(name)] as z.ZodType])));
  return {
    operation,
    method: binding.method,
    path: binding.path,
    statuses: typeof binding.status === 'object' ? binding.status.documented : [binding.status ?? 200],
    statusOf: (output) => (typeof binding.status === 'object' ? binding.status.of(output) : (binding.status ?? 200)),
    contentType: binding.contentType ?? 'application/json',
    bodyMediaTypes: binding.rawBody?.mediaTypes ?? ['application/json'],
    parts: {
      ...(parameterNames.length > 0 ? { params: documentedParams } : {}),
      ...(queryFields.length > 0 ? { query: z.object(pick(shape, queryFields)) } : {}),
      ...(bodyFields.length > 0 ? { body: (binding.rawBody ?? binding.bodyAs)?.documentedAs ?? z.object(pick(shape, bodyFields)).strict() } : {}),
    },
    csv: binding.method === 'get' ? csvListOf(operation) : undefined,
    parse,
    runParsed,
    run: (request, principal, services) => runParsed(parse(request), request, principal, services),
  };
}
