/**
 * The figures of the referrals endpoint from a report's referral day and page counts in a window: every
 * figure honours the same engine filter, visits by the engine that referred each visit and sessions by the
 * engine of their landing visit.
 */
import { REFERRAL_ENGINES, type ReferralEngine } from '../crawlers/referrers.js';
import type { EngineReferrals, ReferralDayCounts, ReferralPageCounts } from './referralCounts.js';

/** The engines to count; every engine when the filter is absent. */
export type ReferralEngineFilter = readonly ReferralEngine[] | undefined;

/** The filter's engines in catalog order, each once. */
export const filteredEngines = (filter: ReferralEngineFilter): ReferralEngine[] =>
  filter === undefined || filter.length === 0 ? [...REFERRAL_ENGINES] : REFERRAL_ENGINES.filter((engine) => filter.includes(engine));

export interface EngineTotal {
  engine: ReferralEngine;
  visits: number;
  sessions: number;
}

export interface ReferralDay {
  date: string;
  visits: number;
  sessions: number;
  /** Visits per engine of the filter, zeros included. */
  byEngine: Partial<Record<ReferralEngine, number>>;
}

export interface ReferralTotals {
  visits: number;
  sessions: number;
  /** Every engine of the filter (zeros included), most visits first, then in catalog order. */
  byEngine: EngineTotal[];
  /** Only days with visits, in date order. */
  daily: ReferralDay[];
}

const counted = (engines: readonly EngineReferrals[], included: ReadonlySet<ReferralEngine>): EngineReferrals[] =>
  engines.filter(({ engine }) => included.has(engine));

/** Totals, engines and days with visits over the window's day counts. */
export function referralTotals(days: readonly ReferralDayCounts[], filter: ReferralEngineFilter): ReferralTotals {
  const engines = filteredEngines(filter);
  const included = new Set(engines);
  const totals = new Map(engines.map((engine) => [engine, { engine, visits: 0, sessions: 0 }]));
  const daily: ReferralDay[] = [];
  for (const { day, engines: dayEngines } of [...days].sort((left, right) => (left.day < right.day ? -1 : 1))) {
    const counts = counted(dayEngines, included);
    const visits = counts.reduce((sum, count) => sum + count.visits, 0);
    if (visits === 0) continue;
    const byEngine = Object.fromEntries(engines.map((engine) => [engine, 0])) as Partial<Record<ReferralEngine, number>>;
    for (const count of counts) {
      const total = totals.get(count.engine) as EngineTotal;
      total.visits += count.visits;
      total.sessions += count.sessions;
      byEngine[count.engine] = count.visits;
    }
    daily.push({ date: day, visits, sessions: counts.reduce((sum, count) => sum + count.sessions, 0), byEngine });
  }
  const byEngine = [...totals.values()].sort((left, right) => right.visits - left.visits || engines.indexOf(left.engine) - engines.indexOf(right.engine));
  return {
    visits: byEngine.reduce((sum, { visits }) => sum + visits, 0),
    sessions: byEngine.reduce((sum, { sessions }) => sum + sessions, 0),
    byEngine,
    daily,
  };
}

/** One page over the window: the sessions that landed on it, the referral visits to it, the engines of those sessions. */
export interface LandingPageTotal {
  path: string;
  sessions: number;
  visits: number;
  engines: ReferralEngine[];
}

/** The answer lists this many landing pages; the pages endpoint pages through all of them. */
export const TOP_LANDING_PAGES = 25;

const codeUnitOrder = (left: string, right: string): number => (left < right ? -1 : left > right ? 1 : 0);

/** Every page with referral visits in the window, most sessions first, then most visits, then by path. */
export function landingPageTotals(pages: readonly ReferralPageCounts[], filter: ReferralEngineFilter): LandingPageTotal[] {
  const included = new Set(filteredEngines(filter));
  const totals = new Map<string, { visits: number; sessions: number; engines: Set<ReferralEngine> }>();
  for (const { path, engines } of pages) {
    for (const count of counted(engines, included)) {
      const total = totals.get(path) ?? { visits: 0, sessions: 0, engines: new Set<ReferralEngine>() };
      total.visits += count.visits;
      total.sessions += count.sessions;
      if (count.sessions > 0) total.engines.add(count.engine);
      totals.set(path, total);
    }
  }
  return [...totals]
    .filter(([, { visits, sessions }]) => visits > 0 || sessions > 0)
    .map(([path, { visits, sessions, engines }]) => ({ path, sessions, visits, engines: REFERRAL_ENGINES.filter((engine) => engines.has(engine)) }))
    .sort((left, right) => right.sessions - left.sessions || right.visits - left.visits || codeUnitOrder(left.path, right.path));
}
