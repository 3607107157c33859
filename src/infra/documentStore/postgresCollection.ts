import { randomUUID } from 'node:crypto';
import { Aggregator, Query } from 'mingo';
import {
  DuplicateKeyError,
  type BulkOperation,
  type Collection,
  type DeleteResult,
  type Doc,
  type FieldProjection,
  type Filter,
  type FindOneAndUpdateOptions,
  type FindOptions,
  type IndexOptions,
  type JsonDocument,
  type PipelineStage,
  type SortSpec,
  type Update,
  type UpdateOptions,
  type UpdateResult,
} from '../../ports/documentStore.js';
import { candidatesNeeded, shapeFound } from './findOptions.js';
import { equalityConditions, isPlainObject } from './mongoFilter.js';
import { fieldExpression, narrowForPostgres, type PgNarrowing } from './postgresFilter.js';
import { applyUpdate, buildUpsertDocument } from './updates.js';
import { nothingMatched } from './collectionTable.js';
import { isIndexablePath } from './sqlFilter.js';

/** One connection's queries: a transaction's client, or the pool for reads outside one. */
export interface Session {
  rows(sql: string, params?: readonly unknown[]): Promise<Array<Record<string, unknown>>>;
}

export interface TableInfo {
  /** The schema-qualified, quoted table name. */
  readonly table: string;
  /** Fields with an index, recorded in the index comments, which narrow queries in SQL. */
  readonly indexedFields: Set<string>;
}

/** Where a collection's operations run: reads on any connection, writes in a (retried) transaction. */
export interface Runner {
  read<R>(work: (session: Session) => Promise<R>): Promise<R>;
  write<R>(work: (session: Session) => Promise<R>): Promise<R>;
  /** The table, or undefined when the collection was never written (reads then see it empty). */
  existing(session: Session, name: string): Promise<TableInfo | undefined>;
  ensure(session: Session, name: string): Promise<TableInfo>;
  drop(session: Session, name: string): Promise<void>;
  indexName(name: string, index: string): string;
}

/**
 * One collection as a table `(_id text COLLATE "C" PRIMARY KEY, doc json)`: SQL narrows the candidate rows by
 * `_id` and indexed fields, mingo decides which match (as CollectionTable does on SQLite). `json` keeps each
 * document's text, so its keys come back in the order they were written, as from the other stores.
 */
