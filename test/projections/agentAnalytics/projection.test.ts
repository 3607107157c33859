import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import {
  agentLogConnectorStream,
  agentLogIngestionStream,
  type AgentLogsEvent,
  type AgentVisitRow,
} from '../../../src/domain/agentLogs/index.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { MemoryEventStore } from '../../support/memoryEventStore.js';
import type { DocumentStore } from '../../../src/ports/documentStore.js';
import {
  agentDayCounts,
  pageDayCounts,
  type AgentDayDoc,
  type ConnectorDoc,
  type PageDayDoc,
} from '../../../src/projections/agentAnalytics/documents.js';
import { agentAnalyticsProjection } from '../../../src/projections/agentAnalytics/projection.js';
import { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';

let dataDir: string;
let eventStore: MemoryEventStore;
let documentStore: DocumentStore;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-agent-analytics-'));
  eventStore = new MemoryEventStore();
  documentStore = await SqliteDocumentStore.open(dataDir);
});

afterEach(async () => {
  await documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});

const row = (day: string, agent: string, path: string, visits: number, verifiedVisits = 0, spoofedVisits = 0): AgentVisitRow => ({
  day, agent, path, visits, verifiedVisits, spoofedVisits,
});

const batch = (reportId: string, contentSha256: string, index: number, rows: AgentVisitRow[]): AgentLogsEvent => ({
  type: 'AgentVisitsRecorded',
  data: { reportId, contentSha256, batch: index, rows },
});

/** Projects everything appended so far, one event per batch so that documents are read back between applies. */
async function project(): Promise<ReadModels> {
  const runner = new ProjectionRunner(eventStore, documentStore, [agentAnalyticsProjection], { logger: pino({ level: 'silent' }), batchSize: 1 });
  await runner.start();
  await runner.waitFor(await eventStore.headPosition());
  await runner.stop();
  return new ReadModels(documentStore);
}

describe('the agent analytics projection', () => {
  test('adds up the rows of every batch of every ingestion per report, day and agent, and per day and page', async () => {
    await eventStore.append(agentLogIngestionStream('br_a', 'one'), [
      batch('br_a', 'one', 0, [row('2026-11-10', 'GPTBot', '/pricing', 2, 1, 1), row('2026-11-10', 'ClaudeBot', '/pricing', 1)]),
      batch('br_a', 'one', 1, [row('2026-11-11', 'GPTBot', '/', 1, 1, 0)]),
    ]);
    await eventStore.append(agentLogIngestionStream('br_a', 'two'), [batch('br_a', 'two', 0, [row('2026-11-10', 'GPTBot', '/pricing', 3, 3, 0)])]);
    await eventStore.append(agentLogIngestionStream('br_b', 'one'), [batch('br_b', 'one', 0, [row('2026-11-10', 'bingbot', '/pricing', 5, 5, 0)])]);
    const readModels = await project();

    const agentDays = await readModels.collection<AgentDayDoc>(agentAnalyticsProjection, 'agentDays');
    expect((await agentDays.find({ reportId: 'br_a' }, { sort: { day: 1 } })).map(agentDayCounts)).toEqual([
      {
        day: '2026-11-10',
        agents: [
          { agent: 'ClaudeBot', engine: 'claude', category: 'training', visits: 1, verifiedVisits: 0, spoofedVisits: 0 },
          { agent: 'GPTBot', engine: 'chatgpt', category: 'training', visits: 5, verifiedVisits: 4, spoofedVisits: 1 },
        ],
      },
      { day: '2026-11-11', agents: [{ agent: 'GPTBot', engine: 'chatgpt', category: 'training', visits: 1, verifiedVisits: 1, spoofedVisits: 0 }] },
    ]);
    const pageDays = await readModels.collection<PageDayDoc>(agentAnalyticsProjection, 'pageDays');
    expect((await pageDays.find({ reportId: 'br_a', day: '2026-11-10' })).map(pageDayCounts)).toEqual([
      {
        day: '2026-11-10',
        path: '/pricing',
        agents: [
          { agent: 'ClaudeBot', engine: 'claude', visits: 1 },
          { agent: 'GPTBot', engine: 'chatgpt', visits: 5 },
        ],
      },
    ]);
    expect((await pageDays.find({ reportId: 'br_b' })).map(pageDayCounts)).toEqual([
      { day: '2026-11-10', path: '/pricing', agents: [{ agent: 'bingbot', engine: 'copilot', visits: 5 }] },
    ]);
  });

  test('keeps each report’s connector as its last change left it', async () => {
    const connected = (reportId: string, connectedDate: string): AgentLogsEvent => ({ type: 'AgentLogsConnected', data: { reportId, connectedDate } });
    await eventStore.append(agentLogConnectorStream('br_a'), [
      connected('br_a', '2026-11-01T00:00:00.000Z'),
      { type: 'AgentLogsDisconnected', data: { reportId: 'br_a', disconnectedDate: '2026-11-02T00:00:00.000Z' } },
    ]);
    await eventStore.append(agentLogConnectorStream('br_b'), [connected('br_b', '2026-11-03T00:00:00.000Z')]);
    const connectors = await (await project()).collection<ConnectorDoc>(agentAnalyticsProjection, 'connectors');
    expect(await connectors.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'br_a', connected: false, changedDate: '2026-11-02T00:00:00.000Z' },
      { _id: 'br_b', connected: true, changedDate: '2026-11-03T00:00:00.000Z' },
    ]);
  });
});
