import { describe, expect, test } from '@jest/globals';
import { filtersFromSearch, filtersToSearch, previousPeriod, withParameters, withWindowDays, type Filters } from '../../web/src/lib/filters.js';
import { listQuery } from '../../web/src/lib/listQuery.js';

const defaults = { today: '2026-11-26', country: 'us' };
const read = (query: string) => filtersFromSearch(new URLSearchParams(query), defaults);

describe('filters in the URL and back', () => {
  test('without parameters the view is the 30 days ending today in the default country, every engine and tag', () => {
    expect(read('')).toEqual({ startDate: '2026-10-28', endDate: '2026-11-26', country: 'us', engines: [], tagId: null });
  });

  test('every filter written to the URL reads back the same', () => {
    const filters: Filters = { startDate: '2026-09-01', endDate: '2026-09-30', country: 'uk', engines: ['chatgpt', 'perplexity'], tagId: 'tg_1' };
    expect(filtersToSearch(filters).toString()).toBe('startDate=2026-09-01&endDate=2026-09-30&country=uk&engines=chatgpt%2Cperplexity&tagId=tg_1');
    expect(filtersFromSearch(filtersToSearch(filters), defaults)).toEqual(filters);
  });

  test('engines read as a comma-separated value or a repeated parameter', () => {
    expect(read('engines=chatgpt,google&engines=claude').engines).toEqual(['chatgpt', 'google', 'claude']);
  });

  test('a malformed or reversed date falls back to the default window', () => {
    expect(read('startDate=2026-02-30&endDate=yesterday')).toMatchObject({ startDate: '2026-10-28', endDate: '2026-11-26' });
    expect(read('startDate=2026-12-01&endDate=2026-11-01')).toMatchObject({ startDate: '2026-10-03', endDate: '2026-11-01' });
  });

  test('the previous period has the same length and ends the day before the window starts', () => {
    expect(previousPeriod(read('startDate=2026-11-01&endDate=2026-11-30'))).toMatchObject({ startDate: '2026-10-02', endDate: '2026-10-31' });
    expect(previousPeriod(read('startDate=2026-03-01&endDate=2026-03-01'))).toMatchObject({ startDate: '2026-02-28', endDate: '2026-02-28' });
  });

  test('a window of n days keeps its end day', () => {
    expect(withWindowDays(read(''), 7)).toMatchObject({ startDate: '2026-11-20', endDate: '2026-11-26' });
  });

  test("a screen's own parameters are added, and empty ones removed", () => {
    const merged = withParameters(new URLSearchParams('country=us&search=old&offset=25'), { search: '', sortBy: 'rank', offset: 0 });
    expect(merged.toString()).toBe('country=us&offset=0&sortBy=rank');
  });
});

describe('a list screen’s search, sort and page', () => {
  test('defaults: no search, the default sort descending, the first page', () => {
    expect(listQuery(new URLSearchParams(''), 'brandMentions')).toEqual({ search: '', sortBy: 'brandMentions', sortOrder: 'desc', offset: 0 });
  });

  test('read from the URL; a negative or non-numeric offset is the first page', () => {
    expect(listQuery(new URLSearchParams('search=crm&sortBy=rank&sortOrder=asc&offset=50'), 'x')).toEqual({ search: 'crm', sortBy: 'rank', sortOrder: 'asc', offset: 50 });
    expect(listQuery(new URLSearchParams('offset=-3'), 'x').offset).toBe(0);
    expect(listQuery(new URLSearchParams('offset=abc'), 'x').offset).toBe(0);
  });
});
