import type { Collection, Filter } from '../../../ports/documentStore.js';
import { brandReportCollection, reportState, type BrandReportDoc } from '../../../projections/brandReports/reader.js';
import { readableWorkspacesFilter, type Principal } from '../../shared/principal.js';
import type { Services } from '../../shared/services.js';
import { brandReportListItem, type BrandReportListItem } from '../resource.js';
import type { Tag } from '../../tags/resource.js';
import { byTagName } from '../../../domain/tag/names.js';
import { directoryCollection } from '../../shared/directory.js';
import { newestFirstPage, newestFirstWindow, type CursorPaging, type ListRange, type ListWindow, type PageCursor } from '../../shared/paging.js';

export const BRAND_REPORT_LIST = 'brandReports';

const reportsCollection = (services: Services): Promise<Collection<BrandReportDoc>> =>
  brandReportCollection(services.readModels);

/**
 * A report's tags are the tags of its prompts (the domain has no tags of reports themselves), resolved
 * when read, so a renamed, deleted or newly assigned tag shows at once. Sorted by name, then id.
 */
export async function reportTags(services: Services, promptIds: readonly string[]): Promise<Tag[]> {
  if (promptIds.length === 0) return [];
  const prompts = await (await directoryCollection(services, 'prompts')).find({ _id: { $in: [...promptIds] } });
  const tagIds = [...new Set(prompts.flatMap((prompt) => prompt.tagIds))];
  if (tagIds.length === 0) return [];
  const tags = await (await directoryCollection(services, 'tags')).find({ _id: { $in: tagIds } });
  return tags
    .map(({ _id, name, color }) => ({ id: _id, name, color }))
    .sort(byTagName);
}

export interface BrandReportListQuery {
  cursor?: PageCursor | undefined;
  workspaceId?: string | undefined;
  brand?: string | undefined;
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Without `workspaceId` (which the access step has checked) the list spans every workspace the credential can read; `brand` matches case-insensitively. */
function reportListFilter(principal: Principal, query: BrandReportListQuery): Filter {
  const readable = readableWorkspacesFilter(principal, 'workspaceId');
  const scope = query.workspaceId ? { ...readable, workspaceId: query.workspaceId } : readable;
  const brand = query.brand === undefined ? {} : { brand: { $regex: `^${escapeRegex(query.brand)}$`, $options: 'i' } };
  return { ...scope, ...brand };
}

export async function listBrandReports(
  services: Services,
  principal: Principal,
  query: BrandReportListQuery,
): Promise<{ items: BrandReportListItem[]; paging: CursorPaging }> {
  const filter = reportListFilter(principal, query);
  const page = await newestFirstPage(await reportsCollection(services), BRAND_REPORT_LIST, filter, query.cursor);
  return { items: page.documents.map((document) => brandReportListItem(reportState(document))), paging: page.paging };
}

export async function brandReportsWindow(services: Services, principal: Principal, query: BrandReportListQuery, range: ListRange): Promise<ListWindow<BrandReportListItem>> {
  const window = await newestFirstWindow(await reportsCollection(services), reportListFilter(principal, query), range);
  return { items: window.items.map((document) => brandReportListItem(reportState(document))), totalCount: window.totalCount };
}
