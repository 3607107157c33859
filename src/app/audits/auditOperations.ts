import { z } from 'zod';
import type { AuditDoc } from '../../projections/audits/reader.js';
import { byWorkspaceIfNamed } from '../shared/access.js';
import { defineOperation, type Operation } from '../shared/operation.js';
import { cursorPagingSchema, cursorParameterSchema, type PageCursor } from '../shared/paging.js';
import { auditsWindow, getAudit, listAudits, type AuditResource } from './auditQueries.js';

/**
 * The read operations every kind of GEO audit has: a cursor list and a detail. Each comes in two forms: the
 * REST one, where `workspaceId` is optional, and the one MCP's tools bind, where the MCP tools
 * requires it.
 */
export interface AuditReads<Doc extends AuditDoc> {
  resource: AuditResource<Doc, unknown, unknown>;
  tag: string;
  /** Operation names: `{list: 'listCrawlabilityChecks', get: 'getCrawlabilityCheck'}`. */
  names: { list: string; get: string };
  /** Plural noun of the docs: "crawlability checks". */
  plural: string;
  idField: string;
  item: z.ZodType;
  detail: z.ZodType;
  /** What the detail holds, for its description. */
  detailDescription: string;
}

type WorkspaceScoping = 'optional' | 'required';

const workspaceField = (scoping: WorkspaceScoping) =>
  scoping === 'required'
    ? z.string().min(1).describe('Workspace id')
    : z.string().min(1).optional().describe('Only this workspace; without it, every workspace the credential can read');

const AUDIT_ERRORS = { 403: 'The audit or workspaceId is in a workspace the credential cannot read', 404: 'No such audit, or not in workspaceId' } as const;

export function listAuditsOperation<Doc extends AuditDoc>(reads: AuditReads<Doc>, scoping: WorkspaceScoping): Operation {
  const { resource } = reads;
  return defineOperation({
    name: scoping === 'required' ? `${reads.names.list}InWorkspace` : reads.names.list,
    summary: `List ${reads.plural}`,
    description: 'Pages of 25, newest first (createdDate, then id). The cursor stays valid when audits are added meanwhile.',
    tag: reads.tag,
    access: 'read',
    input: z.object({ workspaceId: workspaceField(scoping), cursor: cursorParameterSchema(resource.list).optional() }),
    output: z.object({ items: z.array(reads.item), paging: cursorPagingSchema }),
    answers: `One page of ${reads.plural}`,
    errors: { 403: 'workspaceId names a workspace the credential cannot read', 404: 'workspaceId names no workspace' },
    resource: byWorkspaceIfNamed,
    handler: (input: { workspaceId?: string | undefined; cursor?: PageCursor | undefined }, { principal, deps }) =>
      listAudits(deps, principal, resource, input),
    list: {
      pagingFields: ['cursor'],
      item: reads.item,
      window: ({ workspaceId }, { principal, deps }, range) => auditsWindow(deps, principal, resource, workspaceId, range),
    },
  });
}

export function getAuditOperation<Doc extends AuditDoc>(reads: AuditReads<Doc>, scoping: WorkspaceScoping): Operation {
  const { resource } = reads;
  const workspaceId = workspaceField(scoping).describe('The workspace the audit is in: an audit of another workspace is not found');
  return defineOperation({
    name: scoping === 'required' ? `${reads.names.get}InWorkspace` : reads.names.get,
    summary: `Get a ${resource.label.toLowerCase()}`,
    description: reads.detailDescription,
    tag: reads.tag,
    access: 'read',
    input: z.object({ [reads.idField]: z.string().min(1).describe(`${resource.label} id`), workspaceId }),
    output: reads.detail,
    answers: `The ${resource.label.toLowerCase()}`,
    errors: AUDIT_ERRORS,
    resource: byWorkspaceIfNamed,
    handler: (input: Record<string, string | undefined>, { principal, deps }) =>
      getAudit(deps, principal, resource, input[reads.idField] as string, input.workspaceId),
  });
}
