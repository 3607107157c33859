import { find as mingoFind } from 'mingo';
import type { Doc, FindOptions } from '../../ports/documentStore.js';

/** How many matches a store must read for `options`: without a sort, `skip + limit` are enough; else every one. */
export function candidatesNeeded({ sort, skip = 0, limit = 0 }: FindOptions): number | undefined {
  return !sort && limit > 0 ? skip + limit : undefined;
}

/**
 * The matches (in the store's order, at most `candidatesNeeded`) sorted, skipped, limited and projected as Mongo
 * would. Without sort, skip or projection the limit is already applied: a mingo cursor would only cost its setup
 * (a fresh operator context per call), and findOne is this path with limit 1.
 */
export function shapeFound(matches: Doc[], { sort, skip = 0, limit = 0, projection }: FindOptions): Doc[] {
  if (!sort && skip === 0 && !projection) return matches;
  const cursor = mingoFind(matches, {}, projection ?? {});
  if (sort) cursor.sort(sort);
  if (skip > 0) cursor.skip(skip);
  if (limit > 0) cursor.limit(limit);
  return cursor.all() as Doc[];
}
