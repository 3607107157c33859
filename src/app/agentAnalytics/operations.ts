import { z } from 'zod';
import { LOG_FORMATS } from '../../domain/agentLogs/records.js';
import { isDomainName, normalizeDomain } from '../../domain/brandReport/normalizeDomain.js';
import { rangeOverridesSchema } from '../../domain/crawlers/ranges.js';
import { REPORT_ERRORS, reportIdField } from '../brandReports/operations.js';
import { byReport } from '../shared/access.js';
import { defineOperation, type InputCheck } from '../shared/operation.js';
import { checkOffsetPaging } from '../shared/paging.js';
import { changeConnector } from './connector.js';
import { replaceCrawlerRanges } from './crawlerRanges.js';
import { ingestAgentLogs } from './ingest.js';
import { agentLogSourceSchema } from './logSource.js';
import { getStats, listAgents, listPages } from './queries.js';
import { AGENT_ANALYTICS_READ_MODELS, cachedReportView } from '../brandReports/cachedViews.js';
import {
  agentItemSchema,
  agentListFields,
  agentQueryFields,
  agentsAnswerSchema,
  ingestionAnswerSchema,
  pageItemSchema,
  pagesAnswerSchema,
  statsAnswerSchema,
} from './schemas.js';

export const TAG = 'Agent analytics';

export const WINDOW_RULES =
  'The window is startDate to endDate inclusive (YYYY-MM-DD or ISO timestamps, date part used, at most 366 days); ' +
  'endDate defaults to today (UTC) and startDate to 13 days before endDate. Without a logs connector the ' +
  'availability is not_connected and nothing is measured; with one but no visits, zeros are real.';

/** An offset is a multiple of a valid limit only: a limit out of range is its own error, not the offset's too. */
/** A list answer as the window of items it holds (what reading a list page by page needs). */
export const windowOfAnswer = <T>({ items, paging }: { items: T[]; paging: { totalCount: number } }) => ({ items, totalCount: paging.totalCount });

export const checkPaging: InputCheck<{ limit: number; offset: number }> = (input, context) => {
  if (Number.isInteger(input.limit) && input.limit >= 1) checkOffsetPaging(input, context);
};

const FORMAT = 'combined, vhost_combined (host:port first) or json (Cloudflare, Vercel or generic fields)';
const formatField = z.enum(LOG_FORMATS);
const hostField = z
  .string()
  .min(1)
  .max(253)
  .refine((host) => isDomainName(normalizeDomain(host)), { message: 'Expected a host name such as acme.com' })
  .optional()
  .describe("The host combined lines stand for (they log none); default the report's brandDomain");

const INGESTION_RULES =
  'A line that does not parse is skipped, never fatal. A visit is a request of a known AI crawler to one of ' +
  "the report's domains (compared without www. and port). Content already ingested for the report (same SHA-256) " +
  'counts nothing again; an ingestion cut short is finished by ingesting the same content again. The first ' +
  "ingestion activates the report's logs connector.";

export const uploadAgentLogsOperation = defineOperation({
  name: 'uploadBrandReportAgentLogs',
  summary: "Ingest an access log of the report's site",
  description: `${INGESTION_RULES} The body is the log: text/plain or application/x-ndjson, optionally gzip-encoded, at most 50 MB.`,
  tag: TAG,
  access: 'write',
  input: z.object({ reportId: reportIdField, format: formatField.describe(FORMAT), host: hostField, content: agentLogSourceSchema }),
  output: ingestionAnswerSchema,
  answers: 'What the log held',
  errors: { ...REPORT_ERRORS, 413: 'The upload holds more than 50 MB as sent', 415: 'A Content-Encoding other than gzip', 503: 'Both upload slots of this server are busy; retry after the Retry-After seconds' },
  resource: byReport,
  handler: ({ format, host, content }, { deps, resource }) => ingestAgentLogs(deps, resource, { format, host, source: content }),
});

