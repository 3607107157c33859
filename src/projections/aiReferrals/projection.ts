import type { AiReferralsRecorded } from '../../domain/agentLogs/events.js';
import type { ReferralVisitRow, SessionSpan } from '../../domain/agentLogs/referralAggregate.js';
import {
  addToReferralDays,
  addToReferralPages,
  referralChanges,
  referralPageKey,
  type ReferralChange,
  type ReferralDayCounts,
  type ReferralPageCounts,
} from '../../domain/agentLogs/referralCounts.js';
import { addToSessions, landingChanges, type LandingCount, type Session } from '../../domain/agentLogs/sessions.js';
import type { Collection } from '../../ports/documentStore.js';
import type { ProjectedEvent, Projection, ProjectionScope } from '../runner/projection.js';
import { findByIds, replacement } from '../shared/byIds.js';
import {
  AI_REFERRAL_COLLECTIONS as C,
  clientDocument,
  clientSessions,
  referralClientId,
  referralDayCounts,
  referralDayDocument,
  referralDayId,
  referralPageCounts,
  referralPageDocument,
  referralPageId,
  type ReferralClientDoc,
  type ReferralDayDoc,
  type ReferralPageDoc,
} from './documents.js';


/**
 * Joins the spans with the clients' sessions of earlier uploads, in event order, and answers how the sessions'
 * landings changed: a span that continues a stored session changes nothing, one that bridges two removes one.
 */
async function joinSessions(collection: Collection<ReferralClientDoc>, reportId: string, spans: readonly SessionSpan[]): Promise<LandingCount[]> {
  const ids = [...new Set(spans.map(({ client }) => referralClientId(reportId, client)))];
  const sessionsById = new Map<string, Session[]>((await findByIds(collection, ids)).map((document) => [document._id, clientSessions(document)]));
  const landings: LandingCount[] = [];
  for (const { client, ...span } of spans) {
    const id = referralClientId(reportId, client);
    const change = addToSessions(sessionsById.get(id) ?? [], span);
    sessionsById.set(id, change.sessions);
    landings.push(...landingChanges(change));
  }
  await collection.bulkWrite(
    [...new Set(spans.map(({ client }) => client))].map((client) => replacement(clientDocument(reportId, client, sessionsById.get(referralClientId(reportId, client)) ?? []))),
  );
  return landings;
}

async function addToDays(collection: Collection<ReferralDayDoc>, reportId: string, changes: readonly ReferralChange[]): Promise<void> {
  const ids = [...new Set(changes.map(({ day }) => referralDayId(reportId, day)))];
  const days = new Map<string, ReferralDayCounts>((await findByIds(collection, ids)).map((document) => [document.day, referralDayCounts(document)]));
  const touched = addToReferralDays(days, changes);
  await collection.bulkWrite([...touched].map((day) => replacement(referralDayDocument(reportId, days.get(day) as ReferralDayCounts))));
}

async function addToPages(collection: Collection<ReferralPageDoc>, reportId: string, changes: readonly ReferralChange[]): Promise<void> {
  const ids = [...new Set(changes.map(({ day, path }) => referralPageId(reportId, day, path)))];
  const found = await findByIds(collection, ids);
  const pages = new Map<string, ReferralPageCounts>(found.map((document) => [referralPageKey(document.day, document.path), referralPageCounts(document)]));
  const touched = addToReferralPages(pages, changes);
  await collection.bulkWrite([...touched].map((key) => replacement(referralPageDocument(reportId, pages.get(key) as ReferralPageCounts))));
}

/** The rows and spans of a batch of events, per report, in event order. */
function gather(events: readonly ProjectedEvent<AiReferralsRecorded>[]): Map<string, { rows: ReferralVisitRow[]; spans: SessionSpan[] }> {
  const byReport = new Map<string, { rows: ReferralVisitRow[]; spans: SessionSpan[] }>();
  for (const { data } of events) {
    const gathered = byReport.get(data.reportId) ?? { rows: [], spans: [] };
    gathered.rows.push(...data.rows);
    gathered.spans.push(...data.sessions);
    byReport.set(data.reportId, gathered);
  }
  return byReport;
}

async function applyBatch(events: readonly ProjectedEvent<AiReferralsRecorded>[], scope: ProjectionScope): Promise<void> {
  for (const [reportId, { rows, spans }] of gather(events)) {
    const landings = spans.length === 0 ? [] : await joinSessions(scope.collection<ReferralClientDoc>(C.clients), reportId, spans);
    const changes = referralChanges(rows, landings);
    if (changes.length === 0) continue;
    await addToDays(scope.collection<ReferralDayDoc>(C.days), reportId, changes);
    await addToPages(scope.collection<ReferralPageDoc>(C.pages), reportId, changes);
  }
}

/**
 * Referral visits of every report: per day and per day and page, each engine's visits and the sessions that
 * landed, and per client the sessions so far, which a later upload may continue, join or precede. The ingestion
 * streams make sure no batch is recorded twice; the sessions would absorb a span seen twice anyway.
 */
export const aiReferralsProjection: Projection<AiReferralsRecorded> = {
  name: 'aiReferrals',
  version: 1,
  eventTypes: ['AiReferralsRecorded'],
  async setup(scope) {
    await scope.collection(C.days).createIndex({ reportId: 1, day: 1 });
    await scope.collection(C.pages).createIndex({ reportId: 1, day: 1 });
  },
  apply: applyBatch,
};
