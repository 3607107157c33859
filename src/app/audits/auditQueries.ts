import { NotFoundError } from '../../domain/shared/errors.js';
import type { Collection, Filter } from '../../ports/documentStore.js';
import { auditCollection, type AuditCollectionName, type AuditDoc, type CrawlabilityCheckDoc } from '../../projections/audits/reader.js';
import { newestFirstPage, newestFirstWindow, type CursorPaging, type ListRange, type ListWindow, type PageCursor } from '../shared/paging.js';
import { assertCanReadWorkspace, readableWorkspacesFilter, type Principal } from '../shared/principal.js';
import type { Services } from '../shared/services.js';

/** One kind of GEO audit as the API reads it: its read model and how a document becomes a list item and a detail. */
export interface AuditResource<Doc extends AuditDoc, Item, Detail> {
  /** Names the kind in messages: "Crawlability check". */
  label: string;
  /** The cursor list name: a cursor of one list is refused by another. */
  list: string;
  collection: AuditCollectionName;
  listItem(document: Doc): Item;
  detail(document: Doc): Detail;
}

export interface AuditListQuery {
  workspaceId?: string | undefined;
  cursor?: PageCursor | undefined;
}

const collectionOf = <Doc extends AuditDoc>(services: Services, resource: AuditResource<Doc, unknown, unknown>): Promise<Collection<Doc>> =>
  auditCollection<Doc>(services.readModels, resource.collection);

/** Without `workspaceId` the list spans every workspace the caller can read; with it, that workspace (checked by the access step). */
function listFilter(principal: Principal, workspaceId: string | undefined): Filter {
  const readable = readableWorkspacesFilter(principal, 'workspaceId');
  return workspaceId === undefined ? readable : { ...readable, workspaceId };
}

/** One cursor page, newest first, pages of 25. */
export async function listAudits<Doc extends AuditDoc, Item>(
  services: Services,
  principal: Principal,
  resource: AuditResource<Doc, Item, unknown>,
  query: AuditListQuery,
): Promise<{ items: Item[]; paging: CursorPaging }> {
  const filter = listFilter(principal, query.workspaceId);
  const page = await newestFirstPage(await collectionOf(services, resource), resource.list, filter, query.cursor);
  return { items: page.documents.map((document) => resource.listItem(document)), paging: page.paging };
}

/** The same order read at an offset, for bindings that page by number (MCP). */
export async function auditsWindow<Doc extends AuditDoc, Item>(
  services: Services,
  principal: Principal,
  resource: AuditResource<Doc, Item, unknown>,
  workspaceId: string | undefined,
  range: ListRange,
): Promise<ListWindow<Item>> {
  const window = await newestFirstWindow(await collectionOf(services, resource), listFilter(principal, workspaceId), range);
  return { items: window.items.map((document) => resource.listItem(document)), totalCount: window.totalCount };
}

/**
 * One audit: 404 when it does not exist, or is not in `workspaceId` when one is named (MCP's get tools name
 * it; the access step has checked that workspace); 403 when its workspace is not the caller's to read. The
 * audit's own workspace is checked here: an audit id is not a kind the access step resolves.
 */
export async function getAudit<Doc extends AuditDoc, Detail>(
  services: Services,
  principal: Principal,
  resource: AuditResource<Doc, unknown, Detail>,
  id: string,
  workspaceId: string | undefined,
): Promise<Detail> {
  const document = await (await collectionOf(services, resource)).findOne({ _id: id });
  if (!document || (workspaceId !== undefined && document.workspaceId !== workspaceId)) {
    throw new NotFoundError(`${resource.label} ${id} not found${workspaceId === undefined ? '' : ` in workspace ${workspaceId}`}`);
  }
  assertCanReadWorkspace(principal, document, `${resource.label.toLowerCase()} ${id}`);
  return resource.detail(document);
}

/**
 * The newest completed crawlability check of each of `domains` in a workspace: what the crawler_access
 * recommendation rests on. A domain never checked has none.
 */
export async function newestCrawlabilityChecks(services: Services, workspaceId: string, domains: readonly string[]): Promise<CrawlabilityCheckDoc[]> {
  const checks = await auditCollection<CrawlabilityCheckDoc>(services.readModels, 'crawlabilityChecks');
  const newest = new Map<string, CrawlabilityCheckDoc>();
  const completed = await checks.find({ workspaceId, status: 'completed', domain: { $in: [...domains] } }, { sort: { completedDate: -1, _id: -1 } });
  for (const check of completed) if (!newest.has(check.domain)) newest.set(check.domain, check);
  return [...newest.values()];
}
