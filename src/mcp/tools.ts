import { z } from 'zod';
import {
  createBrandReportOperation,
  deleteBrandReportOperation,
  getBrandReportOperation,
  getBrandReportPromptOperation,
  listAiResponsesOperation,
  listBrandReportsOperation,
  listCitedUrlPromptsOperation,
} from '../app/brandReports/operations.js';
import {
  createContentCheckOperation,
  createCrawlabilityCheckOperation,
  getWorkspaceContentCheckOperation,
  getWorkspaceCrawlabilityCheckOperation,
  listWorkspaceContentChecksOperation,
  listWorkspaceCrawlabilityChecksOperation,
} from '../app/audits/operations.js';
import {
  getBrandReportCitationHistoryOperation,
  getBrandReportCitationStatsOperation,
  getBrandReportStatsOperation,
  listBrandReportCitationsOperation,
  listBrandReportPromptsOperation,
  listBrandReportRecommendationsOperation,
} from '../app/brandReports/analytics/operations.js';
import { getReferralsOperation } from '../app/agentAnalytics/referralOperations.js';
import { addWatchOperation, listAlertsOperation, listWatchesOperation, removeWatchOperation } from '../app/alerts/operations.js';
import { listEnginesOperation } from '../app/engines/operations.js';
import {
  createQueryFanOutOperation,
  getWorkspaceQueryFanOutOperation,
  listWorkspaceQueryFanOutsOperation,
} from '../app/audits/fanOuts/operations.js';
import { createPromptsOperation, deletePromptOperation, listWorkspacePromptsOperation, updatePromptTagsOperation } from '../app/prompts/operations.js';
import type { Operation, OperationContext } from '../app/shared/operation.js';
import { createTagOperation, deleteTagOperation, listTagsOperation } from '../app/tags/operations.js';
import { listWorkspacesOperation } from '../app/workspaces/operations.js';

/** List tools page by number. */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;

/** An MCP tool: an operation under a tool name, its schemas derived from the operation's (never written twice). */
export interface Tool {
  readonly name: string;
  readonly operation: Operation;
  readonly description: string;
  /** Arguments: the operation's input, where a list's own paging is replaced by page and pageSize. */
  readonly input: z.ZodObject;
  /** What `structuredContent` holds; undefined when the answer is not one object shape (it is still sent). */
  readonly output: z.ZodObject | undefined;
  /** Validated arguments in, the answer out. */
  run(args: Record<string, unknown>, context: OperationContext): Promise<unknown>;
}

const pageFields = {
  page: z.number().int().min(1).default(1).describe('Page number, from 1'),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT).describe(`Items per page, 1 to ${PAGE_SIZE_MAX}; default ${PAGE_SIZE_DEFAULT}`),
};

const pagePagingSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int().describe('Items of the whole list'),
  hasMore: z.boolean(),
});

/** The operation's input without the list's own paging, with page and pageSize instead, and its rules applied again. */
function pagedInput(operation: Operation, pagingFields: readonly string[]): z.ZodObject {
  const fields = operation.input.omit(Object.fromEntries(pagingFields.map((field) => [field, true])) as Record<string, true>).extend(pageFields);
  const { check } = operation;
  return check ? fields.superRefine((input, context) => check(input as never, context)) : fields;
}

function describe(operation: Operation, paged: boolean): string {
  const paging = paged ? ` Paged: page (from 1) and pageSize (default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX}); paging.totalCount counts the whole list.` : '';
  return `${operation.summary}.${operation.description ? ` ${operation.description}` : ''}${paging}`;
}

/** A tool answering the operation as it is. */
export function operationTool(name: string, operation: Operation): Tool {
  return {
    name,
    operation,
    description: describe(operation, false),
    input: operation.validator as z.ZodObject,
    // The same shape without its component name: MCP wants the object itself at the root, not a reference to it.
    output: operation.output instanceof z.ZodObject ? z.object(operation.output.shape) : undefined,
    run: (args, context) => operation.runValidated(args, context),
  };
}

/** A list tool: the operation's list read by page number, answering `{items, paging: {page, pageSize, totalCount, hasMore}}`. */
export function listTool(name: string, operation: Operation): Tool {
  const { list } = operation;
  if (!list) throw new Error(`${operation.name} is not a list`);
  return {
    name,
    operation,
    description: describe(operation, true),
    input: pagedInput(operation, list.pagingFields),
    output: z.object({ items: z.array(list.item), paging: pagePagingSchema }),
    async run(args, context) {
      const { page, pageSize, ...input } = args as { page: number; pageSize: number };
      const window = await list.window(input, context, { offset: (page - 1) * pageSize, limit: pageSize });
      return { items: window.items, paging: { page, pageSize, totalCount: window.totalCount, hasMore: (page - 1) * pageSize + window.items.length < window.totalCount } };
    },
  };
}

/** The MCP server's tools: each tool and the operation it binds. Write tools are those whose operation needs write. */
export const TOOLS: readonly Tool[] = [
  listTool('list_workspaces', listWorkspacesOperation),
  listTool('list_workspace_tags', listTagsOperation),
  listTool('list_workspace_prompts', listWorkspacePromptsOperation),
  operationTool('list_engines', listEnginesOperation),
  listTool('list_brand_reports', listBrandReportsOperation),
  operationTool('get_brand_report', getBrandReportOperation),
  operationTool('get_brand_report_prompt', getBrandReportPromptOperation),
  listTool('list_brand_report_prompt_ai_responses', listAiResponsesOperation),
  listTool('list_brand_report_citation_prompts', listCitedUrlPromptsOperation),
  operationTool('get_brand_report_stats', getBrandReportStatsOperation),
  listTool('list_brand_report_prompts', listBrandReportPromptsOperation),
  listTool('list_brand_report_citations', listBrandReportCitationsOperation),
  operationTool('get_brand_report_citation_stats', getBrandReportCitationStatsOperation),
  operationTool('get_brand_report_citation_history', getBrandReportCitationHistoryOperation),
  listTool('list_brand_report_recommendations', listBrandReportRecommendationsOperation),
  operationTool('get_brand_report_referrals', getReferralsOperation),
  listTool('list_crawlability_checks', listWorkspaceCrawlabilityChecksOperation),
  operationTool('get_crawlability_check', getWorkspaceCrawlabilityCheckOperation),
  listTool('list_content_checks', listWorkspaceContentChecksOperation),
  operationTool('get_content_check', getWorkspaceContentCheckOperation),
  listTool('list_query_fan_outs', listWorkspaceQueryFanOutsOperation),
  operationTool('get_query_fan_out', getWorkspaceQueryFanOutOperation),
  operationTool('create_crawlability_check', createCrawlabilityCheckOperation),
  operationTool('create_content_check', createContentCheckOperation),
  operationTool('create_query_fan_out', createQueryFanOutOperation),
  operationTool('create_prompts', createPromptsOperation),
  operationTool('delete_prompt', deletePromptOperation),
  operationTool('update_prompt_tags', updatePromptTagsOperation),
  operationTool('create_tag', createTagOperation),
  operationTool('delete_tag', deleteTagOperation),
  operationTool('create_brand_report', createBrandReportOperation),
  operationTool('delete_brand_report', deleteBrandReportOperation),
  listTool('list_brand_report_alerts', listAlertsOperation),
  operationTool('list_brand_report_watches', listWatchesOperation),
  operationTool('add_brand_report_watch', addWatchOperation),
  operationTool('remove_brand_report_watch', removeWatchOperation),
];
