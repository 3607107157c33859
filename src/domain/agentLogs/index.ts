/**
 * Agent analytics (contract sections 4 and 10): access log lines read into records, classified into AI agent
 * visits for one report, folded into rows per day, agent and page.
 */
export { aggregateVisits, batchRows, createVisitAggregator, type AgentVisitRow, type VisitAggregator } from './aggregate.js';
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
export type { AgentLogsEvent, AgentLogsIngested, AgentVisitsRecorded } from './events.js';
export { createLogIngestion, type LogIngestion, type LogIngestionResult } from './ingestion.js';
export { parseJsonLine } from './json.js';
export { lineParser } from './parsers.js';
export { LOG_FORMATS, type LineParser, type LogFormat, type LogRecord } from './records.js';
export { isReportHost, reportHosts, type ReportHosts } from './reportHosts.js';
