import { agentStats, agentTotals, pageTotals, type AgentFilter, type AgentStats, type AgentTotal, type PageTotal } from '../../domain/agentLogs/analytics.js';
import { reportHosts } from '../../domain/agentLogs/reportHosts.js';
import { resolveWindow, windowIssues, type DayWindow } from '../../domain/agentLogs/window.js';
import { utcDay } from '../../domain/shared/days.js';
import { validationFailed } from '../../domain/shared/zodIssues.js';
import type { AgentDayCounts, PageDayCounts } from '../../domain/agentLogs/dayCounts.js';
import { agentAnalyticsCollection, agentDayCounts, pageDayCounts } from '../../projections/agentAnalytics/reader.js';
import type { BrandReportDoc } from '../../projections/brandReports/reader.js';
import { offsetPaging, windowOf, type ListRange } from '../shared/paging.js';
import type { Services } from '../shared/services.js';
import type { Availability } from './schemas.js';

export interface AgentQuery extends AgentFilter {
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** What every agent analytics read starts from: the report's domains, the resolved window, the connector. */
export interface QueryScope {
  reportId: string;
  domains: string[];
  window: DayWindow;
  connected: boolean;
}

/** The query window (`startDate`, `endDate`), resolved against today (UTC); a window out of bounds is a 400 on the query. */
function queryWindow(services: Services, query: Pick<AgentQuery, 'startDate' | 'endDate'>): DayWindow {
  const requested = { ...(query.startDate ? { startDate: query.startDate } : {}), ...(query.endDate ? { endDate: query.endDate } : {}) };
  const window = resolveWindow(requested, utcDay(services.clock.now()));
  const issues = windowIssues(window, requested);
  if (issues.length > 0) throw validationFailed(issues, 'query');
  return window;
}

export async function queryScope(services: Services, report: BrandReportDoc, query: Pick<AgentQuery, 'startDate' | 'endDate'>): Promise<QueryScope> {
  const reportId = report._id;
  const window = queryWindow(services, query);
  const connectors = await agentAnalyticsCollection(services.readModels, 'connectors');
  const connected = (await connectors.findOne({ _id: reportId }))?.connected === true;
  return { reportId, domains: [...reportHosts(report).domains], window, connected };
}

const inWindow = ({ reportId, window }: QueryScope) => ({ reportId, day: { $gte: window.startDate, $lte: window.endDate } });

async function agentDays(services: Services, scope: QueryScope): Promise<AgentDayCounts[]> {
  return (await (await agentAnalyticsCollection(services.readModels, 'agentDays')).find(inWindow(scope))).map(agentDayCounts);
}

async function pageDays(services: Services, scope: QueryScope): Promise<PageDayCounts[]> {
  return (await (await agentAnalyticsCollection(services.readModels, 'pageDays')).find(inWindow(scope))).map(pageDayCounts);
}

const availabilityOf = (connected: boolean, visits: number): Availability =>
  !connected ? 'not_connected' : visits > 0 ? 'connected_with_data' : 'connected_no_data';

/** The availability (no connector, no visits, or visits) and the resolved window of an answer counting `visits`. */
export const answerWindow = (scope: QueryScope, visits: number) => ({ availability: availabilityOf(scope.connected, visits), ...scope.window });

/** The agents list: busiest first; with no connector, nothing is measured and the list is empty. */
export async function listAgents(services: Services, report: BrandReportDoc, query: AgentQuery, range: ListRange) {
  const scope = await queryScope(services, report, query);
  const agents: AgentTotal[] = scope.connected ? agentTotals(await agentDays(services, scope), query) : [];
  const page = windowOf(agents, range);
  const visits = agents.reduce((total, agent) => total + agent.visits, 0);
  return {
    ...answerWindow(scope, visits),
    domains: scope.domains,
    items: page.items,
    paging: { ...offsetPaging(page, range), totalCount: page.totalCount },
  };
}

/** The pages list: the report's pages by AI-agent visits, busiest first. */
export async function listPages(services: Services, report: BrandReportDoc, query: AgentQuery, range: ListRange) {
  const scope = await queryScope(services, report, query);
  const pages: PageTotal[] = scope.connected ? pageTotals(await pageDays(services, scope), query) : [];
  const page = windowOf(pages, range);
  const visits = pages.reduce((total, { visits: pageVisits }) => total + pageVisits, 0);
  return { ...answerWindow(scope, visits), items: page.items, paging: { ...offsetPaging(page, range), totalCount: page.totalCount } };
}

const NOT_MEASURED: { [Figure in keyof AgentStats]: null } = {
  totalAgentVisits: null,
  pagesVisited: null,
  topEngine: null,
  engines: null,
  daily: null,
  categories: null,
  topPages: null,
};

/** `/stats`: every metric null without a connector; real zeros (and a null `topEngine`) without visits. */
export async function getStats(services: Services, report: BrandReportDoc, query: AgentQuery) {
  const scope = await queryScope(services, report, query);
  if (!scope.connected) return { ...answerWindow(scope, 0), domains: scope.domains, ...NOT_MEASURED };
  const [days, pages] = await Promise.all([agentDays(services, scope), pageDays(services, scope)]);
  const stats = agentStats(scope.window, days, pages, query);
  return { ...answerWindow(scope, stats.totalAgentVisits), domains: scope.domains, ...stats };
}
