import { describeAgent, type AgentDayCounts, type PageDayCounts } from '../../domain/agentLogs/dayCounts.js';
import type { Doc } from '../../ports/documentStore.js';

export const AGENT_ANALYTICS_COLLECTIONS = { connectors: 'connectors', agentDays: 'agentDays', pageDays: 'pageDays' } as const;

/** A report's logs connector, by report id; a report without one has never ingested a log. */
export interface ConnectorDoc extends Doc {
  connected: boolean;
  changedDate: string;
}

/**
 * `[agent, visits, verifiedVisits, spoofedVisits]`. Day documents are compact because a request reads one per
 * day of its window (up to 366); engine and category come from the catalog when they are read.
 */
export type AgentCountTuple = [agent: string, visits: number, verifiedVisits: number, spoofedVisits: number];

/** One report's agents on one day: `_id` is `{reportId}|{day}`. */
export interface AgentDayDoc extends Doc {
  reportId: string;
  day: string;
  agents: AgentCountTuple[];
}

/** `[agent, visits]` of one page on one day. */
export type PageAgentTuple = [agent: string, visits: number];

/** One report's page on one day with the agents that visited it: `_id` is `{reportId}|{day}|{path}`. */
export interface PageDayDoc extends Doc {
  reportId: string;
  day: string;
  path: string;
  agents: PageAgentTuple[];
}

export const agentDayId = (reportId: string, day: string): string => `${reportId}|${day}`;
export const pageDayId = (reportId: string, day: string, path: string): string => `${reportId}|${day}|${path}`;

export const agentDayDocument = (reportId: string, { day, agents }: AgentDayCounts): AgentDayDoc => ({
  _id: agentDayId(reportId, day),
  reportId,
  day,
  agents: agents.map(({ agent, visits, verifiedVisits, spoofedVisits }) => [agent, visits, verifiedVisits, spoofedVisits]),
});

export const agentDayCounts = ({ day, agents }: AgentDayDoc): AgentDayCounts => ({
  day,
  agents: agents.map(([agent, visits, verifiedVisits, spoofedVisits]) => ({ agent, ...describeAgent(agent), visits, verifiedVisits, spoofedVisits })),
});

export const pageDayDocument = (reportId: string, { day, path, agents }: PageDayCounts): PageDayDoc => ({
  _id: pageDayId(reportId, day, path),
  reportId,
  day,
  path,
  agents: agents.map(({ agent, visits }) => [agent, visits]),
});

export const pageDayCounts = ({ day, path, agents }: PageDayDoc): PageDayCounts => ({
  day,
  path,
  agents: agents.map(([agent, visits]) => ({ agent, engine: describeAgent(agent).engine, visits })),
});
