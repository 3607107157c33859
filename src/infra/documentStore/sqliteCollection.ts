import type {
  BulkOperation,
  Collection,
  DeleteResult,
  Doc,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexOptions,
  JsonDocument,
  PipelineStage,
  FieldProjection,
  SortSpec,
  Update,
  UpdateOptions,
  UpdateResult,
} from '../../ports/documentStore.js';
import { nothingMatched, type CollectionTable } from './collectionTable.js';

/** Runs a synchronous table operation once the caller may use the connection. */
export type Execute = <R>(operation: () => R) => Promise<R>;

/** The tables of one connection, opened on first use. */
export interface TableRegistry {
  /** The table, or undefined when the collection was never written (reads then see it empty). */
  existing(name: string): CollectionTable | undefined;
  /** The table, created when missing. */
  ensure(name: string): CollectionTable;
  drop(name: string): void;
}

/** The port's async collection over a synchronous table; `execute` decides when it may touch the connection. */
export class SqliteCollection<T extends Doc = Doc> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly tables: TableRegistry,
    private readonly execute: Execute,
  ) {
    assertValidCollectionName(name);
  }

  findOne(filter: Filter, options: { projection?: FieldProjection; sort?: SortSpec } = {}): Promise<T | null> {
    return this.onExisting((table) => (table.find(filter, { ...options, limit: 1 })[0] as T | undefined) ?? null, null);
  }

  find(filter: Filter, options?: FindOptions): Promise<T[]> {
    return this.onExisting((table) => table.find(filter, options) as T[], []);
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return this.onExisting((table) => table.count(filter), 0);
  }

  aggregate<R = Doc>(pipeline: readonly PipelineStage[]): Promise<R[]> {
    return this.onExisting((table) => table.aggregate(pipeline) as R[], []);
  }

  insertOne(document: T): Promise<void> {
    return this.onCreated((table) => table.insert([document]));
  }

  insertMany(documents: readonly T[]): Promise<void> {
    return this.onCreated((table) => table.insert(documents));
  }

  updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    if (options.upsert) return this.onCreated((table) => table.updateOne(filter, update, true));
    return this.onExisting((table) => table.updateOne(filter, update), nothingMatched());
  }

  updateMany(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    if (options.upsert) return this.onCreated((table) => table.updateMany(filter, update, true));
    return this.onExisting((table) => table.updateMany(filter, update), nothingMatched());
  }

  replaceOne(filter: Filter, replacement: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    if (options.upsert) return this.onCreated((table) => table.replaceOne(filter, replacement, true));
    return this.onExisting((table) => table.replaceOne(filter, replacement), nothingMatched());
  }

  findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const operation = (table: CollectionTable): T | null => table.findOneAndUpdate(filter, update, options) as T | null;
    return options.upsert ? this.onCreated(operation) : this.onExisting(operation, null);
  }

  deleteOne(filter: Filter): Promise<DeleteResult> {
    return this.onExisting((table) => ({ deletedCount: table.deleteOne(filter) }), { deletedCount: 0 });
  }

  deleteMany(filter: Filter): Promise<DeleteResult> {
    return this.onExisting((table) => ({ deletedCount: table.deleteMany(filter) }), { deletedCount: 0 });
  }

  bulkWrite(operations: readonly BulkOperation<T>[]): Promise<void> {
    return this.onCreated((table) => table.bulkWrite(operations));
  }

  upsertJson(documents: readonly JsonDocument[]): Promise<void> {
    return this.onCreated((table) => table.upsertJson(documents));
  }

  findJson(ids: readonly string[]): Promise<Map<string, string>> {
    return this.onExisting((table) => table.findJson(ids), new Map<string, string>());
  }

  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<void> {
    return this.onCreated((table) => table.createIndex(keys, options));
  }

  drop(): Promise<void> {
    return this.execute(() => this.tables.drop(this.name));
  }

  private onExisting<R>(operation: (table: CollectionTable) => R, whenMissing: R): Promise<R> {
    return this.execute(() => {
      const table = this.tables.existing(this.name);
      return table ? operation(table) : whenMissing;
    });
  }

  private onCreated<R>(operation: (table: CollectionTable) => R): Promise<R> {
    return this.execute(() => operation(this.tables.ensure(this.name)));
  }
}

/** Mongo's rules for collection names, plus SQLite's reserved `sqlite_` prefix since names become tables. */
function assertValidCollectionName(name: string): void {
  if (name === '' || name.includes('$') || name.includes('\0') || name.startsWith('system.') || name.toLowerCase().startsWith('sqlite_')) {
    throw new TypeError(`Invalid collection name: ${JSON.stringify(name)}`);
  }
}
