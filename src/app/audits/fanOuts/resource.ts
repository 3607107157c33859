import { z } from 'zod';
import { reasoningForCount } from '../../../domain/fanOut/countReasoning.js';
import { engineFanOutSchema } from '../../../domain/fanOut/schema.js';
import { engineSchema, type EngineId } from '../../../domain/shared/engines.js';
import { countryCodeSchema } from '../../../domain/shared/countries.js';
import { profileOf } from '../../../engines/index.js';
import type { QueryFanOutDoc } from '../../../projections/audits/reader.js';
import type { AuditResource } from '../auditQueries.js';
import { auditOutcomeFields, outcomeOf } from '../resource.js';

/** A query fan-out as the API answers it. */

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

const engineResultSchema = z.object({
  engine: engineSchema,
  state: fanOutStatusSchema.describe('The run’s status'),
  reasoningForCount: z.string().describe('One sentence on why the engine has this many searches'),
  expandedQueries: z.array(z.string()).describe('The text of the engine’s searches, as in engines[].queries[].query; empty until completed'),
  failureReason: z.string().nullable().describe('Why the run failed; null unless failed'),
});

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
    results: z
      .array(engineResultSchema)
      .describe('The hosted API’s shape of the same run, which its clients read: one entry per engine asked, in the order asked'),
  })
  .meta({ id: 'QueryFanOut' });

/** One engine's part in the hosted API's `results`: the run's state, the searches' text, and why that many. */
function engineResult(document: QueryFanOutDoc, engine: EngineId): z.output<typeof engineResultSchema> {
  const found = document.results?.find((result) => result.engine === engine);
  const result = found && { simulated: found.simulated, count: found.queries.length };
  const { name, fanOut } = profileOf(engine);
  return {
    engine,
    state: document.status,
    reasoningForCount: reasoningForCount({ status: document.status, result }, { name, count: fanOut.style.count }),
    expandedQueries: found?.queries.map(({ query }) => query) ?? [],
    failureReason: document.status === 'failed' ? (document.error ?? 'failed') : null,
  };
}

export const QUERY_FAN_OUTS: AuditResource<QueryFanOutDoc, z.output<typeof queryFanOutListItemSchema>, z.output<typeof queryFanOutSchema>> = {
  label: 'Query fan-out',
  list: 'queryFanOuts',
  collection: 'queryFanOuts',
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
    results: document.engines.map((engine) => engineResult(document, engine)),
  }),
};
