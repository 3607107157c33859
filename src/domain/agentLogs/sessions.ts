/**
 * Sessions of referral visits: the visits of one client address and user agent with gaps under 30 minutes.
 * A session is kept as the span of its visits and its landing visit, which is all that joining needs: two
 * spans belong to one session exactly when the gap between them is under 30 minutes (an overlap is a negative
 * gap), because every gap inside a span already is. Joining is therefore order-free: the sessions of a set of
 * visits come out the same whichever upload, or whichever line, brought each visit first.
 */
import type { ReferralEngine } from '../crawlers/referrers.js';

export const SESSION_GAP_MS = 30 * 60_000;

/** A session, or the part of one that one upload holds. */
export interface Session {
  /** The first and last visit, epoch milliseconds. */
  start: number;
  end: number;
  /** The landing visit's page and engine: the session's first path and what it counts toward. */
  path: string;
  engine: ReferralEngine;
}

/** The earlier landing: by time, then by path and engine, so that visits logged in the same millisecond land alike in any order. */
function landsFirst(left: Session, right: Session): boolean {
  if (left.start !== right.start) return left.start < right.start;
  if (left.path !== right.path) return left.path < right.path;
  return left.engine <= right.engine;
}

/** Whether two spans of the same client are one session. */
export const joins = (left: Session, right: Session): boolean =>
  Math.max(left.start, right.start) - Math.min(left.end, right.end) < SESSION_GAP_MS;

/** The session two joined spans make. */
function joined(left: Session, right: Session): Session {
  const landing = landsFirst(left, right) ? left : right;
  return { start: landing.start, end: Math.max(left.end, right.end), path: landing.path, engine: landing.engine };
}

/** A client's sessions after a span was added: the sessions it joined are `removed`, the one it became `added`. */
export interface SessionChange {
  sessions: Session[];
  removed: Session[];
  added: Session;
}

/**
 * Adds a span to a client's sessions (ordered by start, no two joining): it joins every session within 30
 * minutes of it, which may bring two sessions together or move a landing page earlier.
 */
export function addToSessions(sessions: readonly Session[], span: Session): SessionChange {
  const removed = sessions.filter((session) => joins(session, span));
  const added = removed.reduce(joined, span);
  const kept = sessions.filter((session) => !joins(session, span));
  const at = kept.findIndex((session) => session.start > added.start);
  const merged = at === -1 ? [...kept, added] : [...kept.slice(0, at), added, ...kept.slice(at)];
  return { sessions: merged, removed, added };
}

/** The UTC day a session counts on: its first visit's. */
export const sessionDay = (session: Pick<Session, 'start'>): string => new Date(session.start).toISOString().slice(0, 10);

/** Sessions landing on one page by one engine on one day, as a change adds (+1) or removes (-1) them. */
export interface LandingCount {
  day: string;
  path: string;
  engine: ReferralEngine;
  sessions: number;
}

const sameLanding = (left: Session, right: Session): boolean =>
  left.start === right.start && left.path === right.path && left.engine === right.engine;

/** What a change does to the counts of sessions by landing day, page and engine; none when it only lengthened one. */
export function landingChanges({ removed, added }: Pick<SessionChange, 'removed' | 'added'>): LandingCount[] {
  if (removed.length === 1 && sameLanding(removed[0] as Session, added)) return [];
  const count = (session: Session, sessions: number): LandingCount => ({ day: sessionDay(session), path: session.path, engine: session.engine, sessions });
  return [...removed.map((session) => count(session, -1)), count(added, 1)];
}
