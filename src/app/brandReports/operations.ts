import { z } from 'zod';
import { normalizeCitationUrl } from '../../domain/analysis/index.js';
import { engineSchema } from '../../domain/shared/engines.js';
import { byReport, byWorkspace, byWorkspaceIfNamed } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { checkOffsetPaging, cursorPagingSchema, cursorParameterSchema, offsetPaging, offsetPagingFields, offsetPagingSchema } from '../shared/paging.js';
import { checkWindow, enginesFilterSchema, windowFields } from '../shared/window.js';
import { AI_RESPONSES_LIST, aiResponseSchema, aiResponsesWindow, listAiResponses } from './history/aiResponses.js';
import { citedUrlPromptSchema, citedUrlPromptsWindow } from './history/citedUrlPrompts.js';
import { brandReportCreateSchema, reportRules } from '../../domain/brandReport/schema.js';
import { createBrandReportResource, deleteBrandReport, editBrandReport } from './edit/commands.js';
import { getRecalculation, historyVersionField } from './history/history.js';
import { reportRecalculationSchema } from './edit/recalculation.js';
import { getPromptDetail, promptDetailSchema } from './history/promptDetail.js';
import { BRAND_REPORT_LIST, brandReportsWindow, listBrandReports } from './edit/queries.js';
import { cachedBrandReport } from './cachedViews.js';
import { brandReportListItemSchema, brandReportSchema } from './resource.js';

const TAG = 'Brand reports';

/** The statuses every operation on one report shares; one wording wherever a report is named. */
export const REPORT_ERRORS = {
  403: 'The report belongs to a workspace the credential cannot read',
  404: 'No such report',
} as const;

const REPORT_PROMPT_ERRORS = { ...REPORT_ERRORS, 404: 'No such report, or the prompt is not in it' } as const;

export const reportIdField = z.string().min(1).describe('Brand report id');
const promptIdField = z.string().min(1).describe('Prompt id');

export const listBrandReportsOperation = defineOperation({
  name: 'listBrandReports',
  summary: 'List brand reports',
  description: 'Pages of 25, newest first (createdDate, then id). The cursor stays valid when reports are added meanwhile.',
  tag: TAG,
  access: 'read',
  input: z.object({
    workspaceId: z.string().min(1).optional().describe('Only this workspace; without it, every workspace the credential can read'),
    brand: z.string().min(1).optional().describe('Only reports of this brand (case-insensitive, exact)'),
    cursor: cursorParameterSchema(BRAND_REPORT_LIST).optional(),
  }),
  output: z.object({ items: z.array(brandReportListItemSchema), paging: cursorPagingSchema }),
  answers: 'One page of brand reports',
  errors: { 403: 'workspaceId names a workspace the credential cannot read', 404: 'workspaceId names no workspace' },
  resource: byWorkspaceIfNamed,
  handler: (input, { principal, deps }) => listBrandReports(deps, principal, input),
  list: { pagingFields: ['cursor'], item: brandReportListItemSchema, window: (input, { principal, deps }, range) => brandReportsWindow(deps, principal, input, range) },
});

export const getBrandReportOperation = defineOperation({
  name: 'getBrandReport',
  summary: 'Get a brand report',
  description: 'The report with its competitors, countries and tags. The body can be sent back to PATCH unchanged; that changes nothing.',
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField }),
  output: brandReportSchema,
  answers: 'The brand report',
  errors: REPORT_ERRORS,
  resource: byReport,
  readsMemory: true,
  handler: (_input, { deps, resource }) => cachedBrandReport(deps, resource),
});

export const updateBrandReportOperation = defineOperation({
  name: 'updateBrandReport',
  summary: 'Update a brand report',
  description:
    'Only the fields sent change; an array sent replaces the stored one; a field sent with its stored value ' +
    'is left alone and not re-validated; read-only fields are ignored. Changing detection fields recalculates ' +
    "the report's history asynchronously; changing promptIds assigns and unassigns prompts.",
  tag: TAG,
  access: 'write',
  // PATCH must drop fields sent with their stored value before validating them (rule 3): the domain does it.
  input: z.object({ reportId: reportIdField, patch: z.looseObject({}).describe('The fields to change') }),
  output: brandReportSchema,
  answers: 'The updated brand report',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId, patch }, { deps }) => editBrandReport(deps, reportId, patch),
});

export const getRecalculationOperation = defineOperation({
  name: 'getBrandReportRecalculation',
  summary: "State of the report's history recalculation",
  description:
    'A change of detection fields or prompts rebuilds the history as a new version beside the current one; ' +
    'queries answer from the current version until the new one has caught up. versions lists every readable ' +
    'version (active, building, and retired for 7 days after the switch), which /stats and the prompt detail read with version.',
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField }),
  output: reportRecalculationSchema,
  answers: 'The newest history version and the readable versions',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: (_input, { deps, resource }) => getRecalculation(deps, resource),
});

const PROMPTS_TAG = 'Brand report prompts';

const WINDOW_RULES =
  'The window is startDate to endDate inclusive (YYYY-MM-DD or ISO timestamps, date part used), at most 366 ' +
  'days, in one country (lowercase ISO 3166-1 alpha-2, uk for the United Kingdom).';

