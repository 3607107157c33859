/**
 * PostgreSQL read-model store: each collection is a table in schema `geolens_readmodels`, queried with Mongo
 * semantics (see PostgresCollection). Transactions run at REPEATABLE READ, PostgreSQL's snapshot isolation, which
 * aborts the second of two transactions writing one row; the port's `work` then runs again, as on MongoDB.
 * A write outside a transaction is a transaction of its own, retried the same way.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { DuplicateKeyError, type Collection, type Doc, type DocumentStore, type TransactionScope } from '../../ports/documentStore.js';
import { connectAndMigrate } from '../postgres/connection.js';
import { PostgresCollection, type Runner, type Session, type TableInfo } from './postgresCollection.js';

const SCHEMA = 'geolens_readmodels';
/** PostgreSQL truncates longer identifiers. */
const MAX_IDENTIFIER_BYTES = 63;
/**
 * Serialization failures, deadlocks and catalog races of concurrent CREATE … IF NOT EXISTS (the table's name, 42P07,
 * or its row type, 42710, created by another connection between the check and the insert): run again.
 */
const RETRYABLE_CODES = new Set(['40001', '40P01', '42P07', '42710']);
const MAX_ATTEMPTS = 100;
const UNDEFINED_TABLE = '42P01';

/** The table of a collection: its name where PostgreSQL can hold it, else a hash (the name is in the table's comment). */
export function tableNameOf(name: string): string {
  return Buffer.byteLength(name) <= MAX_IDENTIFIER_BYTES && !name.includes('"') ? name : `c_${hash(name)}`;
}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 40);
const quoteLiteral = (text: string): string => `'${text.replaceAll("'", "''")}'`;

function isRetryable(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return (code !== undefined && RETRYABLE_CODES.has(code)) || (code === '23505' && (constraint ?? '').startsWith('pg_'));
}

function asPortError(error: unknown): unknown {
  const { code, detail, table } = (error ?? {}) as { code?: string; detail?: string; table?: string };
  if (code === '23505' && !isRetryable(error)) return new DuplicateKeyError(`E11000 duplicate key error collection: ${table ?? ''}: ${detail ?? ''}`);
  return error;
}

/**
 * The tables known to exist. A transaction's creates and drops stay its own until it commits: another session
 * told of a table created by an open transaction would query a table it cannot see yet.
 */
class TableCache {
  readonly #own = new Map<string, TableInfo | null>();

  constructor(
    private readonly committed: Map<string, TableInfo>,
    private readonly inTransaction: boolean,
  ) {}

  /** The table, null when known to be missing here, undefined when unknown. */
  get(name: string): TableInfo | null | undefined {
    return this.#own.has(name) ? this.#own.get(name) : this.committed.get(name);
  }

  set(name: string, info: TableInfo | null): void {
    if (this.inTransaction) this.#own.set(name, info);
    else if (info) this.committed.set(name, info);
    else this.committed.delete(name);
  }

  commit(): void {
    for (const [name, info] of this.#own) {
      if (info) this.committed.set(name, info);
      else this.committed.delete(name);
    }
  }
}

interface CachedSession extends Session {
  readonly tables: TableCache;
}

const sessionOf = (queryable: pg.Pool | pg.PoolClient, tables: TableCache): CachedSession => ({
  rows: async (sql, params) => (await queryable.query(sql, params as unknown[] | undefined)).rows as Array<Record<string, unknown>>,
  tables,
});

export class PostgresDocumentStore implements DocumentStore {
  readonly #tables = new Map<string, TableInfo>();

  private constructor(private readonly pool: pg.Pool) {}

