import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { ILayer } from 'express-serve-static-core';
import { apiRoutes } from '../../src/api/app.js';
import { expressPath } from '../../src/api/http/mount.js';
import type { OpenApiDocument } from '../../src/api/http/openapi.js';
import type { Route } from '../../src/api/http/route.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let document: OpenApiDocument;

beforeAll(async () => {
  api = await startTestApi();
  document = (await api.call<OpenApiDocument>('GET', '/v1/openapi.json')).body;
});
afterAll(() => api.close());

/**
 * Every `METHOD path` the app actually serves, found by walking its router (and the route table of the API's
 * dispatcher), wherever a route was added
 * (`ALL` for a route of every method, as the OAuth handlers have).
 */
function servedRoutes(stack: readonly ILayer[]): string[] {
  return stack.flatMap((layer) => {
    const dispatched = (layer.handle as { routes?: readonly Route[] }).routes;
    if (dispatched) return dispatched.map((route) => `${route.method.toUpperCase()} ${expressPath(route.path)}`);
    if (layer.route) return layer.route.stack.map((handler) => `${(handler.method ?? 'all').toUpperCase()} ${layer.route?.path}`);
    const nested = (layer.handle as { stack?: ILayer[] }).stack;
    return nested ? servedRoutes(nested) : [];
  });
}

const documentedRoutes = (openApi: OpenApiDocument): string[] =>
  Object.entries(openApi.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${expressPath(path)}`),
  );

describe('GET /v1/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document of version 1.0.0', async () => {
    const result = await new Validator().validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.version).toBe('1.0.0');
  });

  test('documents every route the app serves, including any added outside the route definitions', () => {
    // The REST API is /v1; the OAuth endpoints are served beside it and are not REST routes.
    const served = servedRoutes(api.app.router.stack).filter((route) => route.split(' ')[1]?.startsWith('/v1/'));
    const defined = apiRoutes().map(
      (route) => `${route.method.toUpperCase()} ${expressPath(route.path)}`,
    );
    expect(new Set(served)).toEqual(new Set(documentedRoutes(document)));
    expect(new Set(defined)).toEqual(new Set(documentedRoutes(document)));
    expect(served).toEqual(
      expect.arrayContaining([
        'GET /v1/reports/brand',
        'GET /v1/reports/brand/:reportId',
        'PATCH /v1/reports/brand/:reportId',
        'GET /v1/accounts/info',
        'GET /v1/workspaces',
        'GET /v1/workspaces/:id/prompts',
        'GET /v1/health',
        'GET /v1/openapi.json',
        'GET /v1/docs',
      ]),
    );
  });

  test('declares the bearer scheme, required on every operation but health, the document, the docs page and the e-mails\' unsubscribe link', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    const publicOperations = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .filter((operation) => operation.security?.length === 0)
      .map(({ operationId }) => operationId);
    expect(publicOperations.sort()).toEqual(['getDocsPage', 'getHealth', 'getOpenApiDocument', 'unsubscribeFromEmails']);
  });

  test('describes the PATCH operation with its path parameter, body, responses and error bodies', () => {
    const operation = document.paths['/v1/reports/brand/{reportId}']?.patch;
    expect(operation?.parameters).toEqual([
      { name: 'reportId', in: 'path', required: true, description: 'Brand report id', schema: { type: 'string', minLength: 1 } },
    ]);
    const bodySchema = (operation?.requestBody?.content as Record<string, { schema: { properties: Record<string, unknown> } }>)['application/json']?.schema;
    expect(Object.keys(bodySchema?.properties ?? {})).toEqual(
      expect.arrayContaining(['reportTitle', 'brandVariations', 'brandRegex', 'promptIds', 'competitors', 'countryPromptsTotal']),
    );
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500']);
    expect(operation?.responses['200']).toEqual({ description: 'The updated brand report', content: { 'application/json': { schema: { $ref: '#/components/schemas/BrandReport' } } } });
    expect(operation?.responses['400']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } } });
    expect(operation?.responses['404']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  });

  test('describes the list query parameters and every response shape as a named schema', () => {
    expect(document.paths['/v1/reports/brand']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'workspaceId', in: 'query', required: false, schema: { type: 'string', minLength: 1 } }),
      expect.objectContaining({ name: 'brand', in: 'query', required: false, schema: { type: 'string', minLength: 1 } }),
      expect.objectContaining({ name: 'cursor', in: 'query', required: false, schema: { type: 'string', minLength: 1 } }),
      expect.objectContaining({ name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['csv', 'json'] } }),
    ]);
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['AccountInfo', 'BrandReport', 'BrandReportListItem', 'Competitor', 'CursorPaging', 'Error', 'Health', 'Tag', 'ValidationError', 'Workspace', 'WorkspacePrompt']),
    );
  });
});

describe('GET /v1/docs', () => {
  test('is an HTML page of every operation, with no script and nothing loaded from elsewhere', async () => {
    const { status, body, headers } = await api.call<string>('GET', '/v1/docs');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/html');
    expect(headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) expect(body).toContain(`${method.toUpperCase()} ${path}`);
    }
    expect(body).toContain('id="schema-BrandReport"');
    expect(body).not.toMatch(/<script|<link|src=|https?:\/\/(?!json-schema)/i);
  });
});
