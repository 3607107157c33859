import { randomUUID } from 'node:crypto';
import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Db,
  type MongoClientOptions,
  type TransactionOptions,
  type Collection as DriverCollection,
  type UpdateResult as DriverUpdateResult,
} from 'mongodb';
import {
  DuplicateKeyError,
  type BulkOperation,
  type Collection,
  type DeleteResult,
  type Doc,
  type DocumentStore,
  type Filter,
  type FindOneAndUpdateOptions,
  type FindOptions,
  type IndexOptions,
  type JsonDocument,
  type PipelineStage,
  type FieldProjection,
  type SortSpec,
  type TransactionScope,
  type Update,
  type UpdateOptions,
  type UpdateResult,
} from '../../ports/documentStore.js';
import { equalityConditions, isPlainObject } from './mongoFilter.js';

const DEFAULT_DATABASE = 'geolens';
const DUPLICATE_KEY_CODE = 11000;

/**
 * What the read models rely on, explicitly rather than from the URL's or the server's defaults: a field set to
 * `undefined` is left out as the embedded store leaves it (the driver would store null, which `$exists` tells
 * apart), and acknowledged writes are on a majority, so a failover loses no committed checkpoint.
 */
const CLIENT_OPTIONS: MongoClientOptions = { ignoreUndefined: true, writeConcern: { w: 'majority' }, readConcern: { level: 'majority' } };
/** Reads in a transaction see one snapshot; the commit waits for a majority. */
const TRANSACTION_OPTIONS: TransactionOptions = { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' }, readPreference: 'primary' };

/** The part of the `hello` answer that tells whether the server runs transactions (a replica set member or mongos). */
export interface HelloReply {
  setName?: string;
  msg?: string;
}

/** Refuses a standalone server at start: it takes reads and writes, but the first transaction would fail. */
export function assertTransactional(hello: HelloReply): void {
  if (hello.setName !== undefined || hello.msg === 'isdbgrid') return;
  throw new Error('MONGODB_URL names a standalone MongoDB server; read models need transactions, which need a replica set (or mongos)');
}

/** The document store on a MongoDB server (a replica set, since transactions need one). */
export class MongoDocumentStore implements DocumentStore {
  /** MongoDB aborts a transaction after 60 s by default; batches of this size stay far below it. */
  readonly preferredBatchSize = 500;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(url: string): Promise<MongoDocumentStore> {
    const client = await MongoClient.connect(url, CLIENT_OPTIONS);
    try {
      assertTransactional(await client.db('admin').command({ hello: 1 }));
    } catch (error) {
      await client.close();
      throw error;
    }
    return new MongoDocumentStore(client, client.db(databaseName(url)));
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoCollection<T>(this.db.collection<Doc>(name));
  }

  async withTransaction<R>(work: (scope: TransactionScope) => Promise<R>): Promise<R> {
    const session = this.client.startSession();
    try {
      // The driver retries `work` on transient transaction errors, so it may run more than once.
      return await session.withTransaction(() => work(new MongoTransactionScope(this.db, session)), TRANSACTION_OPTIONS);
    } catch (error) {
      throw asDuplicateKeyError(error);
    } finally {
      await session.endSession();
    }
  }

  async listCollections(): Promise<string[]> {
    const collections = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return collections.map((collection) => collection.name).filter((name) => !name.startsWith('system.')).sort();
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

class MongoTransactionScope implements TransactionScope {
  constructor(
    private readonly db: Db,
    private readonly session: ClientSession,
  ) {}

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoCollection<T>(this.db.collection<Doc>(name), this.session);
  }
}

/**
 * Passes every call through to the driver. Two adjustments keep it equal to the embedded store: duplicate
 * keys throw DuplicateKeyError, and an upsert that takes no `_id` from its filter gets a uuid string
 * instead of an ObjectId, since the port promises string ids.
 */
class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly collection: DriverCollection<Doc>,
    private readonly session?: ClientSession,
  ) {}

  get name(): string {
    return this.collection.collectionName;
  }

  findOne(filter: Filter, options: { projection?: FieldProjection; sort?: SortSpec } = {}): Promise<T | null> {
    return this.call(() => this.collection.findOne<T>(filter, { ...options, session: this.session }));
  }

  find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return this.call(() => this.collection.find<T>(filter, { ...options, session: this.session }).toArray());
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return this.call(() => this.collection.countDocuments(filter, { session: this.session }));
  }

  aggregate<R = Doc>(pipeline: readonly PipelineStage[]): Promise<R[]> {
    return this.call(async () => (await this.collection.aggregate([...pipeline], { session: this.session }).toArray()) as R[]);
  }

  async insertOne(document: T): Promise<void> {
    // The driver writes a generated `_id` into the object it is given; hand it a copy.
    await this.call(() => this.collection.insertOne({ ...document }, { session: this.session }));
  }

  async insertMany(documents: readonly T[]): Promise<void> {
    await this.call(() => this.collection.insertMany(documents.map((document) => ({ ...document })), { session: this.session }));
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert ?? false;
    const result = await this.call(() => this.collection.updateOne(filter, withUpsertId(filter, update, upsert), { upsert, session: this.session }));
    return toUpdateResult(result);
  }

  async updateMany(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert ?? false;
    const result = await this.call(() => this.collection.updateMany(filter, withUpsertId(filter, update, upsert), { upsert, session: this.session }));
    return toUpdateResult(result);
  }

  async replaceOne(filter: Filter, replacement: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert ?? false;
    const result = await this.call(() =>
      this.collection.replaceOne(filter, replacementWithUpsertId(filter, replacement, upsert), { upsert, session: this.session }),
    );
    return toUpdateResult(result);
  }

  findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const upsert = options.upsert ?? false;
    return this.call(async () => {
      const document = await this.collection.findOneAndUpdate(filter, withUpsertId(filter, update, upsert), {
        upsert,
        returnDocument: options.returnDocument ?? 'after',
        session: this.session,
      });
      return document as T | null;
    });
  }

  async deleteOne(filter: Filter): Promise<DeleteResult> {
    const result = await this.call(() => this.collection.deleteOne(filter, { session: this.session }));
    return { deletedCount: result.deletedCount };
  }

  async deleteMany(filter: Filter): Promise<DeleteResult> {
    const result = await this.call(() => this.collection.deleteMany(filter, { session: this.session }));
    return { deletedCount: result.deletedCount };
  }

  /** MongoDB keeps BSON, not text: the documents are parsed and replaced by id. */
  async upsertJson(documents: readonly JsonDocument[]): Promise<void> {
    if (documents.length === 0) return;
    await this.bulkWrite(documents.map(({ _id, json }) => ({ replaceOne: { filter: { _id }, replacement: { ...(JSON.parse(json) as T), _id }, upsert: true } })));
  }

  async findJson(ids: readonly string[]): Promise<Map<string, string>> {
    const found = await this.find({ _id: { $in: [...ids] } });
    return new Map(found.map((document) => [document._id, JSON.stringify(document)]));
  }

  async bulkWrite(operations: readonly BulkOperation<T>[]): Promise<void> {
    await this.call(() => this.collection.bulkWrite(operations.map(toDriverOperation), { ordered: true, session: this.session }));
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    await this.call(() => this.collection.createIndex(keys, { ...options, session: this.session }));
  }

  async drop(): Promise<void> {
    await this.call(() => this.collection.drop({ session: this.session }));
  }

  private async call<R>(operation: () => Promise<R>): Promise<R> {
    try {
      return await operation();
    } catch (error) {
      throw asDuplicateKeyError(error);
    }
  }
}

