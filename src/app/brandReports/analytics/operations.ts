import { z } from 'zod';
import { DOMAIN_CATEGORIES } from '../../../domain/analysis/index.js';
import { engineSchema } from '../../../domain/shared/engines.js';
import { byReport } from '../../shared/access.js';
import { defineOperation } from '../../shared/operation.js';
import { cursorPagingSchema } from '../../shared/paging.js';
import { countryCodeSchema } from '../../../domain/shared/countries.js';
import { checkWindow, windowFields } from '../../shared/window.js';
import { analyticsFilterFields } from '../history/analyticsScope.js';
import { cachedReportView } from '../cachedViews.js';
import { citationHistorySchema, getBrandReportCitationHistory } from './citationHistory.js';
import { CITATION_SORTS, citedUrlListSchema, citedUrlSchema, listBrandReportCitations } from './citations.js';
import { citationStatsSchema, getBrandReportCitationStats } from './citationStats.js';
import { competitorSuggestionsSchema, suggestCompetitors } from './competitorSuggestions.js';
import { historyVersionField } from '../history/history.js';
import { listPagingFields, sortOrderField } from './listPaging.js';
import { citedUrlField, REPORT_ERRORS, reportIdField } from '../operations.js';
import { recommendationCursorSchema } from './recommendations/cursor.js';
import { brandReportRecommendationsWindow, listBrandReportRecommendations } from './recommendations/index.js';
import { recommendationSchema } from './recommendations/schema.js';
import { listBrandReportPrompts, PROMPT_SORTS, reportPromptListSchema, reportPromptSchema } from './reportPrompts.js';
import { getBrandReportStats } from './stats.js';
import { brandReportStatsSchema } from './statsSchema.js';

const TAG = 'Brand report analytics';

/** A counted page read as a window of the list (for bindings that page by number). */
const counted = <T>({ items, paging }: { items: T[]; paging: { totalCount: number } }) => ({ items, totalCount: paging.totalCount });

const WINDOW =
  'The window is startDate to endDate inclusive (YYYY-MM-DD or ISO timestamps, date part used), at most 366 days, in one ' +
  'country; engines (repeatable) and tagId narrow it to those engines and to the prompts with that tag.';

const EVIDENCE = 'Every coverage carries its runs, the runs that mention the brand and its 95 % Wilson interval.';

const windowInput = { reportId: reportIdField, ...windowFields, ...analyticsFilterFields };

export const getBrandReportStatsOperation = defineOperation({
  name: 'getBrandReportStats',
  summary: 'Report stats: coverage, share of voice, rank, position and sentiment per brand, per day and per engine',
  description:
    `${WINDOW} shareOfVoice, brandCoverage and domainCoverage are percentages 0..100 here (as the hosted API answers). ${EVIDENCE} ` +
    'isRecalculating is true while a newer version of the history is built; the figures are then the current version’s ' +
    '(version reads another readable one).',
  tag: TAG,
  access: 'read',
  input: z.object({ ...windowInput, version: historyVersionField }),
  check: checkWindow,
  output: brandReportStatsSchema,
  answers: 'The report stats',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, ...query }, { deps, resource }) =>
    cachedReportView(deps, 'stats', resource, query, () => getBrandReportStats(deps, resource, query)),
});

export const listBrandReportPromptsOperation = defineOperation({
  name: 'listBrandReportPrompts',
  summary: "The report's prompts with brand and domain mentions of the brand and each competitor",
  description: `${WINDOW} brandCoverage is a fraction 0..1. ${EVIDENCE} rank is null for a prompt without runs and sorts last.`,
  tag: TAG,
  access: 'read',
  input: z.object({
    ...windowInput,
    search: z.string().min(1).optional().describe('Only prompts whose text contains this (case-insensitive)'),
    sortBy: z.enum(PROMPT_SORTS).default('brandMentions').describe('brandMentions (default), domainMentions, volume, rank or prompt'),
    sortOrder: sortOrderField,
    ...listPagingFields,
  }),
  check: checkWindow,
  output: reportPromptListSchema,
  answers: 'One page of prompts',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, ...query }, { deps, resource }) =>
    cachedReportView(deps, 'prompts', resource, query, () => listBrandReportPrompts(deps, resource, query)),
  list: {
    pagingFields: ['limit', 'offset'],
    item: reportPromptSchema,
    window: async ({ reportId: _reportId, ...query }, { deps, resource }, range) => counted(await listBrandReportPrompts(deps, resource, { ...query, ...range })),
  },
});

