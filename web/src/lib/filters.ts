import { addDays, dayCount, isDay } from './days.js';

/** The view's filters: all live in the URL, so a link reproduces the view. */
export interface Filters {
  startDate: string;
  endDate: string;
  country: string;
  engines: string[];
  tagId: string | null;
}

export interface FilterDefaults {
  /** Today in UTC: the default window is the 30 days ending today. */
  today: string;
  /** The report's first country, when the URL names none. */
  country: string;
}

export const DEFAULT_WINDOW_DAYS = 30;

function listParameter(search: URLSearchParams, name: string): string[] {
  return search
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/** Reads the filters from a query string; anything missing or malformed takes its default. */
export function filtersFromSearch(search: URLSearchParams, defaults: FilterDefaults): Filters {
  const endParameter = search.get('endDate') ?? '';
  const endDate = isDay(endParameter) ? endParameter : defaults.today;
  const startParameter = search.get('startDate') ?? '';
  const startDate = isDay(startParameter) && startParameter <= endDate ? startParameter : addDays(endDate, 1 - DEFAULT_WINDOW_DAYS);
  return {
    startDate,
    endDate,
    country: search.get('country') || defaults.country,
    engines: listParameter(search, 'engines'),
    tagId: search.get('tagId') || null,
  };
}

/** The filters as query parameters, in a fixed order; shared by the page's URL and the API's. */
export function filtersToSearch(filters: Filters): URLSearchParams {
  const search = new URLSearchParams({ startDate: filters.startDate, endDate: filters.endDate, country: filters.country });
  if (filters.engines.length > 0) search.set('engines', filters.engines.join(','));
  if (filters.tagId) search.set('tagId', filters.tagId);
  return search;
}

/** The period of the same length that ends the day before the window starts: what a change compares against. */
export function previousPeriod(filters: Filters): Filters {
  const days = dayCount(filters.startDate, filters.endDate);
  const endDate = addDays(filters.startDate, -1);
  return { ...filters, startDate: addDays(endDate, 1 - days), endDate };
}

/** The filters with a window of `days` days ending on the same day. */
export function withWindowDays(filters: Filters, days: number): Filters {
  return { ...filters, startDate: addDays(filters.endDate, 1 - days) };
}

/** Adds the screen's own parameters (search, sort, paging) to the filters' query, leaving out empty ones. */
export function withParameters(search: URLSearchParams, extra: Record<string, string | number | null | undefined>): URLSearchParams {
  const merged = new URLSearchParams(search);
  for (const [name, value] of Object.entries(extra)) {
    if (value === null || value === undefined || value === '') merged.delete(name);
    else merged.set(name, String(value));
  }
  return merged;
}