  static async connect(url: string): Promise<PostgresDocumentStore> {
    return new PostgresDocumentStore(await connectAndMigrate(url));
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    assertValidCollectionName(name);
    return new PostgresCollection<T>(name, this.#runner(undefined));
  }

  async withTransaction<R>(work: (scope: TransactionScope) => Promise<R>): Promise<R> {
    return this.#transaction(async (session) => {
      let active = true;
      const scoped: CachedSession = {
        rows: (sql, params) => {
          if (!active) throw new Error('This transaction scope has ended; use it only inside withTransaction.');
          return session.rows(sql, params);
        },
        tables: session.tables,
      };
      try {
        return await work({ collection: (name) => (assertValidCollectionName(name), new PostgresCollection(name, this.#runner(scoped))) });
      } finally {
        active = false;
      }
    });
  }

  async listCollections(): Promise<string[]> {
    const { rows } = await this.pool.query<{ name: string }>(
      `SELECT obj_description(c.oid, 'pg_class') AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind = 'r' ORDER BY 1`,
      [SCHEMA],
    );
    return rows.map((row) => row.name);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** Runs `work` in a REPEATABLE READ transaction on one connection, again after a serialization conflict. */
  async #transaction<R>(work: (session: CachedSession) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
        const tables = new TableCache(this.#tables, true);
        const result = await work(sessionOf(client, tables));
        await client.query('COMMIT');
        tables.commit();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        // Tables created or dropped inside the rolled-back transaction are not what the cache remembers.
        this.#tables.clear();
        if (!isRetryable(error) || attempt >= MAX_ATTEMPTS) throw asPortError(error);
        await sleep(Math.random() * Math.min(50, attempt * 2));
      } finally {
        client.release();
      }
    }
  }

  /** Inside a transaction (`scope` set) every operation runs on its connection; outside, reads use the pool. */
  #runner(scope: CachedSession | undefined): Runner {
    const wrap = async <R>(run: Promise<R>): Promise<R> => run.catch((error: unknown) => Promise.reject(asPortError(error)));
    return {
      read: (work) => (scope ? wrap(work(scope)) : this.#readOutside(work)),
      write: (work) => (scope ? wrap(work(scope)) : this.#transaction(work)),
      existing: async (session, name) => {
        const known = cached(session).get(name);
        return known === null ? undefined : (known ?? (await this.#openExisting(session, name)));
      },
      ensure: async (session, name) => cached(session).get(name) ?? (await this.#create(session, name)),
      drop: async (session, name) => {
        await session.rows(`DROP TABLE IF EXISTS ${qualified(name)}`);
        cached(session).set(name, null);
      },
      indexName: (name, index) => tableNameOf(`${name}.${index}`),
    };
  }

  /** A read outside a transaction; a table another process dropped is forgotten and the read runs again. */
  async #readOutside<R>(work: (session: Session) => Promise<R>): Promise<R> {
    const run = (): Promise<R> => work(sessionOf(this.pool, new TableCache(this.#tables, false)));
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw asPortError(error);
      this.#tables.clear();
      return run().catch((again: unknown) => Promise.reject(asPortError(again)));
    }
  }

  async #openExisting(session: Session, name: string): Promise<TableInfo | undefined> {
    const [row] = await session.rows('SELECT to_regclass($1) IS NOT NULL AS present', [qualified(name)]);
    if (!row?.present) return undefined;
    const indexes = await session.rows(
      'SELECT obj_description(indexrelid, $2) AS fields FROM pg_index WHERE indrelid = to_regclass($1)',
      [qualified(name), 'pg_class'],
    );
    const indexedFields = new Set(indexes.flatMap((index) => (typeof index.fields === 'string' ? index.fields.split(',') : [])));
    const info = { table: qualified(name), indexedFields };
    cached(session).set(name, info);
    return info;
  }

  async #create(session: Session, name: string): Promise<TableInfo> {
    const table = qualified(name);
    await session.rows(`CREATE TABLE IF NOT EXISTS ${table} (_id text COLLATE "C" PRIMARY KEY, doc json NOT NULL)`);
    await session.rows(`COMMENT ON TABLE ${table} IS ${quoteLiteral(name)}`);
    return (await this.#openExisting(session, name)) as TableInfo;
  }
}

const cached = (session: Session): TableCache => (session as CachedSession).tables;
const qualified = (name: string): string => `${SCHEMA}."${tableNameOf(name)}"`;

/** Mongo's rules for collection names. */
function assertValidCollectionName(name: string): void {
  if (name === '' || name.includes('$') || name.includes('\0') || name.startsWith('system.')) {
    throw new TypeError(`Invalid collection name: ${JSON.stringify(name)}`);
  }
}
