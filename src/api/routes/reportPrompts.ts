import { z } from 'zod';
import { AI_RESPONSES_LIST, aiResponseSchema, listAiResponses } from '../../app/queries/aiResponses.js';
import { citedUrlPromptSchema, listCitedUrlPrompts, offsetPagingSchema } from '../../app/queries/citedUrlPrompts.js';
import { cursorPagingSchema, cursorParameterSchema } from '../../app/queries/paging.js';
import { getPromptDetail, promptDetailSchema } from '../../app/queries/promptDetail.js';
import { checkWindow, windowFields } from '../../app/queries/window.js';
import { getRecalculation } from '../../app/queries/reportHistory.js';
import { normalizeCitationUrl } from '../../domain/analysis/index.js';
import { engineSchema } from '../../domain/shared/engines.js';
import { defineRoute, type Route } from '../http/route.js';
import { reportParams } from './brandReports.js';

const TAG = 'Brand report prompts';
const json = 'application/json' as const;

const promptParams = reportParams.extend({ promptId: z.string().min(1).describe('Prompt id') });

const windowQuery = z.object(windowFields).strict().superRefine(checkWindow);

const aiResponsesQuery = z
  .object({
    ...windowFields,
    engine: engineSchema.optional().describe('Only runs of this engine'),
    cursor: cursorParameterSchema(AI_RESPONSES_LIST).optional(),
  })
  .strict()
  .superRefine(checkWindow);

const unsignedInteger = (description: string) =>
  z.string().regex(/^\d+$/, 'Expected a non-negative integer').transform(Number).describe(description);

const citedUrlQuery = z
  .object({
    ...windowFields,
    url: z
      .string()
      .min(1)
      .transform((url, context) => {
        const normalized = normalizeCitationUrl(url);
        if (normalized && /^https?:\/\//.test(normalized)) return normalized;
        context.addIssue({ code: 'custom', message: 'Not an http(s) URL' });
        return z.NEVER;
      })
      .describe('The cited URL (URL-encoded); compared after normalization'),
    engines: z
      .union([engineSchema, z.array(engineSchema)])
      .transform((engines) => (Array.isArray(engines) ? engines : [engines]))
      .optional()
      .describe('One or more engines (repeat the parameter)'),
    tagId: z.string().min(1).optional().describe('Only prompts with this tag'),
    limit: unsignedInteger('Page size, 1 to 100; default 25').pipe(z.number().int().min(1).max(100)).default(25),
    offset: unsignedInteger('Zero-based offset, a multiple of limit; default 0').default(0),
  })
  .strict()
  .superRefine(checkWindow)
  .superRefine((query, context) => {
    if (query.offset % query.limit !== 0) context.addIssue({ code: 'custom', path: ['offset'], message: 'offset must be a multiple of limit' });
  });

const forbiddenOrMissing = { 403: 'The report belongs to a workspace the key cannot read', 404: 'No such report, or the prompt is not in it' };

const recalculationSchema = z
  .object({
    reportId: z.string(),
    version: z.number().int(),
    state: z.enum(['running', 'finished', 'superseded', 'failed']),
    processed: z.number().int().describe('Runs replayed into the version so far'),
    total: z.number().int().nullable().describe('Runs to replay; null until counted'),
    startedDate: z.string(),
    finishedDate: z.string().nullable(),
  })
  .meta({ id: 'Recalculation' });

export const reportPromptRoutes: readonly Route[] = [
  defineRoute({
    method: 'get',
    path: '/v1/reports/brand/{reportId}/recalculation',
    operationId: 'getBrandReportRecalculation',
    summary: "State of the report's history recalculation",
    description:
      'A change of detection fields or prompts rebuilds the history as a new version beside the current one; ' +
      'queries answer from the current version until the new one has caught up.',
    tag: 'Brand reports',
    auth: 'read',
    params: reportParams,
    success: { status: 200, description: 'The newest history version', schema: recalculationSchema, contentType: json },
    errors: { 403: 'The report belongs to a workspace the key cannot read', 404: 'No such report' },
    handler: ({ params, principal, services }) => getRecalculation(services, principal, params.reportId),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/reports/brand/{reportId}/prompts/{promptId}',
    operationId: 'getBrandReportPrompt',
    summary: 'Prompt detail: coverage history, brand ranks with sentiment, domain categories',
    tag: TAG,
    auth: 'read',
    params: promptParams,
    query: windowQuery,
    success: { status: 200, description: 'The prompt detail', schema: promptDetailSchema, contentType: json },
    errors: forbiddenOrMissing,
    handler: ({ params, query, principal, services }) => getPromptDetail(services, principal, params.reportId, params.promptId, query),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/reports/brand/{reportId}/prompts/{promptId}/ai-responses',
    operationId: 'listBrandReportPromptAiResponses',
    summary: 'AI response runs of a prompt, newest first',
    description: 'Pages of 25. `brandMentions` are computed with the report’s current detection settings.',
    tag: TAG,
    auth: 'read',
    params: promptParams,
    query: aiResponsesQuery,
    success: {
      status: 200,
      description: 'One page of runs',
      schema: z.object({ items: z.array(aiResponseSchema), paging: cursorPagingSchema }),
      contentType: json,
    },
    errors: forbiddenOrMissing,
    handler: ({ params, query, principal, services }) => listAiResponses(services, principal, params.reportId, params.promptId, query),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/reports/brand/{reportId}/citations/prompts',
    operationId: 'listBrandReportCitationPrompts',
    summary: 'Prompts whose runs cited a URL',
    tag: TAG,
    auth: 'read',
    params: reportParams,
    query: citedUrlQuery,
    success: {
      status: 200,
      description: 'One page of prompts',
      schema: z.object({ items: z.array(citedUrlPromptSchema), paging: offsetPagingSchema }),
      contentType: json,
    },
    errors: forbiddenOrMissing,
    handler: ({ params, query, principal, services }) => listCitedUrlPrompts(services, principal, params.reportId, query),
  }),
];
