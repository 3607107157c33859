/** Report e-mails go out at 07:00 UTC: weekly on Mondays, monthly on the 1st. */
export const CADENCES = ['weekly', 'monthly'] as const;
export type Cadence = (typeof CADENCES)[number];

const SEND_HOUR = 7;
const DAY_MS = 86_400_000;

/** A send more than this after its due time went out late (the server was not running then), and says so. */
export const LATE_AFTER_MS = 60 * 60 * 1000;

/** The latest due time at or before `now`. */
export function latestDue(cadence: Cadence, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), SEND_HOUR);
  if (cadence === 'weekly') {
    const sinceMonday = (now.getUTCDay() + 6) % 7;
    const monday = today - sinceMonday * DAY_MS;
    return new Date(monday <= now.getTime() ? monday : monday - 7 * DAY_MS);
  }
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, SEND_HOUR);
  return new Date(first <= now.getTime() ? first : Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, SEND_HOUR));
}

/** The first due time after `after`. */
export function nextDue(cadence: Cadence, after: Date): Date {
  const latest = latestDue(cadence, after);
  if (cadence === 'weekly') return new Date(latest.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(latest.getUTCFullYear(), latest.getUTCMonth() + 1, 1, SEND_HOUR));
}

/**
 * The send that is due at `now`, if any: the latest due time after both the schedule's creation and its last
 * send. Due times missed while no server ran are not each sent: the latest goes out once, `late`.
 */
export function dueSend(cadence: Cadence, since: string, now: Date): { dueAt: string; late: boolean } | null {
  const latest = latestDue(cadence, now);
  if (latest.getTime() <= Date.parse(since)) return null;
  return { dueAt: latest.toISOString(), late: now.getTime() - latest.getTime() > LATE_AFTER_MS };
}
