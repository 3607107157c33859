import { addDays } from '../../domain/shared/days.js';

/**
 * Report-level aggregates that windows sum are kept per day and per week (Monday to Sunday, UTC): a 90-day
 * window then reads its 12 or so whole weeks and the days before and after them instead of 90 days.
 */
export type Span = 'day' | 'week';

export const SPANS: readonly Span[] = ['day', 'week'];

const DAY_MS = 86_400_000;
/** 1970-01-05, the first Monday after the epoch: weeks are counted from it. */
const FIRST_MONDAY = 4;

const weekStarts = new Map<string, string>();
/** Days remembered: a batch of runs spans a few days, a replay a few hundred. */
const REMEMBERED_DAYS = 4096;

/** The Monday that starts the week of `day`. Every run asks it for every span document it touches, so it is remembered. */
export function weekStart(day: string): string {
  const known = weekStarts.get(day);
  if (known !== undefined) return known;
  const dayNumber = Math.round(Date.parse(day) / DAY_MS);
  const monday = dayNumber - ((((dayNumber - FIRST_MONDAY) % 7) + 7) % 7);
  const start = new Date(monday * DAY_MS).toISOString().slice(0, 10);
  if (weekStarts.size >= REMEMBERED_DAYS) weekStarts.clear();
  weekStarts.set(day, start);
  return start;
}

export const spanStart = (span: Span, day: string): string => (span === 'day' ? day : weekStart(day));

/** Documents of one span whose start lies from `from` to `to`, both included. */
export interface SpanRange {
  span: Span;
  from: string;
  to: string;
}

/** The spans that cover `startDate` to `endDate` exactly, each day once: whole weeks inside it, days around them. */
export function coveringSpans(startDate: string, endDate: string): SpanRange[] {
  const firstWeek = weekStart(startDate) === startDate ? startDate : addDays(weekStart(startDate), 7);
  const lastWeek = addDays(weekStart(addDays(endDate, 1)), -7);
  if (firstWeek > lastWeek) return [{ span: 'day', from: startDate, to: endDate }];
  const ranges: SpanRange[] = [];
  if (firstWeek > startDate) ranges.push({ span: 'day', from: startDate, to: addDays(firstWeek, -1) });
  ranges.push({ span: 'week', from: firstWeek, to: lastWeek });
  if (addDays(lastWeek, 7) <= endDate) ranges.push({ span: 'day', from: addDays(lastWeek, 7), to: endDate });
  return ranges;
}
