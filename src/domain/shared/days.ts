/** UTC calendar days as `YYYY-MM-DD`: the unit of "one run per prompt, engine and day". */

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of an instant: the one place a day is computed from a time. */
export const utcDay = (date: Date | number | string): string => new Date(date).toISOString().slice(0, 10);

/** True for a real calendar day (not `2026-02-30`). */
export const isDay = (text: string): boolean => DAY_PATTERN.test(text) && !Number.isNaN(Date.parse(text)) && utcDay(new Date(text)) === text;

export const addDays = (day: string, count: number): string => utcDay(new Date(Date.parse(day) + count * DAY_MS));

/** Days from `from` to `to`, both included; empty when `from` is after `to`. */
/** Days from `from` to `to`, both included (0 or less when `from` is after `to`). */
export const dayCount = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

export function daysBetween(from: string, to: string): string[] {
  const count = dayCount(from, to);
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(from, index));
}

/** `date` moved into `day` when it falls outside it: a run's date must name the day its id names. */
export function clampToDay(date: Date, day: string): string {
  const start = Date.parse(day);
  return new Date(Math.min(Math.max(date.getTime(), start), start + DAY_MS - 1)).toISOString();
}
