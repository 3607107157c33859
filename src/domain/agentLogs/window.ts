import { addDays, dayCount } from '../shared/days.js';
import type { ValidationIssue } from '../shared/errors.js';

/** Without dates, the last 14 days (UTC) ending today. */
export const DEFAULT_WINDOW_DAYS = 14;
/** A window spans at most 366 days. */
export const MAX_WINDOW_DAYS = 366;

/** An inclusive window of UTC days, `YYYY-MM-DD`. */
export interface DayWindow {
  startDate: string;
  endDate: string;
}

/**
 * The window an agent analytics query covers: `endDate` defaults to today; `startDate` to
 * 13 days before `endDate`, so that both omitted give the last 14 days and `startDate` alone ends today.
 */
export function resolveWindow(requested: Partial<DayWindow>, today: string): DayWindow {
  const endDate = requested.endDate ?? today;
  return { startDate: requested.startDate ?? addDays(endDate, -(DEFAULT_WINDOW_DAYS - 1)), endDate };
}

/** What is wrong with a resolved window, each issue on the parameter that was sent (`startDate` when both were). */
export function windowIssues(window: DayWindow, requested: Partial<DayWindow>): ValidationIssue[] {
  const days = dayCount(window.startDate, window.endDate);
  if (days < 1) {
    const end = requested.endDate === undefined ? `today (${window.endDate})` : 'endDate';
    return [{ path: 'startDate', message: `startDate must not be after ${end}`, code: 'custom' }];
  }
  if (days > MAX_WINDOW_DAYS) {
    const path = requested.endDate === undefined ? 'startDate' : 'endDate';
    return [{ path, message: `The window may span at most ${MAX_WINDOW_DAYS} days, not ${days}`, code: 'custom' }];
  }
  return [];
}
