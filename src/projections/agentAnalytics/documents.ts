import type { AgentDayCounts, PageDayCounts } from '../../domain/agentLogs/dayCounts.js';
import type { Doc } from '../../ports/documentStore.js';

export const AGENT_ANALYTICS_COLLECTIONS = { connectors: 'connectors', agentDays: 'agentDays', pageDays: 'pageDays' } as const;

/** A report's logs connector, by report id; a report without one has never ingested a log. */
export interface ConnectorDoc extends Doc {
  connected: boolean;
  changedDate: string;
}

/** One report's agents on one day: `_id` is `{reportId}|{day}`. */
export interface AgentDayDoc extends Doc, AgentDayCounts {
  reportId: string;
}

/** One report's page on one day with the agents that visited it: `_id` is `{reportId}|{day}|{path}`. */
export interface PageDayDoc extends Doc, PageDayCounts {
  reportId: string;
}

export const agentDayId = (reportId: string, day: string): string => `${reportId}|${day}`;
export const pageDayId = (reportId: string, day: string, path: string): string => `${reportId}|${day}|${path}`;
