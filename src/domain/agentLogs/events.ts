import type { DomainEvent } from '../shared/decider.js';
import type { AgentVisitRow } from './aggregate.js';
import type { LogFormat } from './records.js';

/**
 * Proposed events of one log ingestion: its rows in batches (`AgentVisitsRecorded`, one per batch of at most a
 * few thousand rows, never one per log line), then one `AgentLogsIngested` that closes it. A retried upload is
 * recognised by `contentSha256` among the report's `AgentLogsIngested` events and records nothing.
 */
export type AgentVisitsRecorded = DomainEvent<
  'AgentVisitsRecorded',
  {
    reportId: string;
    ingestionId: string;
    /** 0-based position of this batch within the ingestion. */
    batch: number;
    rows: AgentVisitRow[];
  }
>;

export type AgentLogsIngested = DomainEvent<
  'AgentLogsIngested',
  {
    reportId: string;
    ingestionId: string;
    /** SHA-256 of the raw content as uploaded (before gunzip), hex. */
    contentSha256: string;
    format: LogFormat;
    lines: number;
    visits: number;
    skipped: number;
    /** How many `AgentVisitsRecorded` events carry this ingestion's rows. */
    batches: number;
    ingestedDate: string;
  }
>;

export type AgentLogsEvent = AgentVisitsRecorded | AgentLogsIngested;