export const getBrandReportPromptOperation = defineOperation({
  name: 'getBrandReportPrompt',
  summary: 'Prompt detail: coverage history, brand ranks with sentiment, domain categories',
  description:
    `${WINDOW_RULES} Coverage is a fraction 0..1 of the runs that mention the brand; brandRank orders the ` +
    'tracked brands by mentions, then coverage, then name; sentiment shares are fractions of the sentences ' +
    'that mention the brand; domainCategories count the citations per category.',
  tag: PROMPTS_TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField, promptId: promptIdField, ...windowFields, engines: enginesFilterSchema, version: historyVersionField }),
  check: checkWindow,
  output: promptDetailSchema,
  answers: 'The prompt detail',
  errors: REPORT_PROMPT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, promptId, ...query }, { deps, resource }) => getPromptDetail(deps, resource, promptId, query),
});

export const listAiResponsesOperation = defineOperation({
  name: 'listBrandReportPromptAiResponses',
  summary: 'AI response runs of a prompt, newest first',
  description: `${WINDOW_RULES} Pages of 25. \`brandMentions\` are computed with the report’s current detection settings.`,
  tag: PROMPTS_TAG,
  access: 'read',
  input: z.object({
    reportId: reportIdField,
    promptId: promptIdField,
    ...windowFields,
    engine: engineSchema.optional().describe('Only runs of this engine'),
    engines: enginesFilterSchema,
    cursor: cursorParameterSchema(AI_RESPONSES_LIST).optional(),
  }),
  check: checkWindow,
  output: z.object({ items: z.array(aiResponseSchema), paging: cursorPagingSchema }),
  answers: 'One page of runs',
  errors: REPORT_PROMPT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, promptId, ...query }, { deps, resource }) => listAiResponses(deps, resource, promptId, query),
  list: {
    pagingFields: ['cursor'],
    item: aiResponseSchema,
    window: ({ reportId: _reportId, promptId, ...query }, { deps, resource }, range) => aiResponsesWindow(deps, resource, promptId, query, range),
  },
});

export const citedUrlField = z
  .string()
  .min(1)
  .transform((url, context) => {
    const normalized = normalizeCitationUrl(url);
    if (normalized && /^https?:\/\//.test(normalized)) return normalized;
    context.addIssue({ code: 'custom', message: 'Not an http(s) URL' });
    return z.NEVER;
  })
  .describe('The cited URL (URL-encoded); compared after normalization');

export const listCitedUrlPromptsOperation = defineOperation({
  name: 'listBrandReportCitationPrompts',
  summary: 'Prompts whose runs cited a URL',
  description: `${WINDOW_RULES} engines are the distinct engines whose runs cited the URL; brandMentioned counts the citing runs that mention the brand. Most citing runs first.`,
  tag: PROMPTS_TAG,
  access: 'read',
  input: z.object({
    reportId: reportIdField,
    url: citedUrlField,
    ...windowFields,
    engines: enginesFilterSchema,
    tagId: z.string().min(1).optional().describe('Only prompts with this tag'),
    ...offsetPagingFields,
  }),
  check: (input, context) => {
    checkWindow(input, context);
    checkOffsetPaging(input, context);
  },
  output: z.object({ items: z.array(citedUrlPromptSchema), paging: offsetPagingSchema }),
  answers: 'One page of prompts',
  errors: REPORT_PROMPT_ERRORS,
  resource: byReport,
  handler: async ({ reportId: _reportId, limit, offset, ...query }, { deps, resource }) => {
    const window = await citedUrlPromptsWindow(deps, resource, query, { limit, offset });
    return { items: window.items, paging: offsetPaging(window, { limit, offset }) };
  },
  list: {
    pagingFields: ['limit', 'offset'],
    item: citedUrlPromptSchema,
    window: ({ reportId: _reportId, ...query }, { deps, resource }, range) => citedUrlPromptsWindow(deps, resource, query, range),
  },
});

const createFields = brandReportCreateSchema.shape;

export const createBrandReportOperation = defineOperation({
  name: 'createBrandReport',
  summary: 'Create a brand report in a workspace',
  description:
    "The fields follow PATCH's rules: brandRegex excludes brandVariations, each domain variation differs from " +
    'brandDomain, competitor domains are unique, promptIds name prompts of the workspace. Its prompts run at once ' +
    '(not only at the next daily slot); until their first runs are recorded /stats answers status pending.',
  tag: TAG,
  access: 'write',
  input: z.object({
    workspaceId: z.string().min(1).describe('Workspace id'),
    brand: createFields.brand.describe('Brand name'),
    brandDomain: createFields.brandDomain.describe('Brand website domain (protocol, www. and path are stripped)'),
    reportTitle: createFields.reportTitle.describe('Report title (default: the brand)'),
    brandVariations: createFields.brandVariations.describe('Other names of the brand'),
    brandDomainVariations: createFields.brandDomainVariations.describe('Other domains of the brand'),
    brandDomainWildcard: createFields.brandDomainWildcard,
    brandRegex: createFields.brandRegex,
    competitors: createFields.competitors.describe("Competitors ('Name=domain' on the command line)"),
    promptIds: createFields.promptIds.describe('Prompts of the workspace to track'),
  }),
  check: reportRules,
  output: brandReportSchema,
  answers: 'The new brand report',
  errors: { 403: 'The workspace is not one the credential can write to', 404: 'No such workspace' },
  resource: byWorkspace,
  handler: (input, { deps }) => createBrandReportResource(deps, input),
});

export const deleteBrandReportOperation = defineOperation({
  name: 'deleteBrandReport',
  summary: 'Delete a brand report',
  description: 'The report disappears from every list and read (its watches raise nothing more); its prompts stay in the workspace and its events stay in the log.',
  tag: TAG,
  access: 'write',
  input: z.object({ reportId: reportIdField }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  answers: 'Deleted',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: async ({ reportId }, { deps }) => {
    await deleteBrandReport(deps, reportId);
    return { id: reportId, deleted: true as const };
  },
});
