import { z } from 'zod';
import type { Collection, Doc, Filter } from '../../ports/documentStore.js';

/** Cursor pages hold 25 items. */
export const PAGE_SIZE = 25;

/** Where the previous page stopped: the last item's sort key. */
export interface PageCursor {
  createdDate: string;
  id: string;
}

export const cursorPagingSchema = z
  .object({
    nextCursor: z.string().nullable().describe('Send it back as `cursor` for the next page; null when there is none'),
    hasMore: z.boolean(),
  })
  .meta({ id: 'CursorPaging' });

export type CursorPaging = z.output<typeof cursorPagingSchema>;

/** The list a cursor belongs to travels inside it, so a cursor of one list is refused by another. */
const cursorPayloadSchema = z.object({ list: z.string(), createdDate: z.iso.datetime(), id: z.string().min(1) }).strict();

const encodeCursor = (list: string, position: PageCursor): string =>
  Buffer.from(JSON.stringify({ list, ...position })).toString('base64url');

function decodeCursor(list: string, text: string): PageCursor | null {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = cursorPayloadSchema.safeParse(payload);
  if (!parsed.success || parsed.data.list !== list) return null;
  return { createdDate: parsed.data.createdDate, id: parsed.data.id };
}

/** The `cursor` query parameter of one list: opaque text in, the decoded position out. */
export function cursorParameterSchema(list: string) {
  return z
    .string()
    .min(1)
    .transform((text, context): PageCursor => {
      const cursor = decodeCursor(list, text);
      if (cursor) return cursor;
      context.addIssue({ code: 'custom', message: 'Invalid cursor: send back the nextCursor of a previous response of this list' });
      return z.NEVER;
    })
    .describe('`nextCursor` of a previous response; omit for the first page');
}

type Listed = Doc & { createdDate: string };

/**
 * One page, newest first (createdDate desc, then id desc). The cursor is a position in that order, not an
 * offset, so items added between calls never shift or repeat the following pages.
 */
export async function newestFirstPage<T extends Listed>(
  collection: Collection<T>,
  list: string,
  filter: Filter,
  cursor: PageCursor | undefined,
): Promise<{ documents: T[]; paging: CursorPaging }> {
  const after: Filter = cursor
    ? {
        createdDate: { $lte: cursor.createdDate },
        $or: [{ createdDate: { $lt: cursor.createdDate } }, { _id: { $lt: cursor.id } }],
      }
    : {};
  const found = await collection.find({ ...filter, ...after }, { sort: { createdDate: -1, _id: -1 }, limit: PAGE_SIZE + 1 });
  const documents = found.slice(0, PAGE_SIZE);
  const last = documents.at(-1);
  const hasMore = found.length > PAGE_SIZE && last !== undefined;
  const nextCursor = hasMore ? encodeCursor(list, { createdDate: last.createdDate, id: last._id }) : null;
  return { documents, paging: { nextCursor, hasMore } };
}

/** A stretch of a list: `limit` items from the zero-based `offset`. */
export interface ListRange {
  offset: number;
  limit: number;
}

/** One stretch of a list with the total number of items it has: what page-based bindings (MCP) answer from. */
export interface ListWindow<T> {
  items: T[];
  totalCount: number;
}

/** The newest-first order of `newestFirstPage` read at an offset instead of after a cursor. */
export async function newestFirstWindow<T extends Listed>(collection: Collection<T>, filter: Filter, range: ListRange): Promise<ListWindow<T>> {
  const [items, totalCount] = await Promise.all([
    collection.find(filter, { sort: { createdDate: -1, _id: -1 }, skip: range.offset, limit: range.limit }),
    collection.countDocuments(filter),
  ]);
  return { items, totalCount };
}

/** Offset paging: `limit` up to 100 (default 25), `offset` a multiple of it. */
export const offsetPagingFields = {
  limit: z.number().int().min(1).max(100).default(PAGE_SIZE).describe('Page size, 1 to 100; default 25'),
  offset: z.number().int().min(0).default(0).describe('Zero-based offset, a multiple of limit; default 0'),
};

/** `offset` a multiple of `limit`; skipped where a binding pages by other fields (MCP's page and pageSize). */
export function checkOffsetPaging(query: { limit?: number; offset?: number }, context: z.RefinementCtx): void {
  if (query.limit === undefined || query.offset === undefined || query.limit < 1) return;
  if (query.offset % query.limit !== 0) context.addIssue({ code: 'custom', path: ['offset'], message: 'offset must be a multiple of limit' });
}

export const offsetPagingSchema = z
  .object({ limit: z.number().int(), offset: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'OffsetPaging' });

/** One stretch of `ordered`. */
export const windowOf = <T>(ordered: readonly T[], { offset, limit }: ListRange): ListWindow<T> => ({
  items: ordered.slice(offset, offset + limit),
  totalCount: ordered.length,
});

/** The offset paging answer of a window read at `range`. */
export const offsetPaging = ({ items, totalCount }: ListWindow<unknown>, { limit, offset }: ListRange) => ({
  limit,
  offset,
  hasMore: offset + items.length < totalCount,
});

/** One page of `ordered` at the query's offset. */
export function offsetPage<T>(ordered: readonly T[], range: ListRange) {
  const window = windowOf(ordered, range);
  return { items: window.items, paging: offsetPaging(window, range) };
}
