import { describe, expect, test } from '@jest/globals';
import {
  connectorDecider,
  ingestionDecider,
  sameSettings,
  settingsToResume,
  type AgentLogIngestionEvent,
  type AgentVisitRow,
  type IngestionSettings,
  type RecordLogIngestion,
} from '../../../src/domain/agentLogs/index.js';
import { noReferrals, type ReferralVisitRow, type SessionSpan } from '../../../src/domain/agentLogs/referralAggregate.js';
import { foldEvents } from '../../../src/domain/shared/decider.js';
import { specFor } from '../spec.js';

const now = '2026-11-15T10:00:00.000Z';
const sha = 'ab'.repeat(32);
const settings: IngestionSettings = {
  format: 'combined',
  defaultHost: 'acme.com',
  domains: ['acme.com', 'acme.io'],
  wildcardRoot: null,
  rangesRevision: null,
  batchSize: 2,
};
const row = (path: string, visits = 1): AgentVisitRow => ({ day: '2026-11-10', agent: 'GPTBot', path, visits, verifiedVisits: visits, spoofedVisits: 0 });
const rows = [row('/a'), row('/b', 2), row('/c'), row('/d', 3), row('/e')];
const classified = { lines: 20, visits: 8, skipped: 1, rows, referrals: noReferrals() };

const record = (overrides: Partial<RecordLogIngestion['data']> = {}): RecordLogIngestion => ({
  type: 'RecordLogIngestion',
  data: { reportId: 'br_1', contentSha256: sha, settings, classified, now, ...overrides },
});

const started: AgentLogIngestionEvent = { type: 'AgentLogIngestionStarted', data: { reportId: 'br_1', contentSha256: sha, settings, startedDate: now } };
const batch = (index: number, batchRows: AgentVisitRow[]): AgentLogIngestionEvent => ({
  type: 'AgentVisitsRecorded',
  data: { reportId: 'br_1', contentSha256: sha, batch: index, rows: batchRows },
});
const ingested: AgentLogIngestionEvent = {
  type: 'AgentLogsIngested',
  data: { reportId: 'br_1', contentSha256: sha, format: 'combined', lines: 20, visits: 8, referralVisits: 0, skipped: 1, batches: 3, ingestedDate: now },
};
const allBatches = [batch(0, rows.slice(0, 2)), batch(1, rows.slice(2, 4)), batch(2, rows.slice(4))];

describe('recording an ingestion', () => {
  const given = specFor(ingestionDecider);

  test('new content is started with its settings, recorded in batches of the settings’ size, then closed', () => {
    given([]).when(record()).then([started, ...allBatches, ingested]);
  });

  test('an ingestion cut short after two batches gets only the batches it lacks, then its close', () => {
    given([started, allBatches[0]!, allBatches[1]!]).when(record()).then([allBatches[2]!, ingested]);
  });

  test('an ingestion cut short before its first batch records them all without starting again', () => {
    given([started]).when(record()).then([...allBatches, ingested]);
  });

  test('an ingestion cut short after its last batch only closes', () => {
    given([started, ...allBatches]).when(record()).then([ingested]);
  });

  test('content already ingested records nothing', () => {
    given([started, ...allBatches, ingested]).when(record()).then([]);
  });

  test('content without visits is started and closed with no batch', () => {
    const empty = { lines: 3, visits: 0, skipped: 3, rows: [], referrals: noReferrals() };
    given([]).when(record({ classified: empty })).then([
      started,
      { type: 'AgentLogsIngested', data: { ...ingested.data, ...{ lines: 3, visits: 0, skipped: 3 }, batches: 0 } } as AgentLogIngestionEvent,
    ]);
  });

  test('an ingestion cut short is refused rows read under other settings, which would batch differently', () => {
    given([started, allBatches[0]!]).when(record({ settings: { ...settings, batchSize: 3 } })).thenThrows(Error);
  });
});