export const ingestAgentLogFileOperation = defineOperation({
  name: 'ingestAgentLogFile',
  summary: "Ingest an access log file (plain or gzip) of a report's site",
  description: INGESTION_RULES,
  tag: TAG,
  access: 'operator',
  input: z.object({
    reportId: reportIdField,
    content: agentLogSourceSchema,
    format: formatField.default('combined').describe(`${FORMAT}; default combined`),
    host: hostField,
  }),
  output: ingestionAnswerSchema,
  resource: byReport,
  handler: ({ format, host, content }, { deps, resource }) => ingestAgentLogs(deps, resource, { format, host, source: content }),
});

export const disconnectAgentLogsOperation = defineOperation({
  name: 'disconnectAgentLogs',
  summary: "Disconnect a report's logs connector; its visits are kept",
  tag: TAG,
  access: 'operator',
  input: z.object({ reportId: reportIdField }),
  output: z.object({ reportId: z.string(), availability: z.literal('not_connected') }),
  resource: byReport,
  handler: async ({ reportId }, { deps }) => {
    await deps.readYourWrites(await changeConnector(deps, reportId, 'DisconnectAgentLogs'));
    return { reportId, availability: 'not_connected' as const };
  },
});

export const replaceCrawlerRangesOperation = defineOperation({
  name: 'replaceCrawlerRanges',
  summary: "Replace named agents' published IP ranges for visits ingested from now on",
  description: "The file is JSON {\"<agent name>\": [\"<IPv4 or IPv6 CIDR>\", ...]}; the other agents keep the shipped snapshot's ranges.",
  tag: TAG,
  access: 'operator',
  input: z.object({ ranges: rangeOverridesSchema.describe('Agent name to its CIDRs') }),
  output: z.object({ agents: z.number().int(), ranges: z.number().int() }),
  handler: async ({ ranges }, { deps }) => {
    const { agents, ranges: replaced } = await replaceCrawlerRanges(deps, ranges);
    return { agents, ranges: replaced };
  },
});

export const listAgentsOperation = defineOperation({
  name: 'listBrandReportAgentAnalyticsAgents',
  summary: "AI agents that visited the report's domains, busiest first",
  description: `${WINDOW_RULES} visits counts every visit; verifiedVisits those from the operator's published IP ranges, spoofedVisits those outside them.`,
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField, ...agentListFields }),
  check: checkPaging,
  output: agentsAnswerSchema,
  answers: 'One page of agents',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, limit, offset, ...query }, { deps, resource }) =>
    cachedReportView(deps, 'agents', resource, { limit, offset, ...query }, () => listAgents(deps, resource, query, { limit, offset }), AGENT_ANALYTICS_READ_MODELS),
  list: {
    pagingFields: ['limit', 'offset'],
    item: agentItemSchema,
    window: async ({ reportId: _reportId, limit: _limit, offset: _offset, ...query }, { deps, resource }, range) =>
      windowOfAnswer(await listAgents(deps, resource, query, range)),
  },
});

export const listPagesOperation = defineOperation({
  name: 'listBrandReportAgentAnalyticsPages',
  summary: "The report's pages by AI-agent visits, busiest first",
  description: `${WINDOW_RULES} agents counts the distinct agents that visited the page.`,
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField, ...agentListFields }),
  check: checkPaging,
  output: pagesAnswerSchema,
  answers: 'One page of pages',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, limit, offset, ...query }, { deps, resource }) =>
    cachedReportView(deps, 'agentPages', resource, { limit, offset, ...query }, () => listPages(deps, resource, query, { limit, offset }), AGENT_ANALYTICS_READ_MODELS),
  list: {
    pagingFields: ['limit', 'offset'],
    item: pageItemSchema,
    window: async ({ reportId: _reportId, limit: _limit, offset: _offset, ...query }, { deps, resource }, range) =>
      windowOfAnswer(await listPages(deps, resource, query, range)),
  },
});

export const getStatsOperation = defineOperation({
  name: 'getBrandReportAgentAnalyticsStats',
  summary: 'AI-agent visit totals, per engine, category and day, and the busiest pages',
  description: `${WINDOW_RULES} Every engine and category is listed, busiest first; daily covers every day of the window.`,
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField, ...agentQueryFields }),
  output: statsAnswerSchema,
  answers: 'The agent analytics figures',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, ...query }, { deps, resource }) =>
    cachedReportView(deps, 'agentStats', resource, query, () => getStats(deps, resource, query), AGENT_ANALYTICS_READ_MODELS),
});
