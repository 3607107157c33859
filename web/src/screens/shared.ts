import type { BrandReport } from '../api/types.js';
import type { Filters } from '../lib/filters.js';

/** The API path of one of the report's operations. */
export const reportApi = (reportId: string, suffix = '') => `/v1/reports/brand/${encodeURIComponent(reportId)}${suffix}`;

/** What every report screen gets: the report, the filters of the URL and the URL's whole query. */
export interface ScreenProps {
  report: BrandReport;
  filters: Filters;
  search: URLSearchParams;
}