/** The database named in the URL path (`mongodb://host/name?…`), else `geolens`. */
export function databaseName(url: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(url)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE;
}

function withUpsertId(filter: Filter, update: Update, upsert: boolean): Update {
  if (!upsert || equalityConditions(filter)._id !== undefined) return update;
  const setOnInsert = isPlainObject(update.$setOnInsert) ? update.$setOnInsert : {};
  const set = isPlainObject(update.$set) ? update.$set : {};
  if (setOnInsert._id !== undefined || set._id !== undefined) return update;
  return { ...update, $setOnInsert: { ...setOnInsert, _id: randomUUID() } };
}

function replacementWithUpsertId<T extends Doc>(filter: Filter, replacement: T, upsert: boolean): T {
  if (!upsert || replacement._id !== undefined || equalityConditions(filter)._id !== undefined) return replacement;
  return { ...replacement, _id: randomUUID() };
}

function toDriverOperation<T extends Doc>(operation: BulkOperation<T>): AnyBulkWriteOperation<Doc> {
  if ('insertOne' in operation) return { insertOne: { document: { ...operation.insertOne.document } } };
  if ('updateOne' in operation) {
    const { filter, update, upsert = false } = operation.updateOne;
    return { updateOne: { filter, update: withUpsertId(filter, update, upsert), upsert } };
  }
  if ('updateMany' in operation) {
    const { filter, update, upsert = false } = operation.updateMany;
    return { updateMany: { filter, update: withUpsertId(filter, update, upsert), upsert } };
  }
  if ('replaceOne' in operation) {
    const { filter, replacement, upsert = false } = operation.replaceOne;
    return { replaceOne: { filter, replacement: replacementWithUpsertId(filter, replacement, upsert), upsert } };
  }
  return operation;
}

function toUpdateResult(result: DriverUpdateResult<Doc>): UpdateResult {
  const upsertedId = result.upsertedId === null ? null : String(result.upsertedId);
  return { matchedCount: result.matchedCount, modifiedCount: result.modifiedCount, upsertedId };
}

function asDuplicateKeyError(error: unknown): unknown {
  if (error instanceof MongoServerError && error.code === DUPLICATE_KEY_CODE) return new DuplicateKeyError(error.message);
  return error;
}
