import { addDays, utcDay } from '../shared/days.js';

/** The longest a share link may live. */
export const MAX_LINK_LIFETIME_DAYS = 366;
export const DEFAULT_LINK_LIFETIME_DAYS = 30;

/** A link's window: its `days` days ending on the day it is opened, that day included. */
export function shareWindow(days: number, now: Date): { startDate: string; endDate: string } {
  const endDate = utcDay(now);
  return { startDate: addDays(endDate, 1 - days), endDate };
}

/** Whether a link is still open at `now`: it expires at its `expiresAt` instant. */
export const isExpired = (expiresAt: string, now: Date): boolean => Date.parse(expiresAt) <= now.getTime();

/**
 * The expiry a creation asks for, checked: in the future and at most a year ahead; the default is 30 days
 * ahead. Answers the instant, or the reason it is refused.
 */
export function linkExpiry(requested: string | undefined, now: Date): { expiresAt: string } | { refused: string } {
  if (requested === undefined) return { expiresAt: new Date(now.getTime() + DEFAULT_LINK_LIFETIME_DAYS * 86_400_000).toISOString() };
  const at = Date.parse(requested);
  if (at <= now.getTime()) return { refused: 'expiresAt must be in the future' };
  if (at > now.getTime() + MAX_LINK_LIFETIME_DAYS * 86_400_000) return { refused: 'expiresAt may be at most one year ahead' };
  return { expiresAt: new Date(at).toISOString() };
}