export const listBrandReportCitationsOperation = defineOperation({
  name: 'listBrandReportCitations',
  summary: 'Cited URLs of the report: citations, citing prompts, brand and competitor mentions, domain category',
  description: `${WINDOW} One item per normalized URL; ties in the sort order by URL.`,
  tag: TAG,
  access: 'read',
  input: z.object({
    ...windowInput,
    search: z.string().min(1).optional().describe('Only URLs containing this (case-insensitive)'),
    domains: z.array(z.string().min(1)).min(1).optional().describe('Only URLs of these domains (repeatable)'),
    domainCategories: z.array(z.enum(DOMAIN_CATEGORIES)).min(1).optional().describe('Only URLs of domains in these categories (repeatable)'),
    brandMentioned: z.boolean().optional().describe('true: only URLs cited in runs that mention the brand; false: only the others'),
    competitors: z.array(z.string().min(1)).min(1).optional().describe('Only URLs cited in runs that mention one of these competitors (repeatable)'),
    sortBy: z.enum(CITATION_SORTS).default('citations').describe('citations (default), url, domain or brandMentioned'),
    sortOrder: sortOrderField,
    ...listPagingFields,
  }),
  check: checkWindow,
  output: citedUrlListSchema,
  answers: 'One page of cited URLs',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, ...query }, { deps, resource }) =>
    cachedReportView(deps, 'citations', resource, query, () => listBrandReportCitations(deps, resource, query)),
  list: {
    pagingFields: ['limit', 'offset'],
    item: citedUrlSchema,
    window: async ({ reportId: _reportId, ...query }, { deps, resource }, range) => counted(await listBrandReportCitations(deps, resource, { ...query, ...range })),
  },
});

export const getBrandReportCitationStatsOperation = defineOperation({
  name: 'getBrandReportCitationStats',
  summary: 'Top cited domains and URLs, the brand’s and competitors’ share of citations, citations per category',
  description: `${WINDOW} Shares are fractions 0..1 of all citations of the window.`,
  tag: TAG,
  access: 'read',
  input: z.object(windowInput),
  check: checkWindow,
  output: citationStatsSchema,
  answers: 'The citation stats',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, ...query }, { deps, resource }) =>
    cachedReportView(deps, 'citationStats', resource, query, () => getBrandReportCitationStats(deps, resource, query)),
});

export const getBrandReportCitationHistoryOperation = defineOperation({
  name: 'getBrandReportCitationHistory',
  summary: 'Citations of one URL per day and engine, against the previous period',
  description: `${WINDOW} Every day of the window is listed, zeros included; the previous period is as many days, ending the day before startDate.`,
  tag: TAG,
  access: 'read',
  input: z.object({ ...windowInput, url: citedUrlField }),
  check: checkWindow,
  output: citationHistorySchema,
  answers: 'The citation history',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, ...query }, { deps, resource }) =>
    cachedReportView(deps, 'citationHistory', resource, query, () => getBrandReportCitationHistory(deps, resource, query)),
});

export const listBrandReportRecommendationsOperation = defineOperation({
  name: 'listBrandReportRecommendations',
  summary: 'Recommendations for the brand’s visibility, each with the evidence it rests on',
  description:
    'Over the last 30 days (ending today) in the country, most urgent first (priority, then score). Each names its evidence: ' +
    'prompt ids, run ids, URLs and quoted sentences. Pages of 25.',
  tag: TAG,
  access: 'read',
  input: z.object({
    reportId: reportIdField,
    country: countryCodeSchema.describe('Lowercase ISO 3166-1 alpha-2; uk for the United Kingdom'),
    engine: engineSchema.optional().describe('Only runs of this engine'),
    ...analyticsFilterFields,
    cursor: recommendationCursorSchema.optional(),
  }),
  output: z.object({ items: z.array(recommendationSchema), paging: cursorPagingSchema }),
  answers: 'One page of recommendations',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, ...query }, { deps, resource }) =>
    cachedReportView(deps, 'recommendations', resource, query, () => listBrandReportRecommendations(deps, resource, query)),
  list: {
    pagingFields: ['cursor'],
    item: recommendationSchema,
    window: ({ reportId: _reportId, ...query }, { deps, resource }, range) => brandReportRecommendationsWindow(deps, resource, query, range),
  },
});

export const suggestCompetitorsOperation = defineOperation({
  name: 'suggestCompetitors',
  summary: 'Competitors to track: names the report’s answers put forward that it does not track',
  description:
    'Names from list items, bold text and names written before a cited domain in the answers of the last 30 days (every ' +
    'country), that are neither the brand nor a competitor, ranked by the number of runs naming them. brandDomain is a ' +
    'cited domain matching the name, or an empty string.',
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField, limit: z.number().int().min(1).max(50).default(10).describe('1 to 50; default 10') }),
  output: competitorSuggestionsSchema,
  answers: 'Suggested competitors',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ limit }, { deps, resource }) =>
    cachedReportView(deps, 'competitorSuggestions', resource, { limit }, () => suggestCompetitors(deps, resource, limit)),
});
