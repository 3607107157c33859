/**
 * The smallest request a route validates, built from the schemas the OpenAPI document shows (its required
 * fields, each with the first value its schema allows), with the input fields that name a resource set to
 * given ids: what reaches an operation's access step, for tests that drive every route from the registry.
 */
import fc from 'fast-check';
import { z } from 'zod';
import type { RawRequest, Route } from '../../../src/api/http/route.js';
import type { JsonSchema } from '../fuzz/fromSchema.js';

const STRING_FORMATS: Record<string, string> = {
  date: '2026-01-01',
  'date-time': '2026-01-01T00:00:00.000Z',
  uri: 'https://example.com/',
  email: 'someone@example.com',
};

/** Fields whose rules are refinements the JSON Schema does not show (a date, a color, a URL normalised). */
const FIELD_EXAMPLES: Record<string, unknown> = {
  startDate: '2026-01-01',
  endDate: '2026-01-07',
  country: 'us',
  url: 'https://example.com/',
  color: 'blue',
  brandDomain: 'example.com',
};

/** Bodies whose operation refines its schema beyond what the JSON Schema shows: one of its optional fields is needed. */
const REFINED_BODIES: Record<string, Record<string, unknown>> = {
  updateWorkspace: { runsPerDay: 1 },
};

function exampleOf(schema: JsonSchema, defs: Record<string, JsonSchema>): unknown {
  if (schema.$ref) return exampleOf(defs[schema.$ref.split('/').pop() as string] ?? {}, defs);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return exampleOf(options.find((option) => option.type !== 'null') ?? {}, defs);
  const type = Array.isArray(schema.type) ? schema.type.find((one) => one !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, FIELD_EXAMPLES[name] ?? exampleOf(schema.properties?.[name] ?? {}, defs)]));
    case 'array':
      return Array.from({ length: Math.max(Number(schema.minItems ?? 0), 1) }, () => exampleOf(schema.items ?? {}, defs));
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 1);
    case 'boolean':
      return false;
    default:
      if (typeof schema.format === 'string' && schema.format in STRING_FORMATS) return STRING_FORMATS[schema.format];
      if (typeof schema.pattern === 'string') return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 1 })[0];
      return 'a'.repeat(Math.max(Number(schema.minLength ?? 1), 1));
  }
}

function partExample(schema: z.ZodType | undefined, ids: Record<string, string>): Record<string, unknown> {
  if (schema === undefined) return {};
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const example = exampleOf(json, json.$defs ?? {});
  if (typeof example !== 'object' || example === null || Array.isArray(example)) return {};
  const named = Object.fromEntries(Object.entries(ids).filter(([field]) => field in (json.properties ?? {})));
  return { ...example, ...named };
}

export interface ExampleRequest {
  method: string;
  path: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/**
 * `route` called with every path parameter set to `id` and the resource fields of its query and body set to
 * `ids`. Validated in-process first (but for a text body), so a request the route would refuse as a 400 throws
 * here.
 */
export function exampleRequest(route: Route, id: string, ids: Record<string, string>): ExampleRequest {
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1] as string, id]));
  const query = partExample(route.parts.query, ids);
  // A body that is not JSON (a log's lines, an image's bytes) is sent as a short text of its first media type.
  const rawText = !route.bodyMediaTypes.includes('application/json');
  const body = rawText ? 'line' : route.parts.body ? { ...REFINED_BODIES[route.operation.name], ...partExample(route.parts.body, ids) } : undefined;
  const raw: RawRequest = { params, query: Object.fromEntries(Object.entries(query).map(([field, value]) => [field, Array.isArray(value) ? value.map(String) : String(value)])), body, log: undefined as never };
  // A raw body is read by the route's own middleware before validation: only the JSON routes are parsed here.
  if (!rawText) route.parse(raw);
  const search = new URLSearchParams();
  for (const [field, value] of Object.entries(raw.query as Record<string, string | string[]>)) for (const one of [value].flat()) search.append(field, one);
  const path = route.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(id)) + (search.size > 0 ? `?${search}` : '');
  if (body === undefined) return { method: route.method.toUpperCase(), path };
  return rawText
    ? { method: route.method.toUpperCase(), path, rawBody: body as string, headers: { 'content-type': route.bodyMediaTypes[0] as string } }
    : { method: route.method.toUpperCase(), path, body };
}
