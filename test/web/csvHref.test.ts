import { describe, expect, it } from '@jest/globals';
import { csvHref } from '../../web/src/lib/csvHref.js';

describe('csvHref', () => {
  it('keeps the filters, drops the paging and asks for CSV', () => {
    const href = csvHref('/v1/reports/brand/r1/citations?window=30&country=GB&search=acme&offset=50&limit=25');
    const [path, query] = href.split('?');
    expect(path).toBe('/v1/reports/brand/r1/citations');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({ window: '30', country: 'GB', search: 'acme', format: 'csv' });
  });

  it('drops a cursor and adds format to a source without a query', () => {
    expect(csvHref('/v1/audits/geo/crawlability-checks?workspaceId=w1&cursor=abc')).toBe('/v1/audits/geo/crawlability-checks?workspaceId=w1&format=csv');
    expect(csvHref('/v1/workspaces')).toBe('/v1/workspaces?format=csv');
  });
});
