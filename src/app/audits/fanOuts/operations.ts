import { z } from 'zod';
import { fanOutInputSchema } from '../../../domain/fanOut/schema.js';
import type { QueryFanOutDoc } from '../../../projections/audits/reader.js';
import { getAuditOperation, listAuditsOperation, type AuditReads } from '../auditOperations.js';
import { auditWorkspaceIdField, CREATE_AUDIT_ERRORS } from '../operations.js';
import { byWorkspace } from '../../shared/access.js';
import { defineOperation } from '../../shared/operation.js';
import { createQueryFanOut } from './fanOuts.js';
import { QUERY_FAN_OUTS, queryFanOutCreatedSchema, queryFanOutListItemSchema, queryFanOutSchema } from './resource.js';

export const QUERY_FAN_OUTS_TAG = 'Query fan-outs';

const FAN_OUT_READS: AuditReads<QueryFanOutDoc> = {
  resource: QUERY_FAN_OUTS,
  tag: QUERY_FAN_OUTS_TAG,
  names: { list: 'listQueryFanOuts', get: 'getQueryFanOut' },
  plural: 'query fan-outs',
  idField: 'fanOutId',
  item: queryFanOutListItemSchema,
  detail: queryFanOutSchema,
  detailDescription:
    'The run with, once completed, the searches each engine runs behind the query: each with its type (reformulation, ' +
    'related, implicit, comparative, entity_expansion, recency), the user intent and the reasoning. Poll until the status ' +
    'is completed or failed (a failed run has an error).',
};

export const listQueryFanOutsOperation = listAuditsOperation(FAN_OUT_READS, 'optional');
export const getQueryFanOutOperation = getAuditOperation(FAN_OUT_READS, 'optional');
/** MCP's forms (there `workspaceId` is required). */
export const listWorkspaceQueryFanOutsOperation = listAuditsOperation(FAN_OUT_READS, 'required');
export const getWorkspaceQueryFanOutOperation = getAuditOperation(FAN_OUT_READS, 'required');

const { question, country, engines } = fanOutInputSchema.shape;

export const createQueryFanOutOperation = defineOperation({
  name: 'createQueryFanOut',
  summary: 'Expand a query into the searches AI engines run behind it',
  description:
    'Creates a pending run that a background worker starts (running) and finishes (completed or failed). Engines with an API ' +
    'key report the searches they actually ran; the others are simulated by a deterministic generator and marked simulated. ' +
    'Counts once toward geoAuditUsedCount.',
  tag: QUERY_FAN_OUTS_TAG,
  access: 'write',
  input: z.object({
    workspaceId: auditWorkspaceIdField,
    query: question.describe('The question, 1 to 500 characters'),
    country: country.describe('Lowercase ISO 3166-1 alpha-2, uk for the United Kingdom; default us'),
    engines: engines.describe('Engines to expand the query on; default chatgpt, google_ai_mode and gemini'),
  }),
  output: queryFanOutCreatedSchema,
  answers: 'The pending run',
  errors: CREATE_AUDIT_ERRORS,
  resource: byWorkspace,
  handler: (input, { deps, resource }) => createQueryFanOut(deps, resource, input),
});
