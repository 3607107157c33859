import { dayCount } from '../../lib/days.js';
import { withWindowDays, type Filters } from '../../lib/filters.js';

const WINDOWS = [7, 30, 90];

/** The window of an agent analytics view: 7, 30 or 90 days ending on its end date, or any two dates. */
export function WindowChoice({ filters, apply }: { filters: Filters; apply: (change: Record<string, string | null>) => void }) {
  const windowOf = (days: number) => withWindowDays(filters, days).startDate;
  const days = dayCount(filters.startDate, filters.endDate);
  return (
    <fieldset>
      <legend>Window</legend>
      {WINDOWS.map((length) => (
        <button type="button" key={length} aria-pressed={days === length} onClick={() => apply({ startDate: windowOf(length), endDate: filters.endDate })}>
          {length} days
        </button>
      ))}
      <label>
        From <input type="date" value={filters.startDate} max={filters.endDate} onChange={(event) => apply({ startDate: event.currentTarget.value, endDate: filters.endDate })} />
      </label>
      <label>
        To <input type="date" value={filters.endDate} onChange={(event) => apply({ startDate: filters.startDate, endDate: event.currentTarget.value })} />
      </label>
    </fieldset>
  );
}
