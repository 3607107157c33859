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
    sortedDomains(left).join(' ') === sortedDomains(right).join(' ')
  );
}

/** The settings a new ingestion must be read under: those of the one cut short, if any, else `current`. */
export const settingsToResume = (state: IngestionState, current: IngestionSettings): IngestionSettings =>
  state.status === 'started' ? state.settings : current;

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
  const batches = batchRows(classified.rows, settings.batchSize);
  const started: AgentLogIngestionEvent[] =
    state.status === 'absent' ? [{ type: 'AgentLogIngestionStarted', data: { reportId, contentSha256, settings, startedDate: now } }] : [];
  const firstMissing = state.status === 'started' ? state.batchesRecorded : 0;
  const { lines, visits, skipped } = classified;
  return [
    ...started,
    ...batches.slice(firstMissing).map((rows, index): AgentLogIngestionEvent => ({
      type: 'AgentVisitsRecorded',
      data: { reportId, contentSha256, batch: firstMissing + index, rows },
    })),
    {
      type: 'AgentLogsIngested',
      data: { reportId, contentSha256, format: settings.format, lines, visits, skipped, batches: batches.length, ingestedDate: now },
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
