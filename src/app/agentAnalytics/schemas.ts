import { z } from 'zod';
import { AGENT_CATEGORIES, AGENT_ENGINES } from '../../domain/crawlers/catalog.js';
import { offsetPagingFields } from '../shared/paging.js';
import { dateParameterSchema } from '../shared/window.js';

export const AVAILABILITIES = ['not_connected', 'connected_no_data', 'connected_with_data'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const availabilitySchema = z
  .enum(AVAILABILITIES)
  .describe('not_connected: no logs connector, metrics null; connected_no_data: zeros are real; connected_with_data')
  .meta({ id: 'AgentAnalyticsAvailability' });

const engineSchema = z.enum(AGENT_ENGINES);
const categorySchema = z.enum(AGENT_CATEGORIES).describe('What the agent does: user_fetch, search_index, training, agent, other');
const count = z.number().int().min(0);

export const windowAnswer = {
  availability: availabilitySchema,
  startDate: z.string().describe('Resolved window start (inclusive), YYYY-MM-DD'),
  endDate: z.string().describe('Resolved window end (inclusive), YYYY-MM-DD'),
};
export const domainsField = z.array(z.string()).describe("The report's main domain and domain variations, normalized");

/** The filters and window every agent analytics read takes. */
export const agentQueryFields = {
  startDate: dateParameterSchema.optional().describe('Window start (inclusive); default 13 days before endDate'),
  endDate: dateParameterSchema.optional().describe('Window end (inclusive); default today (UTC)'),
  engine: engineSchema.optional().describe('Only agents of this engine; other matches every AI crawler outside the named engines'),
  agent: z.string().max(200).optional().describe("Only agents whose name contains this text (case-insensitive, literal: % and _ are not wildcards)"),
};

export const agentListFields = { ...agentQueryFields, ...offsetPagingFields };

export const agentPagingSchema = z
  .object({ limit: z.number().int(), offset: z.number().int(), hasMore: z.boolean(), totalCount: z.number().int() })
  .meta({ id: 'CountedOffsetPaging' });

export const agentItemSchema = z
  .object({
    agent: z.string().describe('The agent as its operator names it (GPTBot, ChatGPT-User, ...)'),
    engine: engineSchema,
    category: categorySchema,
    visits: count.describe('Every visit, verified or not'),
    verifiedVisits: count.describe("Visits from the operator's published IP ranges"),
    spoofedVisits: count.describe("Visits claiming the agent from outside the operator's published ranges"),
  })
  .meta({ id: 'AgentAnalyticsAgent' });

export const agentsAnswerSchema = z
  .object({ ...windowAnswer, domains: domainsField, items: z.array(agentItemSchema), paging: agentPagingSchema })
  .meta({ id: 'AgentAnalyticsResponse' });

export const pageItemSchema = z
  .object({ path: z.string(), visits: count, agents: count.describe('Distinct agents that visited the page') })
  .meta({ id: 'AgentAnalyticsPage' });

export const pagesAnswerSchema = z
  .object({ ...windowAnswer, items: z.array(pageItemSchema), paging: agentPagingSchema })
  .meta({ id: 'AgentAnalyticsPages' });

export const statsAnswerSchema = z
  .object({
    ...windowAnswer,
    domains: domainsField,
    totalAgentVisits: count.nullable(),
    pagesVisited: count.nullable().describe('Distinct paths visited'),
    topEngine: engineSchema.nullable().describe('The engine with most visits; null without visits'),
    engines: z.array(z.object({ engine: engineSchema, visits: count })).nullable(),
    daily: z.array(z.object({ date: z.string(), visits: count })).nullable().describe('Every day of the window'),
    categories: z.array(z.object({ category: categorySchema, visits: count })).nullable(),
    topPages: z.array(z.object({ path: z.string(), visits: count })).nullable().describe('The 20 most visited pages'),
  })
  .meta({ id: 'AgentAnalyticsStats' });

export const ingestionAnswerSchema = z
  .object({
    lines: count,
    visits: count.describe('Lines that are visits of AI agents to the report\u2019s domains'),
    skipped: count.describe('Lines that did not parse'),
    alreadyIngested: z.boolean().describe('The same content was ingested before; nothing was counted again'),
  })
  .meta({ id: 'AgentLogIngestion' });
