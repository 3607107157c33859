import type { DomainEvent } from '../shared/decider.js';
import type { AgentVisitRow } from './aggregate.js';
import type { LogFormat } from './records.js';
import type { ReferralVisitRow, SessionSpan } from './referralAggregate.js';

/**
 * One stream per content ingested into a report, named by the content's SHA-256: a second ingestion of the
 * same content finds the first one's stream, so it counts nothing twice, and an ingestion cut short finds
 * the batches it already recorded.
 */
export const agentLogIngestionStream = (reportId: string, contentSha256: string): string =>
  `agentLogIngestion-${reportId}-${contentSha256}`;

/** The report's logs connector: whether agent analytics measures anything for it. */
export const agentLogConnectorStream = (reportId: string): string => `agentLogConnector-${reportId}`;

/**
 * Everything that decides which lines of a log are visits and how they are batched. Recorded when an
 * ingestion starts, so that one interrupted midway is finished with exactly the batches it began with, even
 * when the report's domains or the crawler ranges have changed since.
 */
export interface IngestionSettings {
  format: LogFormat;
  /** Stands for the host of lines that name none (`combined`). */
  defaultHost: string;
  /** The report's domains, normalized. */
  domains: string[];
  /** Set when the report's subdomains count too. */
  wildcardRoot: string | null;
  /** Revision of the crawler ranges stream the visits were verified against; null: the shipped snapshot. */
  rangesRevision: number | null;
  /** Rows per `AgentVisitsRecorded` event (rows and sessions per `AiReferralsRecorded` event). */
  batchSize: number;
  /**
   * Set when the ingestion records referral visits too. Absent from ingestions begun before referrals were
   * counted: one of them cut short is finished as it began, with crawler visits only.
   */
  referrals?: true;
}

/** What `logs ingest` answers about one content. */
export interface IngestionCounts {
  lines: number;
  visits: number;
  /** Lines that did not parse. */
  skipped: number;
}

export type AgentLogIngestionStarted = DomainEvent<
  'AgentLogIngestionStarted',
  { reportId: string; contentSha256: string; settings: IngestionSettings; startedDate: string }
>;

/** One batch of an ingestion's rows (never one event per log line); batch k is the stream's revision k + 1. */
export type AgentVisitsRecorded = DomainEvent<
  'AgentVisitsRecorded',
  { reportId: string; contentSha256: string; batch: number; rows: AgentVisitRow[] }
>;

/**
 * One batch of an ingestion's referral visits: rows per day, engine and page, and the sessions the upload
 * holds. These batches follow the crawler rows' batches, in the same numbering.
 */
export type AiReferralsRecorded = DomainEvent<
  'AiReferralsRecorded',
  { reportId: string; contentSha256: string; batch: number; rows: ReferralVisitRow[]; sessions: SessionSpan[] }
>;

/** Closes an ingestion: every batch is recorded. */
export type AgentLogsIngested = DomainEvent<
  'AgentLogsIngested',
  IngestionCounts & {
    reportId: string;
    contentSha256: string;
    format: LogFormat;
    /** Referral visits recorded; absent from ingestions recorded before referrals were counted. */
    referralVisits?: number;
    batches: number;
    ingestedDate: string;
  }
>;

export type AgentLogIngestionEvent = AgentLogIngestionStarted | AgentVisitsRecorded | AiReferralsRecorded | AgentLogsIngested;

export type AgentLogsConnected = DomainEvent<'AgentLogsConnected', { reportId: string; connectedDate: string }>;

/** The report's visits are kept; they count again once a connector is active anew. */
export type AgentLogsDisconnected = DomainEvent<'AgentLogsDisconnected', { reportId: string; disconnectedDate: string }>;

export type AgentLogConnectorEvent = AgentLogsConnected | AgentLogsDisconnected;

export type AgentLogsEvent = AgentLogIngestionEvent | AgentLogConnectorEvent;

export type IngestionState =
  | { status: 'absent' }
  | { status: 'started'; settings: IngestionSettings; batchesRecorded: number }
  | { status: 'complete'; counts: IngestionCounts };

export const initialIngestionState = (): IngestionState => ({ status: 'absent' });

export function evolveIngestion(state: IngestionState, event: AgentLogIngestionEvent): IngestionState {
  switch (event.type) {
    case 'AgentLogIngestionStarted':
      return { status: 'started', settings: event.data.settings, batchesRecorded: 0 };
    case 'AgentVisitsRecorded':
    case 'AiReferralsRecorded':
      return state.status === 'started' ? { ...state, batchesRecorded: state.batchesRecorded + 1 } : state;
    case 'AgentLogsIngested': {
      const { lines, visits, skipped } = event.data;
      return { status: 'complete', counts: { lines, visits, skipped } };
    }
    default: {
      const _unknown: never = event;
      return state;
    }
  }
}

export interface ConnectorState {
  connected: boolean;
}

export const initialConnectorState = (): ConnectorState => ({ connected: false });

export const evolveConnector = (_state: ConnectorState, event: AgentLogConnectorEvent): ConnectorState => ({
  connected: event.type === 'AgentLogsConnected',
});
