import { z } from 'zod';
import { isDeepStrictEqual } from 'node:util';
import { plainErrorSchema, validationErrorSchema } from './errors.js';
import type { Access } from '../../app/shared/operation.js';
import { csvContent, csvParameters } from './csv/openapi.js';
import type { Route } from './route.js';

export type JsonSchema = { [keyword: string]: unknown };

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, JsonSchema>; schemas: Record<string, JsonSchema> };
  security: Array<Record<string, string[]>>;
  tags: Array<{ name: string }>;
}

const COMPONENT_PREFIX = '#/components/schemas/';

function withComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withComponentRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === '$ref' && typeof inner === 'string' ? [key, inner.replace(/^#\/\$defs\//, COMPONENT_PREFIX)] : [key, withComponentRefs(inner)],
    ),
  );
}

/**
 * Converts zod schemas with zod's own JSON Schema generator (2020-12, the dialect of OpenAPI 3.1) and hoists
 * every schema that carries an `id` into `components.schemas`, so the document names each shape once.
 */
class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const generated = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
    const { $schema: _dialect, $defs, ...root } = generated;
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, unknown>)) {
      this.add(id, withComponentRefs(definition) as JsonSchema);
    }
    return withComponentRefs(root) as JsonSchema;
  }

  private add(id: string, definition: JsonSchema): void {
    const existing = this.schemas[id];
    if (existing !== undefined && !isDeepStrictEqual(existing, definition)) {
      throw new Error(`Schema id ${id} names two different shapes`);
    }
    this.schemas[id] = definition;
  }
}

const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });

function bodyContent(route: Route, body: z.ZodType, components: SchemaComponents): JsonSchema {
  const schema = components.convert(body, 'input');
  return Object.fromEntries(route.bodyMediaTypes.map((mediaType) => [mediaType, { schema }]));
}

function parametersOf(route: Route, components: SchemaComponents): JsonSchema[] {
  return [...schemaParametersOf(route, components), ...(route.csv ? csvParameters() : [])];
}

function schemaParametersOf(route: Route, components: SchemaComponents): JsonSchema[] {
  const located = [
    { location: 'path', schema: route.parts.params },
    { location: 'query', schema: route.parts.query },
  ];
  return located.flatMap(({ location, schema }) => {
    if (schema === undefined) return [];
    const converted = components.convert(schema, 'input');
    const properties = (converted.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((converted.required ?? []) as string[]);
    return Object.entries(properties).map(([name, { description, ...parameterSchema }]) => ({
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: parameterSchema,
    }));
  });
}

const CREDENTIAL_ERRORS: Record<Exclude<Access, 'public' | 'operator'>, string> = {
  read: '',
  write: 'The credential has read permission only',
};

function responsesOf(route: Route, components: SchemaComponents): Record<string, JsonSchema> {
  const { operation } = route;
  const plain = (description: string) => ({ description, content: jsonContent(components.convert(plainErrorSchema, 'output')) });
  const authenticated = operation.access === 'read' || operation.access === 'write';
  const success =
    route.contentType !== 'application/json'
      ? { [route.contentType]: { schema: { type: 'string', ...(route.contentType === 'application/pdf' ? { format: 'binary' } : {}) } } }
      : { ...jsonContent(components.convert(operation.output, 'output')), ...(route.csv ? csvContent(route.csv) : {}) };
  const responses: Record<string, JsonSchema> = Object.fromEntries(
    route.statuses.map((status) => [status, { description: operation.answers, ...(status === 204 ? {} : { content: success }) }]),
  );
  if (Object.keys(route.parts).length > 0) {
    responses[400] = { description: 'Validation failed', content: jsonContent(components.convert(validationErrorSchema, 'output')) };
  }
  if (authenticated) responses[401] = plain('Missing, malformed, unknown or revoked API key');
  const forbidden = [authenticated ? CREDENTIAL_ERRORS[operation.access] : '', operation.errors[403] ?? ''].filter(Boolean);
  if (forbidden.length > 0) responses[403] = plain(forbidden.join('; '));
  if (operation.errors[404]) responses[404] = plain(operation.errors[404]);
  for (const status of [409, 413, 415, 503] as const) if (operation.errors[status]) responses[status] = plain(operation.errors[status]);
  if (authenticated) {
    const quota = ["The team's API request quota for the billing period is exhausted", operation.errors[429] ?? ''].filter(Boolean);
    responses[429] = plain(quota.join('; '));
  }
  responses[500] = plain('Unexpected server error; details are in the server log under the x-request-id');
  return responses;
}

function operationOf(route: Route, components: SchemaComponents): OpenApiOperation {
  const { operation } = route;
  const parameters = parametersOf(route, components);
  return {
    operationId: operation.name,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    ...(operation.access === 'public' ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.parts.body ? { requestBody: { required: true, content: bodyContent(route, route.parts.body, components) } } : {}),
    responses: responsesOf(route, components),
  };
}

/** The OpenAPI 3.1 document of `routes`, built from the same zod schemas that validate their requests. */
export function buildOpenApiDocument(routes: readonly Route[]): OpenApiDocument {
  const components = new SchemaComponents();
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) paths[route.path] = { ...paths[route.path], [route.method]: operationOf(route, components) };
  return {
    openapi: '3.1.1',
    info: {
      title: 'geolens REST API',
      version: '1.0.0',
      description:
        'How a brand appears in the answers of AI search engines. Every operation except health, this document ' +
        'and the docs page needs `Authorization: Bearer <API key>`; each answered request counts toward the ' +
        "team's API request quota of the billing period.",
    },
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key: glk_live_ followed by 40 base62 characters' } },
      schemas: components.schemas,
    },
    security: [{ bearerAuth: [] }],
    tags: [...new Set(routes.map(({ operation }) => operation.tag))].map((name) => ({ name })),
  };
}
