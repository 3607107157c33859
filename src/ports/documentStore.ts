/**
 * Document store port for read models, shaped like the subset of the MongoDB collection API that the
 * projections and queries use. A read model's queries are written once against this port; the MongoDB
 * adapter passes them through and the embedded adapter (SQLite storage) evaluates the same filters,
 * update operators and pipelines.
 *
 * Documents are JSON values only (strings, finite numbers, booleans, null, arrays, plain objects): store
 * timestamps as ISO strings and positions as decimal strings. `_id` is always a string.
 * Index keys must name fields that hold scalar values (the embedded adapter uses indexed fields to
 * narrow a query in SQL before evaluating the full filter).
 */

export type Doc = { _id: string } & { [field: string]: unknown };

/** A MongoDB query filter (`{a: 1, b: {$gte: 2}, $or: [...]}`). */
export type Filter = Record<string, unknown>;
/** A MongoDB update document with operators (`{$set: {...}, $inc: {...}, $setOnInsert: {...}, ...}`). */
export type Update = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;
/** Which fields a query returns (MongoDB projection): 1 includes, 0 excludes. */
export type FieldProjection = Record<string, 0 | 1>;
export type PipelineStage = Record<string, unknown>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: FieldProjection;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface FindOneAndUpdateOptions extends UpdateOptions {
  /** Default 'after'. */
  returnDocument?: 'before' | 'after';
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  /** `_id` of the inserted document when the upsert inserted one, else null. */
  upsertedId: string | null;
}

export interface DeleteResult {
  deletedCount: number;
}

export interface IndexOptions {
  unique?: boolean;
  name?: string;
}

export type BulkOperation<T extends Doc = Doc> =
  | { insertOne: { document: T } }
  | { updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { updateMany: { filter: Filter; update: Update; upsert?: boolean } }
  | { replaceOne: { filter: Filter; replacement: T; upsert?: boolean } }
  | { deleteOne: { filter: Filter } }
  | { deleteMany: { filter: Filter } };

/**
 * A whole document as JSON text: what a thread that built it (report history's analysis threads) hands over, so
 * that the thread writing it neither copies the object across nor serializes it again. `json` encodes an object
 * whose `_id` is `_id`.
 */
export interface JsonDocument {
  _id: string;
  json: string;
}

/** Thrown when a unique index (including `_id`) would be violated. */
export class DuplicateKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DuplicateKeyError';
  }
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort'>): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  countDocuments(filter?: Filter): Promise<number>;
  aggregate<R = Doc>(pipeline: readonly PipelineStage[]): Promise<R[]>;
  insertOne(document: T): Promise<void>;
  insertMany(documents: readonly T[]): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  replaceOne(filter: Filter, replacement: T, options?: UpdateOptions): Promise<UpdateResult>;
  /** Atomic read-modify-write; null when nothing matched and no upsert. */
  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions): Promise<T | null>;
  deleteOne(filter: Filter): Promise<DeleteResult>;
  deleteMany(filter: Filter): Promise<DeleteResult>;
  /** Ordered; all-or-nothing when run inside a transaction, and all-or-nothing on the embedded store always. */
  bulkWrite(operations: readonly BulkOperation<T>[]): Promise<void>;
  /**
   * Inserts or replaces whole documents given as JSON text, by `_id`, in order (all-or-nothing as `bulkWrite`):
   * a store that keeps JSON text stores it as given.
   */
  upsertJson(documents: readonly JsonDocument[]): Promise<void>;
  /** The JSON text of the documents with these ids, by id (absent ids have no entry): for a thread that parses them itself. */
  findJson(ids: readonly string[]): Promise<Map<string, string>>;
  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<void>;
  drop(): Promise<void>;
}

/** Collections bound to one transaction: their writes commit together or not at all. */
export interface TransactionScope {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
}

export interface DocumentStore {
  /** Events a projection should apply per transaction here, when the store bounds a transaction's time or size. */
  readonly preferredBatchSize?: number;
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /**
   * Runs `work` in one transaction. Writes through `scope` commit atomically when `work` resolves and are
   * discarded when it rejects (the rejection is re-thrown). Reads through `scope` see the transaction's writes.
   *
   * Isolation is snapshot isolation, no more (MongoDB; the embedded store is serializable): reads see one
   * snapshot, and of two concurrent transactions that write the same document one is aborted and `work` runs
   * again, so `work` may run more than once. Only write-write conflicts are detected: a transaction that
   * checks one document and acts on another must also write the document it checked (with its values), or a
   * concurrent transaction acting on the opposite read commits beside it (write skew).
   */
  withTransaction<R>(work: (scope: TransactionScope) => Promise<R>): Promise<R>;
  listCollections(): Promise<string[]>;
  close(): Promise<void>;
}
