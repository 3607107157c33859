import type { ReferralEngine } from '../crawlers/referrers.js';
import type { ReferralVisitRow } from './referralAggregate.js';
import type { LandingCount } from './sessions.js';

/** One engine's referral visits and the sessions it brought that landed, on one day (and one page). */
export interface EngineReferrals {
  engine: ReferralEngine;
  visits: number;
  sessions: number;
}

/** A report's referrals on one day: what the totals, the engines and `daily` read. */
export interface ReferralDayCounts {
  day: string;
  /** Ordered by engine. */
  engines: EngineReferrals[];
}

/** A report's page on one day: the referral visits to it and the sessions that landed on it, per engine. */
export interface ReferralPageCounts {
  day: string;
  path: string;
  /** Ordered by engine. */
  engines: EngineReferrals[];
}

/** A change to one (day, page, engine): visits recorded, sessions landed (negative when two sessions became one). */
export interface ReferralChange {
  day: string;
  path: string;
  engine: ReferralEngine;
  visits: number;
  sessions: number;
}

/** What visit rows and session landings change, per day, page and engine. */
export function referralChanges(rows: readonly ReferralVisitRow[], landings: readonly LandingCount[]): ReferralChange[] {
  return [
    ...rows.map(({ day, path, engine, visits }) => ({ day, path, engine, visits, sessions: 0 })),
    ...landings.map(({ day, path, engine, sessions }) => ({ day, path, engine, visits: 0, sessions })),
  ];
}

const byEngine = (left: EngineReferrals, right: EngineReferrals): number => (left.engine < right.engine ? -1 : left.engine > right.engine ? 1 : 0);

/** Adds a change to an engine list, dropping an engine left with nothing. */
function addToEngines(engines: EngineReferrals[], change: ReferralChange): EngineReferrals[] {
  const existing = engines.find(({ engine }) => engine === change.engine);
  const next = existing ? engines : [...engines, { engine: change.engine, visits: 0, sessions: 0 }].sort(byEngine);
  return next
    .map((count) => (count.engine === change.engine ? { ...count, visits: count.visits + change.visits, sessions: count.sessions + change.sessions } : count))
    .filter((count) => count.visits !== 0 || count.sessions !== 0);
}

/** Adds changes to the day counts they fall in (`days`, by day), creating missing ones; returns the days touched. */
export function addToReferralDays(days: Map<string, ReferralDayCounts>, changes: readonly ReferralChange[]): Set<string> {
  const touched = new Set<string>();
  for (const change of changes) {
    const counts = days.get(change.day) ?? { day: change.day, engines: [] };
    days.set(change.day, { day: change.day, engines: addToEngines(counts.engines, change) });
    touched.add(change.day);
  }
  return touched;
}

/** The key of a page day among others of the same report. */
export const referralPageKey = (day: string, path: string): string => `${day}|${path}`;

/** Adds changes to the page counts they fall in (`pages`, by `referralPageKey`); returns the keys touched. */
export function addToReferralPages(pages: Map<string, ReferralPageCounts>, changes: readonly ReferralChange[]): Set<string> {
  const touched = new Set<string>();
  for (const change of changes) {
    const key = referralPageKey(change.day, change.path);
    const counts = pages.get(key) ?? { day: change.day, path: change.path, engines: [] };
    pages.set(key, { day: change.day, path: change.path, engines: addToEngines(counts.engines, change) });
    touched.add(key);
  }
  return touched;
}
