import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Collection, Doc, DocumentStore, TransactionScope } from '../../ports/documentStore.js';
import { Mutex } from 'async-mutex';
import { CollectionTable, quoteIdentifier, type WriteGuard } from './collectionTable.js';
import { SqliteCollection, type Execute, type TableRegistry } from './sqliteCollection.js';

export const READ_MODELS_FILE = 'readmodels.sqlite';
/** Usage counters: written on every request, so kept apart from the read models with their own durability. */
export const USAGE_FILE = 'usage.sqlite';

export interface SqliteDocumentStoreOptions {
  /** Default READ_MODELS_FILE. */
  file?: string;
  /**
   * `full` (default): every commit waits for its fsync. `normal`: commits do not wait (WAL is synced at
   * checkpoints), so a killed process loses nothing, but a power loss may roll back the last commits.
   */
  durability?: 'full' | 'normal';
}

/** How long a write waits for another process's transaction before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * The embedded document store: every collection is a table in one SQLite file, queried with Mongo
 * semantics (see CollectionTable). One connection serves the process; an async mutex keeps other callers'
 * statements out of an open transaction, and BEGIN IMMEDIATE keeps other processes out of our writes.
 */
export class SqliteDocumentStore implements DocumentStore {
  private readonly mutex = new Mutex();
  private readonly transactions: SqliteTransactions;
  private readonly tables: SqliteTableRegistry;

  private constructor(private readonly db: Database.Database) {
    this.transactions = new SqliteTransactions(db);
    this.tables = new SqliteTableRegistry(db, this.transactions);
  }

  static async open(dataDir: string, options: SqliteDocumentStoreOptions = {}): Promise<SqliteDocumentStore> {
    await mkdir(dataDir, { recursive: true });
    const db = new Database(join(dataDir, options.file ?? READ_MODELS_FILE), { timeout: BUSY_TIMEOUT_MS });
    db.pragma('journal_mode = WAL');
    // In WAL mode every commit is atomic even under NORMAL, so a checkpoint never drifts from its read model;
    // NORMAL may however lose the last commits on power loss, which state not rebuilt from the event log
    // (leases, rebuild progress) should not, so the read models wait for each fsync.
    db.pragma(`synchronous = ${options.durability === 'normal' ? 'NORMAL' : 'FULL'}`);
    return new SqliteDocumentStore(db);
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new SqliteCollection<T>(name, this.tables, this.execute);
  }

  /**
   * `work` must reach the store only through `scope`: the store's own collections queue behind the open
   * transaction, so awaiting one of them inside `work` would wait forever.
   */
  withTransaction<R>(work: (scope: TransactionScope) => Promise<R>): Promise<R> {
    return this.mutex.runExclusive(async () => {
      const scope = new SqliteTransactionScope(this.tables);
      try {
        return await this.transactions.run(() => work(scope));
      } catch (error) {
        // Tables created or dropped inside the rolled-back transaction are not what the registry remembers.
        this.tables.forgetAll();
        throw error;
      } finally {
        scope.end();
      }
    });
  }

  listCollections(): Promise<string[]> {
    return this.execute(
      () =>
        this.db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
          .pluck()
          .all() as string[],
    );
  }

  close(): Promise<void> {
    return this.mutex.runExclusive(() => {
      if (this.db.open) this.db.close();
    });
  }

  /** Operations outside a transaction run at once when the connection is free, else queue behind it. */
  private readonly execute: Execute = async (operation) => (this.mutex.isLocked() ? this.mutex.runExclusive(operation) : operation());
}

class SqliteTransactionScope implements TransactionScope {
  private active = true;

  constructor(private readonly tables: TableRegistry) {}

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new SqliteCollection<T>(name, this.tables, this.execute);
  }

  end(): void {
    this.active = false;
  }

  /** The transaction already holds the connection, so its operations run without queueing. */
  private readonly execute: Execute = async (operation) => {
    if (!this.active) throw new Error('This transaction scope has ended; use it only inside withTransaction.');
    return operation();
  };
}

class SqliteTransactions implements WriteGuard {
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  private readonly savepoint: Database.Statement;
  private readonly releaseSavepoint: Database.Statement;
  private readonly rollbackToSavepoint: Database.Statement;

  constructor(private readonly db: Database.Database) {
    // IMMEDIATE takes the write lock up front: a deferred transaction that reads first and then writes
    // fails at once with SQLITE_BUSY_SNAPSHOT in WAL mode when another process wrote in between.
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
    this.savepoint = db.prepare('SAVEPOINT operation');
    this.releaseSavepoint = db.prepare('RELEASE operation');
    this.rollbackToSavepoint = db.prepare('ROLLBACK TO operation');
  }

  async run<R>(work: () => Promise<R>): Promise<R> {
    this.begin.run();
    try {
      const result = await work();
      this.commit.run();
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.rollback.run();
      throw error;
    }
  }

  exclusive<R>(work: () => R): R {
    return this.db.inTransaction ? work() : this.runSync(work);
  }

  allOrNothing<R>(work: () => R): R {
    return this.db.inTransaction ? this.inSavepoint(work) : this.runSync(work);
  }

  private runSync<R>(work: () => R): R {
    this.begin.run();
    try {
      const result = work();
      this.commit.run();
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.rollback.run();
      throw error;
    }
  }

  /** Inside an open transaction a failed operation is undone alone; the transaction goes on. */
  private inSavepoint<R>(work: () => R): R {
    this.savepoint.run();
    try {
      const result = work();
      this.releaseSavepoint.run();
      return result;
    } catch (error) {
      this.rollbackToSavepoint.run();
      this.releaseSavepoint.run();
      throw error;
    }
  }
}

class SqliteTableRegistry implements TableRegistry {
  private readonly tables = new Map<string, CollectionTable>();

  constructor(
    private readonly db: Database.Database,
    private readonly guard: WriteGuard,
  ) {}

  existing(name: string): CollectionTable | undefined {
    const cached = this.tables.get(name);
    if (cached) return cached;
    const table = CollectionTable.openExisting(this.db, name, this.guard);
    if (table) this.tables.set(name, table);
    return table;
  }

  ensure(name: string): CollectionTable {
    const cached = this.tables.get(name);
    if (cached) return cached;
    const table = CollectionTable.create(this.db, name, this.guard);
    this.tables.set(name, table);
    return table;
  }

  drop(name: string): void {
    this.db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(name)}`);
    this.tables.delete(name);
  }

  forgetAll(): void {
    this.tables.clear();
  }
}
