import { z } from 'zod';
import { renderDocsPage } from '../http/docsPage.js';
import type { OpenApiDocument } from '../http/openapi.js';
import { defineRoute, type Route } from '../http/route.js';

export const healthReportSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    stores: z.object({ events: z.string(), readModels: z.string() }),
    projections: z.array(
      z.object({
        name: z.string(),
        version: z.number().int(),
        state: z.enum(['building', 'live']),
        lag: z.string().describe('Events of the log not yet applied, as a decimal string'),
      }),
    ),
  })
  .meta({ id: 'Health' });

export type HealthReport = z.output<typeof healthReportSchema>;

const TAG = 'Service';

export function healthRoutes(health: () => Promise<HealthReport>): readonly Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/health',
      operationId: 'getHealth',
      summary: 'Service health, stores in use and projection lag',
      tag: TAG,
      auth: 'none',
      success: { status: 200, description: 'The service is up', schema: healthReportSchema, contentType: 'application/json' },
      handler: () => health(),
    }),
  ];
}

/** The document is built on first request from the final route list, which includes these two routes. */
export function documentationRoutes(openApiDocument: () => OpenApiDocument): readonly Route[] {
  let page: string | undefined;
  return [
    defineRoute({
      method: 'get',
      path: '/v1/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'This API as an OpenAPI 3.1 document',
      tag: TAG,
      auth: 'none',
      success: { status: 200, description: 'The OpenAPI document', contentType: 'application/json' },
      handler: async () => openApiDocument(),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/docs',
      operationId: 'getDocsPage',
      summary: 'This API as a readable page',
      tag: TAG,
      auth: 'none',
      success: { status: 200, description: 'HTML rendered from the OpenAPI document, without scripts', contentType: 'text/html' },
      handler: async () => (page ??= renderDocsPage(openApiDocument())),
    }),
  ];
}
