import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { Aggregator, Query } from 'mingo';
import {
  DuplicateKeyError,
  type BulkOperation,
  type Doc,
  type Filter,
  type FindOneAndUpdateOptions,
  type FindOptions,
  type IndexOptions,
  type JsonDocument,
  type PipelineStage,
  type Update,
  type UpdateResult,
} from '../../ports/documentStore.js';
import { candidatesNeeded, shapeFound } from './findOptions.js';
import { equalityConditions, isPlainObject } from './mongoFilter.js';
import { fieldExpression, isIndexablePath, narrow, type Narrowing } from './sqlFilter.js';
import { applyUpdate, buildUpsertDocument } from './updates.js';

type Statement = Database.Statement<unknown[], unknown>;

/** How a collection's multi-statement operations stay atomic on the shared connection. */
export interface WriteGuard {
  /** A read followed by one write: no other connection may write in between. */
  exclusive<R>(work: () => R): R;
  /** Several writes: all land or none does, also inside an open transaction. */
  allOrNothing<R>(work: () => R): R;
}

export function nothingMatched(): UpdateResult {
  return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
}

/** Prepared statements per SQL text; the bound keeps `$in` lists of ever-new lengths from piling up. */
const STATEMENT_CACHE_LIMIT = 256;

/**
 * One collection as a SQLite table `(_id TEXT PRIMARY KEY, doc TEXT)`: SQL narrows the candidate rows by
 * `_id` and indexed fields, mingo decides which of them match. Every method is synchronous; the caller
 * serializes access to the connection.
 */
export class CollectionTable {
  private readonly statements = new Map<string, Statement>();
  private readonly table: string;
  private readonly insertSql: string;
  private readonly upsertSql: string;
  private readonly updateSql: string;
  private readonly deleteByIdSql: string;

  private constructor(
    private readonly db: Database.Database,
    readonly name: string,
    private readonly indexedFields: Set<string>,
    private readonly guard: WriteGuard,
  ) {
    this.table = quoteIdentifier(name);
    this.insertSql = `INSERT INTO ${this.table} (_id, doc) VALUES (?, ?)`;
    this.updateSql = `UPDATE ${this.table} SET doc = ? WHERE _id = ?`;
    this.upsertSql = `INSERT INTO ${this.table} (_id, doc) VALUES (?, ?) ON CONFLICT (_id) DO UPDATE SET doc = excluded.doc`;
    this.deleteByIdSql = `DELETE FROM ${this.table} WHERE _id = ?`;
  }

