/** A list screen's own URL parameters: search text, sort and the page's offset. */
export interface ListQuery {
  search: string;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  offset: number;
}

export const PAGE_SIZE = 25;

export function listQuery(search: URLSearchParams, defaultSort: string): ListQuery {
  const offset = Number.parseInt(search.get('offset') ?? '0', 10);
  return {
    search: search.get('search') ?? '',
    sortBy: search.get('sortBy') || defaultSort,
    sortOrder: search.get('sortOrder') === 'asc' ? 'asc' : 'desc',
    offset: Number.isFinite(offset) && offset > 0 ? offset : 0,
  };
}
