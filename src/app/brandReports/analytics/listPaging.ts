import { z } from 'zod';
import { offsetPage, offsetPagingFields } from '../../shared/paging.js';

/**
 * Paging of the report's prompt and citation lists: `limit` (default 25, at most 100)
 * and a zero-based `offset`, answered with `hasMore` and `totalCount` beside them. MCP list tools page with
 * `page`/`pageSize`, which their binding turns into these.
 */
export const listPagingFields = {
  limit: offsetPagingFields.limit,
  offset: z.number().int().min(0).default(0).describe('Zero-based offset; default 0'),
};

export const countedPagingSchema = z
  .object({ limit: z.number().int(), offset: z.number().int(), hasMore: z.boolean(), totalCount: z.number().int() })
  .meta({ id: 'CountedOffsetPaging' });

export const SORT_ORDERS = ['desc', 'asc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const sortOrderField = z.enum(SORT_ORDERS).default('desc').describe('desc (default) or asc');

/** One page of `ordered`, with the number of items matching. */
export function countedPage<T>(ordered: readonly T[], query: { limit: number; offset: number }) {
  const page = offsetPage(ordered, query);
  return { items: page.items, paging: { ...page.paging, totalCount: ordered.length } };
}
