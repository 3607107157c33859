import { hash } from 'node:crypto';
import type { ReferralEngine } from '../crawlers/referrers.js';
import type { ReferralVisit } from './referrals.js';
import { detached } from './detached.js';
import { addToSessions, type Session } from './sessions.js';

/** Referral visits folded per day, engine and page: they add up across batches and uploads. */
export interface ReferralVisitRow {
  day: string;
  engine: ReferralEngine;
  path: string;
  visits: number;
}

/**
 * A client's session as one upload holds it. `client` is a digest of the client address and user agent: the
 * read model joins it with the same client's sessions of other uploads without keeping either.
 */
export interface SessionSpan extends Session {
  client: string;
}

/** What one upload's referral visits record. */
export interface ReferralRecording {
  visits: number;
  rows: ReferralVisitRow[];
  sessions: SessionSpan[];
}

/** 128 bits of SHA-256 over the address and user agent: unique enough to key sessions, and no address is stored. */
export const clientDigest = (clientAddress: string, userAgent: string): string =>
  hash('sha256', `${clientAddress}\n${userAgent}`, 'base64url').slice(0, 22);

const codeUnitOrder = (left: string, right: string): number => (left < right ? -1 : left > right ? 1 : 0);

const compareRows = (left: ReferralVisitRow, right: ReferralVisitRow): number =>
  codeUnitOrder(left.day, right.day) || codeUnitOrder(left.engine, right.engine) || codeUnitOrder(left.path, right.path);

const compareSpans = (left: SessionSpan, right: SessionSpan): number => codeUnitOrder(left.client, right.client) || left.start - right.start;

/** Accumulates an upload's referral visits; memory grows with distinct (day, engine, page) and distinct clients, not lines. */
export interface ReferralAggregator {
  add(visit: ReferralVisit): void;
  /** Rows and sessions in a stable order: the same content gives the same recording. */
  recording(): ReferralRecording;
}

export function createReferralAggregator(): ReferralAggregator {
  const rows = new Map<string, ReferralVisitRow>();
  const sessionsByClient = new Map<string, { client: string; sessions: Session[] }>();
  let visits = 0;
  return {
    add(visit) {
      visits += 1;
      const day = visit.time.slice(0, 10);
      const path = detached(visit.path);
      const rowKey = `${day}\u0000${visit.engine}\u0000${path}`;
      const row = rows.get(rowKey);
      if (row === undefined) rows.set(rowKey, { day, engine: visit.engine, path, visits: 1 });
      else row.visits += 1;
      const clientKey = `${visit.clientAddress}\u0000${visit.userAgent}`;
      const at = Date.parse(visit.time);
      const span = { start: at, end: at, path, engine: visit.engine };
      const known = sessionsByClient.get(clientKey);
      if (known !== undefined) known.sessions = addToSessions(known.sessions, span).sessions;
      else sessionsByClient.set(detached(clientKey), { client: clientDigest(visit.clientAddress, visit.userAgent), sessions: [span] });
    },
    recording() {
      const sessions = [...sessionsByClient.values()].flatMap(({ client, sessions: spans }) => spans.map((span) => ({ client, ...span })));
      return { visits, rows: [...rows.values()].map((row) => ({ ...row })).sort(compareRows), sessions: sessions.sort(compareSpans) };
    },
  };
}

/** An upload without referral visits (and one read before they were counted). */
export const noReferrals = (): ReferralRecording => ({ visits: 0, rows: [], sessions: [] });
