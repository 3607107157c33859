import { z } from 'zod';
import { getHealthOperation } from '../../app/system/operations.js';
import { defineOperation } from '../../app/shared/operation.js';
import { renderDocsPage } from '../http/docsPage.js';
import type { OpenApiDocument } from '../http/openapi.js';
import { restRoute, type Route } from '../http/route.js';

const TAG = 'Service';

export const healthRoutes: readonly Route[] = [restRoute(getHealthOperation, { method: 'get', path: '/v1/health' })];

/**
 * The description of the REST edge itself, so these two exist only here. The document is built on first
 * request from the final route list, which includes these two routes.
 */
export function documentationRoutes(openApiDocument: () => OpenApiDocument): readonly Route[] {
  let page: string | undefined;
  const describeApi = defineOperation({
    name: 'getOpenApiDocument',
    summary: 'This API as an OpenAPI 3.1 document',
    tag: TAG,
    access: 'public',
    input: z.object({}),
    output: z.looseObject({}),
    answers: 'The OpenAPI document',
    handler: async () => openApiDocument() as unknown as Record<string, unknown>,
  });
  const docsPage = defineOperation({
    name: 'getDocsPage',
    summary: 'This API as a readable page',
    tag: TAG,
    access: 'public',
    input: z.object({}),
    output: z.string(),
    answers: 'HTML rendered from the OpenAPI document, without scripts',
    handler: async () => (page ??= renderDocsPage(openApiDocument())),
  });
  return [
    restRoute(describeApi, { method: 'get', path: '/v1/openapi.json' }),
    restRoute(docsPage, { method: 'get', path: '/v1/docs', contentType: 'text/html' }),
  ];
}
