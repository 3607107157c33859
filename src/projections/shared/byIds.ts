import type { BulkOperation, Collection, Doc } from '../../ports/documentStore.js';

/** Ids per `$in` query: a batch of events may touch thousands of documents. */
const LOOKUP_CHUNK = 500;

/** The documents of these ids that exist, read a chunk of ids at a time. */
export async function findByIds<T extends Doc>(collection: Collection<T>, ids: readonly string[]): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < ids.length; start += LOOKUP_CHUNK) {
    found.push(...(await collection.find({ _id: { $in: ids.slice(start, start + LOOKUP_CHUNK) } })));
  }
  return found;
}

/** The bulk operation that writes a whole document, inserting it or replacing the one of its id. */
export const replacement = <T extends Doc>(document: T): BulkOperation<T> => ({ replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true } });
