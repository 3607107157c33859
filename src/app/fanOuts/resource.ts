import { z } from 'zod';
import { engineFanOutSchema } from '../../domain/fanOut/schema.js';
import { countryCodeSchema } from '../../domain/shared/countries.js';
import { AUDIT_COLLECTIONS, type QueryFanOutDoc } from '../../projections/audits/documents.js';
import type { AuditResource } from '../audits/auditQueries.js';
import { auditOutcomeFields, outcomeOf } from '../audits/resource.js';

/** contract.md section 11. */

export const fanOutStatusSchema = z
  .enum(['pending', 'running', 'completed', 'failed'])
  .describe('pending until a worker starts it, running, then completed or failed (with error)');

const timestamp = z.iso.datetime();

export const queryFanOutCreatedSchema = z
  .object({ id: z.string(), workspaceId: z.string(), query: z.string(), status: z.literal('pending'), createdDate: timestamp })
  .meta({ id: 'QueryFanOutCreated' });
export type QueryFanOutCreated = z.output<typeof queryFanOutCreatedSchema>;

export const queryFanOutListItemSchema = z
  .object({ id: z.string(), workspaceId: z.string(), query: z.string(), country: countryCodeSchema, status: fanOutStatusSchema, createdDate: timestamp })
  .meta({ id: 'QueryFanOutListItem' });

export const queryFanOutSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    query: z.string(),
    country: countryCodeSchema,
    status: fanOutStatusSchema,
    createdDate: timestamp,
    ...auditOutcomeFields,
    engines: z
      .array(engineFanOutSchema)
      .describe('Per engine, the searches behind the question (empty until completed); simulated: generated, not asked of the engine'),
  })
  .meta({ id: 'QueryFanOut' });

export const QUERY_FAN_OUTS: AuditResource<QueryFanOutDoc, z.output<typeof queryFanOutListItemSchema>, z.output<typeof queryFanOutSchema>> = {
  label: 'Query fan-out',
  list: 'queryFanOuts',
  collection: AUDIT_COLLECTIONS.queryFanOuts,
  listItem: ({ _id, workspaceId, query, country, status, createdDate }) => ({ id: _id, workspaceId, query, country, status, createdDate }),
  detail: (document) => ({
    id: document._id,
    workspaceId: document.workspaceId,
    query: document.query,
    country: document.country,
    status: document.status,
    createdDate: document.createdDate,
    ...outcomeOf(document),
    engines: document.results ?? [],
  }),
};
