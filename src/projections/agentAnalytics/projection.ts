import type { AgentVisitRow } from '../../domain/agentLogs/aggregate.js';
import {
  addRowsToAgentDays,
  addRowsToPageDays,
  pageDayKey,
  type AgentDayCounts,
  type PageDayCounts,
} from '../../domain/agentLogs/dayCounts.js';
import type { AgentLogsConnected, AgentLogsDisconnected, AgentVisitsRecorded } from '../../domain/agentLogs/events.js';
import { assertNever } from '../../domain/shared/decider.js';
import type { Collection } from '../../ports/documentStore.js';
import type { ProjectedEvent, Projection, ProjectionScope } from '../runner/projection.js';
import { findByIds, replacement } from '../shared/byIds.js';
import {
  AGENT_ANALYTICS_COLLECTIONS as C,
  agentDayCounts,
  agentDayDocument,
  agentDayId,
  pageDayCounts,
  pageDayDocument,
  pageDayId,
  type AgentDayDoc,
  type ConnectorDoc,
  type PageDayDoc,
} from './documents.js';

type AgentAnalyticsEvent = AgentVisitsRecorded | AgentLogsConnected | AgentLogsDisconnected;

const EVENT_TYPES: readonly AgentAnalyticsEvent['type'][] = ['AgentVisitsRecorded', 'AgentLogsConnected', 'AgentLogsDisconnected'];

async function addToAgentDays(collection: Collection<AgentDayDoc>, reportId: string, rows: readonly AgentVisitRow[]): Promise<void> {
  const ids = [...new Set(rows.map(({ day }) => agentDayId(reportId, day)))];
  const days = new Map<string, AgentDayCounts>((await findByIds(collection, ids)).map((document) => [document.day, agentDayCounts(document)]));
  const touched = addRowsToAgentDays(days, rows);
  await collection.bulkWrite(
    [...touched].map((day) => {
      const document = agentDayDocument(reportId, days.get(day) as AgentDayCounts);
      return replacement(document);
    }),
  );
}

async function addToPageDays(collection: Collection<PageDayDoc>, reportId: string, rows: readonly AgentVisitRow[]): Promise<void> {
  const ids = [...new Set(rows.map(({ day, path }) => pageDayId(reportId, day, path)))];
  const found = await findByIds(collection, ids);
  const pages = new Map<string, PageDayCounts>(found.map((document) => [pageDayKey(document.day, document.path), pageDayCounts(document)]));
  const touched = addRowsToPageDays(pages, rows);
  await collection.bulkWrite(
    [...touched].map((key) => {
      const document = pageDayDocument(reportId, pages.get(key) as PageDayCounts);
      return replacement(document);
    }),
  );
}

/** The events of a batch gathered per report: the last connector change and every row recorded. */
function gather(events: readonly ProjectedEvent<AgentAnalyticsEvent>[]) {
  const connectors = new Map<string, ConnectorDoc>();
  const rowsByReport = new Map<string, AgentVisitRow[]>();
  for (const event of events) {
    switch (event.type) {
      case 'AgentLogsConnected':
        connectors.set(event.data.reportId, { _id: event.data.reportId, connected: true, changedDate: event.data.connectedDate });
        break;
      case 'AgentLogsDisconnected':
        connectors.set(event.data.reportId, { _id: event.data.reportId, connected: false, changedDate: event.data.disconnectedDate });
        break;
      case 'AgentVisitsRecorded': {
        const rows = rowsByReport.get(event.data.reportId) ?? [];
        for (const row of event.data.rows) rows.push(row);
        rowsByReport.set(event.data.reportId, rows);
        break;
      }
      default:
        assertNever(event);
    }
  }
  return { connectors, rowsByReport };
}

async function applyBatch(events: readonly ProjectedEvent<AgentAnalyticsEvent>[], scope: ProjectionScope): Promise<void> {
  const { connectors, rowsByReport } = gather(events);
  if (connectors.size > 0) {
    await scope.collection<ConnectorDoc>(C.connectors).bulkWrite(
      [...connectors.values()].map((document) => replacement(document)),
    );
  }
  for (const [reportId, rows] of rowsByReport) {
    if (rows.length === 0) continue;
    await addToAgentDays(scope.collection<AgentDayDoc>(C.agentDays), reportId, rows);
    await addToPageDays(scope.collection<PageDayDoc>(C.pageDays), reportId, rows);
  }
}

/**
 * Agent analytics of every report: its connector, and its visits per day (per agent, with engine, category
 * and verification counts) and per day and page (per agent). Rows of every batch of every ingestion add up;
 * the ingestion streams make sure no batch is recorded twice.
 */
export const agentAnalyticsProjection: Projection<AgentAnalyticsEvent> = {
  name: 'agentAnalytics',
  version: 1,
  eventTypes: EVENT_TYPES,
  async setup(scope) {
    await scope.collection(C.agentDays).createIndex({ reportId: 1, day: 1 });
    await scope.collection(C.pageDays).createIndex({ reportId: 1, day: 1 });
  },
  apply: applyBatch,
};
