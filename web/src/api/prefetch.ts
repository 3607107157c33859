import { filtersFromSearch, filtersToSearch, previousPeriod } from '../lib/filters.js';
import { screenOf } from '../lib/routes.js';

/** The reads the first screen will make, started with the session check instead of after it. */
export function firstReads(pathname: string, search: URLSearchParams, today: string): string[] {
  const screen = screenOf(pathname);
  if (!('reportId' in screen)) return [];
  const report = `/v1/reports/brand/${encodeURIComponent(screen.reportId)}`;
  const country = search.get('country');
  if (screen.name !== 'overview' || !country) return [report];
  const filters = filtersFromSearch(search, { today, country });
  return [report, `${report}/stats?${filtersToSearch(filters)}`, `${report}/stats?${filtersToSearch(previousPeriod(filters))}`];
}
