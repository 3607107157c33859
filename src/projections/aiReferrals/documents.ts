import type { ReferralDayCounts, ReferralPageCounts } from '../../domain/agentLogs/referralCounts.js';
import type { Session } from '../../domain/agentLogs/sessions.js';
import type { ReferralEngine } from '../../domain/crawlers/referrers.js';
import type { Doc } from '../../ports/documentStore.js';

export const AI_REFERRAL_COLLECTIONS = { days: 'referralDays', pages: 'referralPages', clients: 'referralClients' } as const;

/** `[engine, visits, sessions]`: a request reads one day document per day of its window (up to 366), so they are compact. */
export type EngineTuple = [engine: ReferralEngine, visits: number, sessions: number];

/** One report's referrals on one day: `_id` is `{reportId}|{day}`. */
export interface ReferralDayDoc extends Doc {
  reportId: string;
  day: string;
  engines: EngineTuple[];
}

/** One report's page on one day: `_id` is `{reportId}|{day}|{path}`. */
export interface ReferralPageDoc extends Doc {
  reportId: string;
  day: string;
  path: string;
  engines: EngineTuple[];
}

/** `[start, end, path, engine]` of one session: first and last visit (epoch ms), landing page and engine. */
export type SessionTuple = [start: number, end: number, path: string, engine: ReferralEngine];

/**
 * One client's sessions on one report, ordered by start: `_id` is `{reportId}|{client}`, `client` the digest of
 * an address and user agent. What joins a session that one upload continues with the part another upload held.
 */
export interface ReferralClientDoc extends Doc {
  reportId: string;
  sessions: SessionTuple[];
}

export const referralDayId = (reportId: string, day: string): string => `${reportId}|${day}`;
export const referralPageId = (reportId: string, day: string, path: string): string => `${reportId}|${day}|${path}`;
export const referralClientId = (reportId: string, client: string): string => `${reportId}|${client}`;

const tuples = (counts: ReferralDayCounts['engines']): EngineTuple[] => counts.map(({ engine, visits, sessions }) => [engine, visits, sessions]);
const counts = (engines: readonly EngineTuple[]): ReferralDayCounts['engines'] => engines.map(([engine, visits, sessions]) => ({ engine, visits, sessions }));

export const referralDayDocument = (reportId: string, { day, engines }: ReferralDayCounts): ReferralDayDoc => ({
  _id: referralDayId(reportId, day),
  reportId,
  day,
  engines: tuples(engines),
});

export const referralDayCounts = ({ day, engines }: ReferralDayDoc): ReferralDayCounts => ({ day, engines: counts(engines) });

export const referralPageDocument = (reportId: string, { day, path, engines }: ReferralPageCounts): ReferralPageDoc => ({
  _id: referralPageId(reportId, day, path),
  reportId,
  day,
  path,
  engines: tuples(engines),
});

export const referralPageCounts = ({ day, path, engines }: ReferralPageDoc): ReferralPageCounts => ({ day, path, engines: counts(engines) });

export const clientSessions = ({ sessions }: ReferralClientDoc): Session[] => sessions.map(([start, end, path, engine]) => ({ start, end, path, engine }));

export const clientDocument = (reportId: string, client: string, sessions: readonly Session[]): ReferralClientDoc => ({
  _id: referralClientId(reportId, client),
  reportId,
  sessions: sessions.map(({ start, end, path, engine }) => [start, end, path, engine]),
});