export class PostgresCollection<T extends Doc = Doc> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly runner: Runner,
  ) {}

  findOne(filter: Filter, options: { projection?: FieldProjection; sort?: SortSpec } = {}): Promise<T | null> {
    return this.onExisting(async (session, table) => ((await find(session, table, filter, { ...options, limit: 1 }))[0] as T | undefined) ?? null, null);
  }

  find(filter: Filter, options?: FindOptions): Promise<T[]> {
    return this.onExisting(async (session, table) => (await find(session, table, filter, options)) as T[], []);
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return this.onExisting(async (session, table) => {
      const narrowing = narrowForPostgres(filter, table.indexedFields);
      if (!narrowing.exact) return (await matching(session, table, filter, narrowing)).length;
      const [row] = await session.rows(`SELECT count(*)::integer AS count FROM ${table.table}${whereClause(narrowing)}`, narrowing.params);
      return row?.count as number;
    }, 0);
  }

  aggregate<R = Doc>(pipeline: readonly PipelineStage[]): Promise<R[]> {
    return this.onExisting(async (session, table) => {
      const [first, ...rest] = pipeline;
      const leadingMatch = first && Object.keys(first).length === 1 && isPlainObject(first.$match) ? first.$match : undefined;
      const input = await matching(session, table, leadingMatch ?? {});
      return new Aggregator(leadingMatch ? rest : [...pipeline]).run(input) as R[];
    }, []);
  }

  insertOne(document: T): Promise<void> {
    return this.insertMany([document]);
  }

  upsertJson(documents: readonly JsonDocument[]): Promise<void> {
    if (documents.length === 0) return Promise.resolve();
    // One statement may write a row once: the last text given for an id is the one that stands, as in order.
    const last = [...new Map(documents.map((document) => [document._id, document.json]))];
    // The texts go to the server as they are: it parses them into the json column.
    return this.onCreated(async (session, table) => {
      await session.rows(
        `INSERT INTO ${table.table} (_id, doc) SELECT * FROM unnest($1::text[], $2::json[]) ON CONFLICT (_id) DO UPDATE SET doc = excluded.doc`,
        [last.map(([id]) => id), last.map(([, json]) => json)],
      );
    });
  }

  findJson(ids: readonly string[]): Promise<Map<string, string>> {
    return this.onExisting(async (session, table) => {
      const rows = await session.rows(`SELECT _id, doc::text AS json FROM ${table.table} WHERE _id = ANY($1::text[])`, [[...ids]]);
      return new Map(rows.map((row) => [row._id as string, row.json as string]));
    }, new Map<string, string>());
  }

  insertMany(documents: readonly T[]): Promise<void> {
    documents.forEach(assertStringId);
    return this.onCreated((session, table) => insertRows(session, table, documents));
  }

  updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const operation = (session: Session, table: TableInfo): Promise<UpdateResult> => updateMatches(session, table, filter, update, options.upsert, 1);
    return options.upsert ? this.onCreated(operation) : this.onExisting(operation, nothingMatched(), true);
  }

  updateMany(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const operation = (session: Session, table: TableInfo): Promise<UpdateResult> => updateMatches(session, table, filter, update, options.upsert);
    return options.upsert ? this.onCreated(operation) : this.onExisting(operation, nothingMatched(), true);
  }

  replaceOne(filter: Filter, replacement: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    const operation = (session: Session, table: TableInfo): Promise<UpdateResult> => replaceFirstMatch(session, table, filter, replacement, options.upsert);
    return options.upsert ? this.onCreated(operation) : this.onExisting(operation, nothingMatched(), true);
  }

  findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const operation = async (session: Session, table: TableInfo): Promise<T | null> => {
      const [current] = await matching(session, table, filter, undefined, 1);
      if (!current) {
        if (!options.upsert) return null;
        const inserted = await insertUpserted(session, table, buildUpsertDocument(filter, update));
        return options.returnDocument === 'before' ? null : (inserted as T);
      }
      const before = structuredClone(current);
      await saveUpdated(session, table, current, update, filter);
      return (options.returnDocument === 'before' ? before : current) as T;
    };
    return options.upsert ? this.onCreated(operation) : this.onExisting(operation, null, true);
  }

  deleteOne(filter: Filter): Promise<DeleteResult> {
    return this.onExisting(async (session, table) => ({ deletedCount: await deleteMatches(session, table, filter, 1) }), { deletedCount: 0 }, true);
  }

  deleteMany(filter: Filter): Promise<DeleteResult> {
    return this.onExisting(async (session, table) => ({ deletedCount: await deleteMatches(session, table, filter) }), { deletedCount: 0 }, true);
  }

  bulkWrite(operations: readonly BulkOperation<T>[]): Promise<void> {
    return this.onCreated(async (session, table) => {
      for (const operation of operations) await applyBulkOperation(session, table, operation);
    });
  }

  createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    const fields = Object.entries(keys);
    const invalid = fields.find(([field, direction]) => !isIndexablePath(field) || (direction !== 1 && direction !== -1));
    if (fields.length === 0 || invalid) {
      throw new TypeError(`Index keys must be dotted names of letters, digits and _ with direction 1 or -1: ${JSON.stringify(keys)}`);
    }
    const indexName = this.runner.indexName(this.name, options.name ?? fields.map(([field, direction]) => `${field}_${direction}`).join('_'));
    const columns = fields.map(([field, direction]) => `${fieldExpression(field)} ${direction === 1 ? 'ASC' : 'DESC'}`).join(', ');
    return this.onCreated(async (session, table) => {
      await session.rows(`CREATE ${options.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${indexName}" ON ${table.table} (${columns})`);
      await session.rows(`COMMENT ON INDEX geolens_readmodels."${indexName}" IS '${fields.map(([field]) => field).join(',')}'`);
      for (const [field] of fields) table.indexedFields.add(field);
    });
  }

  drop(): Promise<void> {
    return this.runner.write((session) => this.runner.drop(session, this.name));
  }

  private onExisting<R>(operation: (session: Session, table: TableInfo) => Promise<R>, whenMissing: R, writes = false): Promise<R> {
    const work = async (session: Session): Promise<R> => {
      const table = await this.runner.existing(session, this.name);
      return table ? operation(session, table) : whenMissing;
    };
    return writes ? this.runner.write(work) : this.runner.read(work);
  }

  private onCreated<R>(operation: (session: Session, table: TableInfo) => Promise<R>): Promise<R> {
    return this.runner.write(async (session) => operation(session, await this.runner.ensure(session, this.name)));
  }
}

async function find(session: Session, table: TableInfo, filter: Filter, options: FindOptions = {}): Promise<Doc[]> {
  return shapeFound(await matching(session, table, filter, undefined, candidatesNeeded(options)), options);
}

async function matching(session: Session, table: TableInfo, filter: Filter, narrowing?: PgNarrowing, stopAfter?: number): Promise<Doc[]> {
  const narrowed = narrowing ?? narrowForPostgres(filter, table.indexedFields);
  const select = `SELECT doc FROM ${table.table}${whereClause(narrowed)} ORDER BY _id`;
  if (narrowed.exact) {
    const limit = stopAfter === undefined ? '' : ` LIMIT ${stopAfter}`;
    return (await session.rows(`${select}${limit}`, narrowed.params)).map((row) => row.doc as Doc);
  }
  const query = new Query(filter);
  const matches: Doc[] = [];
  for (const row of await session.rows(select, narrowed.params)) {
    const document = row.doc as Doc;
    if (!query.test(document)) continue;
    matches.push(document);
    if (matches.length === stopAfter) break;
  }
  return matches;
}

