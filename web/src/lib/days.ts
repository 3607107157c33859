/** Calendar days as `YYYY-MM-DD` strings in UTC, the unit of every window the API reads. */

const DAY_MS = 86_400_000;

export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from start to end, both included. */
export function dayCount(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
