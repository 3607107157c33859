/**
 * Agent analytics: access log lines read into records, classified into AI agent
 * visits for one report, folded into rows per day, agent and page, recorded as ingestions, and summed into
 * the figures of the agent analytics endpoints.
 */
export { aggregateVisits, batchRows, createVisitAggregator, type AgentVisitRow, type VisitAggregator } from './aggregate.js';
export { agentMatcher, agentStats, agentTotals, pageTotals, TOP_PAGES, type AgentFilter, type AgentStats, type AgentTotal, type PageTotal } from './analytics.js';
export { parseApacheTime } from './apacheTime.js';
export {
  createVisitClassifier,
  pagePath,
  type AgentVisit,
  type Classification,
  type ClassificationContext,
  type NotAVisitReason,
} from './classify.js';
export { parseCombinedLine, parseVhostCombinedLine } from './combined.js';
export {
  addRowsToAgentDays,
  addRowsToPageDays,
  describeAgent,
  pageDayKey,
  type AgentCount,
  type AgentDayCounts,
  type PageAgentCount,
  type PageDayCounts,
} from './dayCounts.js';
export {
  connectorDecider,
  ingestionDecider,
  sameSettings,
  settingsToResume,
  type ConnectAgentLogs,
  type ConnectorCommand,
  type DisconnectAgentLogs,
  type RecordLogIngestion,
} from './decide.js';
export {
  agentLogConnectorStream,
  agentLogIngestionStream,
  type AgentLogConnectorEvent,
  type AgentLogIngestionEvent,
  type AgentLogIngestionStarted,
  type AgentLogsConnected,
  type AgentLogsDisconnected,
  type AgentLogsEvent,
  type AgentLogsIngested,
  type AgentVisitsRecorded,
  type ConnectorState,
  type IngestionCounts,
  type IngestionSettings,
  type IngestionState,
} from './events.js';
export { classificationContext, createLogIngestion, type LogIngestion, type LogIngestionResult } from './ingestion.js';
export { parseJsonLine } from './json.js';
export { lineParser } from './parsers.js';
export { LOG_FORMATS, type LineParser, type LogFormat, type LogRecord } from './records.js';
export { isReportHost, reportHosts, type ReportHosts } from './reportHosts.js';
export { DEFAULT_WINDOW_DAYS, MAX_WINDOW_DAYS, resolveWindow, windowIssues, type DayWindow } from './window.js';