async function updateMatches(session: Session, table: TableInfo, filter: Filter, update: Update, upsert = false, limit?: number): Promise<UpdateResult> {
  const matches = await matching(session, table, filter, undefined, limit);
  if (matches.length === 0) {
    if (!upsert) return nothingMatched();
    const inserted = await insertUpserted(session, table, buildUpsertDocument(filter, update));
    return { matchedCount: 0, modifiedCount: 0, upsertedId: inserted._id };
  }
  let modifiedCount = 0;
  for (const document of matches) if (await saveUpdated(session, table, document, update, filter)) modifiedCount += 1;
  return { matchedCount: matches.length, modifiedCount, upsertedId: null };
}

async function replaceFirstMatch(session: Session, table: TableInfo, filter: Filter, replacement: Doc, upsert = false): Promise<UpdateResult> {
  const [current] = await matching(session, table, filter, undefined, 1);
  if (!current) {
    if (!upsert) return nothingMatched();
    const _id = replacement._id ?? equalityConditions(filter)._id ?? randomUUID();
    const inserted = await insertUpserted(session, table, { ...replacement, _id } as Doc);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: inserted._id };
  }
  if (replacement._id !== undefined && replacement._id !== current._id) {
    throw new Error(`replaceOne would change the immutable field '_id' from ${current._id} to ${replacement._id}`);
  }
  const next = JSON.stringify({ ...replacement, _id: current._id });
  if (next === JSON.stringify(current)) return { matchedCount: 1, modifiedCount: 0, upsertedId: null };
  await session.rows(`UPDATE ${table.table} SET doc = $1::json WHERE _id = $2`, [next, current._id]);
  return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
}

async function deleteMatches(session: Session, table: TableInfo, filter: Filter, limit?: number): Promise<number> {
  const narrowing = narrowForPostgres(filter, table.indexedFields);
  if (narrowing.exact && limit === undefined) {
    return (await session.rows(`DELETE FROM ${table.table}${whereClause(narrowing)} RETURNING _id`, narrowing.params)).length;
  }
  const ids = (await matching(session, table, filter, narrowing, limit)).map((document) => document._id);
  if (ids.length > 0) await session.rows(`DELETE FROM ${table.table} WHERE _id = ANY($1::text[])`, [ids]);
  return ids.length;
}

async function applyBulkOperation(session: Session, table: TableInfo, operation: BulkOperation): Promise<void> {
  if ('insertOne' in operation) {
    assertStringId(operation.insertOne.document);
    await insertRows(session, table, [operation.insertOne.document]);
  } else if ('updateOne' in operation) {
    const { filter, update, upsert } = operation.updateOne;
    await updateMatches(session, table, filter, update, upsert, 1);
  } else if ('updateMany' in operation) {
    const { filter, update, upsert } = operation.updateMany;
    await updateMatches(session, table, filter, update, upsert);
  } else if ('replaceOne' in operation) {
    const { filter, replacement, upsert } = operation.replaceOne;
    await replaceFirstMatch(session, table, filter, replacement, upsert);
  } else if ('deleteOne' in operation) {
    await deleteMatches(session, table, operation.deleteOne.filter, 1);
  } else if ('deleteMany' in operation) {
    await deleteMatches(session, table, operation.deleteMany.filter);
  } else {
    throw new TypeError(`Unknown bulk operation: ${Object.keys(operation).join(', ')}`);
  }
}

/** Applies the update and stores the result when it changed anything. */
async function saveUpdated(session: Session, table: TableInfo, document: Doc, update: Update, filter: Filter): Promise<boolean> {
  if (!applyUpdate(document, update, filter)) return false;
  await session.rows(`UPDATE ${table.table} SET doc = $1::json WHERE _id = $2`, [JSON.stringify(document), document._id]);
  return true;
}

async function insertRows(session: Session, table: TableInfo, documents: readonly Doc[]): Promise<void> {
  if (documents.length === 0) return;
  await session.rows(`INSERT INTO ${table.table} (_id, doc) SELECT * FROM unnest($1::text[], $2::json[])`, [
    documents.map((document) => document._id),
    documents.map((document) => JSON.stringify(document)),
  ]);
}

/**
 * An upsert's insert. A row with its `_id` that this transaction's snapshot does not see (another committed
 * meanwhile) fails it as a serialization conflict, so the transaction runs again and finds the row; a row it
 * does see did not match the filter, which is a duplicate key, as on MongoDB.
 */
async function insertUpserted(session: Session, table: TableInfo, document: Doc): Promise<Doc> {
  assertStringId(document);
  const inserted = await session.rows(`INSERT INTO ${table.table} (_id, doc) VALUES ($1, $2::json) ON CONFLICT (_id) DO NOTHING RETURNING _id`, [
    document._id,
    JSON.stringify(document),
  ]);
  if (inserted.length === 0) throw new DuplicateKeyError(`E11000 duplicate key error collection: ${table.table} _id: ${document._id}`);
  return document;
}

function assertStringId(document: Doc): void {
  if (typeof document._id !== 'string') throw new TypeError(`_id must be a string, got ${JSON.stringify(document._id)}`);
}

function whereClause(narrowing: PgNarrowing): string {
  return narrowing.where ? ` WHERE ${narrowing.where}` : '';
}