  static create(db: Database.Database, name: string, guard: WriteGuard): CollectionTable {
    db.exec(`CREATE TABLE IF NOT EXISTS ${quoteIdentifier(name)} (_id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
    return new CollectionTable(db, name, readIndexedFields(db, name), guard);
  }

  static openExisting(db: Database.Database, name: string, guard: WriteGuard): CollectionTable | undefined {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
    return exists ? new CollectionTable(db, name, readIndexedFields(db, name), guard) : undefined;
  }

  find(filter: Filter, options: FindOptions = {}): Doc[] {
    return shapeFound(this.matching(filter, candidatesNeeded(options)), options);
  }

  count(filter: Filter): number {
    const narrowing = narrow(filter, this.indexedFields);
    if (!narrowing.exact) return this.matchingNarrowed(filter, narrowing).length;
    return this.statement(`SELECT count(*) FROM ${this.table}${whereClause(narrowing)}`).pluck().get(...narrowing.params) as number;
  }

  aggregate(pipeline: readonly PipelineStage[]): unknown[] {
    const [first, ...rest] = pipeline;
    const leadingMatch = first && Object.keys(first).length === 1 && isPlainObject(first.$match) ? first.$match : undefined;
    const input = this.matching(leadingMatch ?? {});
    return new Aggregator(leadingMatch ? rest : [...pipeline]).run(input);
  }

  insert(documents: readonly Doc[]): void {
    if (documents.length === 1 && documents[0]) this.insertRow(documents[0]);
    else this.guard.allOrNothing(() => documents.forEach((document) => this.insertRow(document)));
  }

  updateOne(filter: Filter, update: Update, upsert = false): UpdateResult {
    return this.guard.exclusive(() => this.updateFirstMatch(filter, update, upsert));
  }

  updateMany(filter: Filter, update: Update, upsert = false): UpdateResult {
    return this.guard.allOrNothing(() => this.updateAllMatches(filter, update, upsert));
  }

  replaceOne(filter: Filter, replacement: Doc, upsert = false): UpdateResult {
    return this.guard.exclusive(() => this.replaceFirstMatch(filter, replacement, upsert));
  }

  findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Doc | null {
    const returnBefore = options.returnDocument === 'before';
    return this.guard.exclusive(() => {
      const [current] = this.matching(filter, 1);
      if (!current) {
        if (!options.upsert) return null;
        const inserted = this.insertRow(buildUpsertDocument(filter, update));
        return returnBefore ? null : inserted;
      }
      const before = returnBefore ? structuredClone(current) : current;
      this.saveUpdated(current, update, filter);
      return before;
    });
  }

  deleteOne(filter: Filter): number {
    return this.guard.exclusive(() => this.deleteMatches(filter, 1));
  }

  deleteMany(filter: Filter): number {
    return this.guard.allOrNothing(() => this.deleteMatches(filter));
  }

  bulkWrite(operations: readonly BulkOperation[]): void {
    this.guard.allOrNothing(() => operations.forEach((operation) => this.applyBulkOperation(operation)));
  }

  /** The text is stored as given: its writer serialized the document already. */
  upsertJson(documents: readonly JsonDocument[]): void {
    this.guard.allOrNothing(() => documents.forEach(({ _id, json }) => this.runWrite(this.upsertSql, _id, json)));
  }

  findJson(ids: readonly string[]): Map<string, string> {
    const found = new Map<string, string>();
    // The ids as one JSON array: one statement for any number of them, each looked up on the primary key.
    const rows = this.statement(`SELECT _id, doc FROM ${this.table} WHERE _id IN (SELECT value FROM json_each(?))`).raw().all(JSON.stringify(ids)) as [string, string][];
    for (const [id, doc] of rows) found.set(id, doc);
    return found;
  }

  createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): void {
    const fields = Object.entries(keys);
    const invalid = fields.find(([field, direction]) => !isIndexablePath(field) || (direction !== 1 && direction !== -1));
    if (fields.length === 0 || invalid) {
      throw new TypeError(`Index keys must be dotted names of letters, digits and _ with direction 1 or -1: ${JSON.stringify(keys)}`);
    }
    const indexName = options.name ?? fields.map(([field, direction]) => `${field}_${direction}`).join('_');
    const columns = fields.map(([field, direction]) => `${fieldExpression(field)} ${direction === 1 ? 'ASC' : 'DESC'}`);
    const sql = `CREATE ${options.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quoteIdentifier(`${this.name}.${indexName}`)} ON ${this.table} (${columns.join(', ')})`;
    try {
      this.db.exec(sql);
    } catch (error) {
      throw asDuplicateKeyError(error, this.name);
    }
    for (const [field] of fields) this.indexedFields.add(field);
  }

  private updateFirstMatch(filter: Filter, update: Update, upsert: boolean): UpdateResult {
    const [current] = this.matching(filter, 1);
    if (current) return { matchedCount: 1, modifiedCount: this.saveUpdated(current, update, filter) ? 1 : 0, upsertedId: null };
    return upsert ? this.insertUpserted(buildUpsertDocument(filter, update)) : nothingMatched();
  }

  private updateAllMatches(filter: Filter, update: Update, upsert: boolean): UpdateResult {
    const matches = this.matching(filter);
    if (matches.length === 0) return upsert ? this.insertUpserted(buildUpsertDocument(filter, update)) : nothingMatched();
    const modifiedCount = matches.filter((document) => this.saveUpdated(document, update, filter)).length;
    return { matchedCount: matches.length, modifiedCount, upsertedId: null };
  }

  private replaceFirstMatch(filter: Filter, replacement: Doc, upsert: boolean): UpdateResult {
    const [current] = this.matching(filter, 1);
    if (!current) {
      if (!upsert) return nothingMatched();
      const _id = replacement._id ?? equalityConditions(filter)._id ?? randomUUID();
      return this.insertUpserted({ ...replacement, _id } as Doc);
    }
    if (replacement._id !== undefined && replacement._id !== current._id) {
      throw new Error(`replaceOne would change the immutable field '_id' from ${current._id} to ${replacement._id}`);
    }
    const next = JSON.stringify({ ...replacement, _id: current._id });
    if (next === JSON.stringify(current)) return { matchedCount: 1, modifiedCount: 0, upsertedId: null };
    this.runWrite(this.updateSql, next, current._id);
    return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
  }

  private deleteMatches(filter: Filter, limit?: number): number {
    const narrowing = narrow(filter, this.indexedFields);
    if (narrowing.exact && limit === undefined) {
      return this.runWrite(`DELETE FROM ${this.table}${whereClause(narrowing)}`, ...narrowing.params).changes;
    }
    const matches = this.matchingNarrowed(filter, narrowing, limit);
    for (const match of matches) this.runWrite(this.deleteByIdSql, match._id);
    return matches.length;
  }

  private applyBulkOperation(operation: BulkOperation): void {
    if ('insertOne' in operation) {
      this.insertRow(operation.insertOne.document);
    } else if ('updateOne' in operation) {
      const { filter, update, upsert = false } = operation.updateOne;
      this.updateFirstMatch(filter, update, upsert);
    } else if ('updateMany' in operation) {
      const { filter, update, upsert = false } = operation.updateMany;
      this.updateAllMatches(filter, update, upsert);
    } else if ('replaceOne' in operation) {
      const { filter, replacement, upsert = false } = operation.replaceOne;
      const id = idOnly(filter);
      // The common bulk write of read models: whole documents by id. No result is returned, so nothing needs
      // the stored document first; one statement inserts or replaces it.
      if (upsert && id !== undefined && (replacement._id === undefined || replacement._id === id)) {
        this.runWrite(this.upsertSql, id, JSON.stringify(replacement._id === id ? replacement : { ...replacement, _id: id }));
      } else this.replaceFirstMatch(filter, replacement, upsert);
    } else if ('deleteOne' in operation) {
      this.deleteMatches(operation.deleteOne.filter, 1);
    } else if ('deleteMany' in operation) {
      this.deleteMatches(operation.deleteMany.filter);
    } else {
      throw new TypeError(`Unknown bulk operation: ${Object.keys(operation).join(', ')}`);
    }
  }

  /** Applies the update and stores the result when it changed anything. */
  private saveUpdated(document: Doc, update: Update, filter: Filter): boolean {
    if (!applyUpdate(document, update, filter)) return false;
    this.runWrite(this.updateSql, JSON.stringify(document), document._id);
    return true;
  }

  private insertUpserted(document: Doc): UpdateResult {
    return { matchedCount: 0, modifiedCount: 0, upsertedId: this.insertRow(document)._id };
  }

  private insertRow(document: Doc): Doc {
    if (typeof document._id !== 'string') throw new TypeError(`_id must be a string, got ${JSON.stringify(document._id)}`);
    this.runWrite(this.insertSql, document._id, JSON.stringify(document));
    return document;
  }

  private matching(filter: Filter, stopAfter?: number): Doc[] {
    return this.matchingNarrowed(filter, narrow(filter, this.indexedFields), stopAfter);
  }

  private matchingNarrowed(filter: Filter, narrowing: Narrowing, stopAfter?: number): Doc[] {
    const select = `SELECT doc FROM ${this.table}${whereClause(narrowing)}`;
    if (narrowing.exact) {
      const rows = stopAfter === undefined
        ? this.statement(select).pluck().all(...narrowing.params)
        : this.statement(`${select} LIMIT ?`).pluck().all(...narrowing.params, stopAfter);
      return rows.map((row) => JSON.parse(row as string) as Doc);
    }
    const query = new Query(filter);
    const matches: Doc[] = [];
    for (const row of this.statement(select).pluck().all(...narrowing.params)) {
      const document = JSON.parse(row as string) as Doc;
      if (!query.test(document)) continue;
      matches.push(document);
      if (matches.length === stopAfter) break;
    }
    return matches;
  }

  private runWrite(sql: string, ...params: unknown[]): Database.RunResult {
    try {
      return this.statement(sql).run(...params);
    } catch (error) {
      throw asDuplicateKeyError(error, this.name);
    }
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The id of a filter that names a document by its string `_id` and nothing else. */
function idOnly(filter: Filter): string | undefined {
  const keys = Object.keys(filter);
  return keys.length === 1 && keys[0] === '_id' && typeof filter._id === 'string' ? filter._id : undefined;
}

function whereClause(narrowing: Narrowing): string {
  return narrowing.where ? ` WHERE ${narrowing.where}` : '';
}

const INDEXED_PATH_IN_SQL = /json_extract\(doc, '\$\.([A-Za-z0-9_.]+)'\)/g;

/** Recovers the indexed fields from the index definitions this class wrote, so a reopened store narrows too. */
function readIndexedFields(db: Database.Database, table: string): Set<string> {
  const definitions = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
    .pluck()
    .all(table) as string[];
  return new Set(definitions.flatMap((sql) => [...sql.matchAll(INDEXED_PATH_IN_SQL)].map((match) => match[1] as string)));
}

/**
 * Recognised by its code, not by `instanceof`: the native addon throws the error class of the first copy of
 * better-sqlite3 loaded in the process, so a later copy (jest loads modules afresh, in a fresh realm, for each
 * test file) would recognise neither its SqliteError nor, across realms, the Error it extends.
 */
function asDuplicateKeyError(error: unknown, collection: string): unknown {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return new DuplicateKeyError(`E11000 duplicate key error collection: ${collection}: ${String(message)}`);
  }
  return error;
}