describe('recording an ingestion’s referrals', () => {
  const given = specFor(ingestionDecider);
  const withReferrals: IngestionSettings = { ...settings, referrals: true };
  const referralRow = (path: string, visits: number): ReferralVisitRow => ({ day: '2026-11-10', engine: 'chatgpt', path, visits });
  const span: SessionSpan = { client: 'c1', start: 1_794_300_000_000, end: 1_794_300_600_000, path: '/a', engine: 'chatgpt' };
  const referrals = { visits: 3, rows: [referralRow('/a', 2), referralRow('/b', 1)], sessions: [span] };
  const command = record({ settings: withReferrals, classified: { ...classified, referrals } });
  const startedWith: AgentLogIngestionEvent = { type: 'AgentLogIngestionStarted', data: { reportId: 'br_1', contentSha256: sha, settings: withReferrals, startedDate: now } };
  const referralBatch = (index: number, rows: ReferralVisitRow[], sessions: SessionSpan[]): AgentLogIngestionEvent => ({
    type: 'AiReferralsRecorded',
    data: { reportId: 'br_1', contentSha256: sha, batch: index, rows, sessions },
  });
  const referralBatches = [referralBatch(3, referrals.rows, []), referralBatch(4, [], [span])];
  const closed: AgentLogIngestionEvent = {
    type: 'AgentLogsIngested',
    data: { reportId: 'br_1', contentSha256: sha, format: 'combined', lines: 20, visits: 8, referralVisits: 3, skipped: 1, batches: 5, ingestedDate: now },
  };

  test('follow the crawler rows in the same numbering, rows then sessions, in batches of the settings’ size', () => {
    given([]).when(command).then([startedWith, ...allBatches, ...referralBatches, closed]);
  });

  test('an ingestion cut short among them gets the ones it lacks', () => {
    given([startedWith, ...allBatches, referralBatches[0]!]).when(command).then([referralBatches[1]!, closed]);
  });

  test('an ingestion begun before referrals were counted finishes without them', () => {
    given([started, allBatches[0]!]).when(record({ classified: { ...classified, referrals } })).then([allBatches[1]!, allBatches[2]!, ingested]);
  });
});

describe('the settings an ingestion is read under', () => {
  const state = (events: AgentLogIngestionEvent[]) => foldEvents(ingestionDecider, events);
  const current: IngestionSettings = { ...settings, rangesRevision: 4, domains: ['acme.com'] };

  test('are those it started with when it was cut short', () => {
    expect(settingsToResume(state([started, allBatches[0]!]), current)).toEqual(settings);
  });

  test.each([
    ['new content', [] as AgentLogIngestionEvent[]],
    ['content already ingested', [started, ...allBatches, ingested]],
  ])('are the current ones for %s', (_case, events) => {
    expect(settingsToResume(state(events), current)).toEqual(current);
  });

  test.each([
    ['the same settings with the domains in another order', { domains: ['acme.io', 'acme.com'] }, true],
    ['another format', { format: 'json' as const }, false],
    ['another default host', { defaultHost: 'shop.acme.com' }, false],
    ['another domain list', { domains: ['acme.com'] }, false],
    ['a wildcard', { wildcardRoot: 'acme.com' }, false],
    ['other crawler ranges', { rangesRevision: 0 }, false],
    ['another batch size', { batchSize: 3 }, false],
    ['referrals counted', { referrals: true as const }, false],
  ])('compare %s as %s', (_case, change, same) => {
    expect(sameSettings(settings, { ...settings, ...change })).toBe(same);
  });
});

describe('the logs connector', () => {
  const given = specFor(connectorDecider);
  const connected = { type: 'AgentLogsConnected' as const, data: { reportId: 'br_1', connectedDate: now } };
  const disconnected = { type: 'AgentLogsDisconnected' as const, data: { reportId: 'br_1', disconnectedDate: now } };
  const connect = { type: 'ConnectAgentLogs' as const, data: { reportId: 'br_1', now } };
  const disconnect = { type: 'DisconnectAgentLogs' as const, data: { reportId: 'br_1', now } };

  test('connects a report that never had one', () => {
    given([]).when(connect).then([connected]);
  });

  test('connects again after a disconnection', () => {
    given([connected, disconnected]).when(connect).then([connected]);
  });

  test('leaves a connected report connected without a new event', () => {
    given([connected]).when(connect).then([]);
  });

  test('disconnects a connected report', () => {
    given([connected]).when(disconnect).then([disconnected]);
  });

  test.each([
    ['never connected', []],
    ['already disconnected', [connected, disconnected]],
  ])('changes nothing when disconnecting a report %s', (_case, history) => {
    given(history).when(disconnect).then([]);
  });
});
