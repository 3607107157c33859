import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { batchRows } from './aggregate.js';
import {
  evolveConnector,
  evolveIngestion,
  initialConnectorState,
  initialIngestionState,
  type AgentLogConnectorEvent,
  type AgentLogIngestionEvent,
  type ConnectorState,
  type IngestionSettings,
  type IngestionState,
} from './events.js';
import type { LogIngestionResult } from './ingestion.js';

/**
 * Record a log's visits for a report. `classified` must have been read under `settings`; when an earlier
 * ingestion of the same content was cut short, under that ingestion's settings (`settingsToResume`).
 */
export type RecordLogIngestion = DomainCommand<
  'RecordLogIngestion',
  { reportId: string; contentSha256: string; settings: IngestionSettings; classified: LogIngestionResult; now: string }
>;

const sortedDomains = (settings: IngestionSettings): string[] => [...settings.domains].sort();

export function sameSettings(left: IngestionSettings, right: IngestionSettings): boolean {
  return (
    left.format === right.format &&
    left.defaultHost === right.defaultHost &&
    left.wildcardRoot === right.wildcardRoot &&
    left.rangesRevision === right.rangesRevision &&
    left.batchSize === right.batchSize &&
    (left.referrals === true) === (right.referrals === true) &&
    sortedDomains(left).join(' ') === sortedDomains(right).join(' ')
  );
}

/** The settings a new ingestion must be read under: those of the one cut short, if any, else `current`. */
export const settingsToResume = (state: IngestionState, current: IngestionSettings): IngestionSettings =>
  state.status === 'started' ? state.settings : current;

/**
 * An ingestion's batches in their stable order: the crawler rows, then the referral rows and sessions (those
 * only when the settings count referrals), each event at most `batchSize` items.
 */
function ingestionBatches(command: RecordLogIngestion): AgentLogIngestionEvent[] {
  const { reportId, contentSha256, settings, classified } = command.data;
  const crawlerBatches = batchRows(classified.rows, settings.batchSize).map((rows) => ({ rows }));
  const referrals = settings.referrals === true ? classified.referrals : { rows: [], sessions: [] };
  const referralItems = [...referrals.rows.map((row) => ({ row })), ...referrals.sessions.map((span) => ({ span }))];
  const referralBatches = batchRows(referralItems, settings.batchSize).map((items) => ({
    rows: items.flatMap((item) => ('row' in item ? [item.row] : [])),
    sessions: items.flatMap((item) => ('span' in item ? [item.span] : [])),
  }));
  return [
    ...crawlerBatches.map(({ rows }, batch): AgentLogIngestionEvent => ({ type: 'AgentVisitsRecorded', data: { reportId, contentSha256, batch, rows } })),
    ...referralBatches.map(({ rows, sessions }, index): AgentLogIngestionEvent => ({
      type: 'AiReferralsRecorded',
      data: { reportId, contentSha256, batch: crawlerBatches.length + index, rows, sessions },
    })),
  ];
}

/**
 * The events still missing from the ingestion's stream: all of them for new content, the batches not yet
 * recorded (then the closing event) for an ingestion cut short, nothing for content already ingested. Rows
 * are batched in their stable order, so the same content under the same settings gives the same batches.
 */
function decideRecording(command: RecordLogIngestion, state: IngestionState): AgentLogIngestionEvent[] {
  const { reportId, contentSha256, settings, classified, now } = command.data;
  if (state.status === 'complete') return [];
  if (state.status === 'started' && !sameSettings(state.settings, settings)) {
    throw new Error(`The log of ingestion ${contentSha256} must be read under the settings it started with`);
  }
  const batches = ingestionBatches(command);
  const started: AgentLogIngestionEvent[] =
    state.status === 'absent' ? [{ type: 'AgentLogIngestionStarted', data: { reportId, contentSha256, settings, startedDate: now } }] : [];
  const firstMissing = state.status === 'started' ? state.batchesRecorded : 0;
  const { lines, visits, skipped } = classified;
  const referralVisits = settings.referrals === true ? classified.referrals.visits : 0;
  return [
    ...started,
    ...batches.slice(firstMissing),
    {
      type: 'AgentLogsIngested',
      data: { reportId, contentSha256, format: settings.format, lines, visits, referralVisits, skipped, batches: batches.length, ingestedDate: now },
    },
  ];
}

export const ingestionDecider: Decider<IngestionState, RecordLogIngestion, AgentLogIngestionEvent> = {
  initialState: initialIngestionState,
  evolve: evolveIngestion,
  decide: decideRecording,
};

export type ConnectAgentLogs = DomainCommand<'ConnectAgentLogs', { reportId: string; now: string }>;
export type DisconnectAgentLogs = DomainCommand<'DisconnectAgentLogs', { reportId: string; now: string }>;
export type ConnectorCommand = ConnectAgentLogs | DisconnectAgentLogs;

/** Both commands are idempotent: connecting a connected report, or disconnecting one that is not, changes nothing. */
function decideConnector(command: ConnectorCommand, state: ConnectorState): AgentLogConnectorEvent[] {
  const { reportId, now } = command.data;
  switch (command.type) {
    case 'ConnectAgentLogs':
      return state.connected ? [] : [{ type: 'AgentLogsConnected', data: { reportId, connectedDate: now } }];
    case 'DisconnectAgentLogs':
      return state.connected ? [{ type: 'AgentLogsDisconnected', data: { reportId, disconnectedDate: now } }] : [];
    default:
      return assertNever(command);
  }
}

export const connectorDecider: Decider<ConnectorState, ConnectorCommand, AgentLogConnectorEvent> = {
  initialState: initialConnectorState,
  evolve: evolveConnector,
  decide: decideConnector,
};
