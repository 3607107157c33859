import type { ReferralEngine } from '../../../src/domain/crawlers/referrers.js';
import { addDays, dayCount } from './days.js';
import type { Filters } from './filters.js';
import type { ChartData } from './series.js';

/** The engines AI referrals count toward, checked against the API's type. */
export const REFERRAL_ENGINES = ['chatgpt', 'perplexity', 'gemini', 'copilot', 'claude', 'deepseek', 'meta', 'other'] as const satisfies readonly ReferralEngine[];

/**
 * The referral view's own filters in the URL: its engines (`referralEngines`, apart from the report's
 * `engines`, which name answer engines) and the landing pages' `offset`.
 */
export interface ReferralFilters {
  engines: ReferralEngine[];
  offset: number;
}

const isReferralEngine = (value: string): value is ReferralEngine => (REFERRAL_ENGINES as readonly string[]).includes(value);

export function referralFiltersFromSearch(search: URLSearchParams): ReferralFilters {
  const named = search.getAll('referralEngines').flatMap((value) => value.split(',')).map((value) => value.trim());
  const offset = Number.parseInt(search.get('offset') ?? '0', 10);
  return {
    engines: REFERRAL_ENGINES.filter((engine) => named.some((value) => value === engine && isReferralEngine(value))),
    offset: Number.isFinite(offset) && offset > 0 ? offset : 0,
  };
}

/** The query of a referrals read: the window, the engines when some are chosen, then `extra`. */
export function referralQuery(filters: Pick<Filters, 'startDate' | 'endDate'>, engines: readonly ReferralEngine[], extra: Record<string, string | number> = {}): string {
  const query = new URLSearchParams({ startDate: filters.startDate, endDate: filters.endDate });
  if (engines.length > 0) query.set('engines', engines.join(','));
  for (const [name, value] of Object.entries(extra)) query.set(name, String(value));
  return query.toString();
}

/** The engines chosen after one is checked or unchecked, in catalog order. */
export const toggledEngine = (engines: readonly ReferralEngine[], engine: ReferralEngine): ReferralEngine[] =>
  REFERRAL_ENGINES.filter((candidate) => (candidate === engine ? !engines.includes(engine) : engines.includes(candidate)));

/**
 * The chart of visits per day stacked by engine: one series per engine with visits, every day of the window
 * (the answer lists only days with visits; the others are drawn as zero).
 */
export function referralChartData(
  window: Pick<Filters, 'startDate' | 'endDate'>,
  daily: ReadonlyArray<{ date: string; byEngine: Partial<Record<ReferralEngine, number>> }>,
  engines: ReadonlyArray<{ engine: ReferralEngine; visits: number }>,
): ChartData {
  const days = Array.from({ length: Math.max(dayCount(window.startDate, window.endDate), 0) }, (_, index) => addDays(window.startDate, index));
  const byDay = new Map(daily.map((day) => [day.date, day.byEngine]));
  return {
    days,
    series: engines
      .filter(({ visits }) => visits > 0)
      .map(({ engine }) => ({ label: engine, values: days.map((day) => byDay.get(day)?.[engine] ?? 0) })),
  };
}
