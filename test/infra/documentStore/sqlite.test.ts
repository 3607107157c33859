import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import Database from 'better-sqlite3';
import { createDocumentStore } from '../../../src/infra/documentStore/index.js';
import { narrow } from '../../../src/infra/documentStore/sqlFilter.js';
import { READ_MODELS_FILE, SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { DuplicateKeyError, type DocumentStore } from '../../../src/ports/documentStore.js';
import { documentStoreContract } from './contract.js';

const makeTempDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'geolens-documentstore-'));
const removeDir = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true });

const contractDirs = new Map<DocumentStore, string>();

documentStoreContract(
  'SQLite',
  async () => {
    const dir = await makeTempDir();
    const store = await SqliteDocumentStore.open(dir);
    contractDirs.set(store, dir);
    return store;
  },
  async (store) => {
    await store.close();
    const dir = contractDirs.get(store);
    contractDirs.delete(store);
    if (dir) await removeDir(dir);
  },
);

describe('SQLite document store, embedded specifics', () => {
  let dataDir: string;
  const openStores: DocumentStore[] = [];

  const open = async (): Promise<DocumentStore> => {
    const store = await SqliteDocumentStore.open(dataDir);
    openStores.push(store);
    return store;
  };

  beforeEach(async () => {
    dataDir = await makeTempDir();
  });

  afterEach(async () => {
    await Promise.all(openStores.splice(0).map((store) => store.close()));
    await removeDir(dataDir);
  });

  test('without a MongoDB URL the factory keeps read models in readmodels.sqlite in WAL mode', async () => {
    const store = await createDocumentStore({ dataDir });
    openStores.push(store);
    await store.collection('reports').insertOne({ _id: 'r1' });
    const raw = new Database(join(dataDir, READ_MODELS_FILE), { readonly: true });
    try {
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(raw.prepare('SELECT doc FROM reports').pluck().all()).toEqual(['{"_id":"r1"}']);
    } finally {
      raw.close();
    }
  });

  test('data and indexes survive closing and reopening the store', async () => {
    const first = await SqliteDocumentStore.open(dataDir);
    await first.collection('accounts').createIndex({ email: 1 }, { unique: true });
    await first.withTransaction(async (scope) => {
      await scope.collection('accounts').insertOne({ _id: 'a', email: 'a@example.com' });
    });
    await first.close();

    const reopened = await open();
    expect(await reopened.collection('accounts').findOne({ email: 'a@example.com' })).toEqual({ _id: 'a', email: 'a@example.com' });
    await expect(reopened.collection('accounts').insertOne({ _id: 'b', email: 'a@example.com' })).rejects.toBeInstanceOf(DuplicateKeyError);
  });

  test('a second store on the same directory, as another process would open, sees committed writes', async () => {
    const writer = await open();
    const reader = await open();
    await writer.collection('reports').insertOne({ _id: 'r1', status: 'draft' });
    await writer.withTransaction(async (scope) => {
      await scope.collection('reports').updateOne({ _id: 'r1' }, { $set: { status: 'done' } });
      await scope.collection('checkpoints').updateOne({ _id: 'reports' }, { $set: { position: '7' } }, { upsert: true });
    });
    expect(await reader.collection('reports').findOne({ _id: 'r1' })).toEqual({ _id: 'r1', status: 'done' });
    expect(await reader.collection('checkpoints').findOne({ _id: 'reports' })).toEqual({ _id: 'reports', position: '7' });
    expect(await reader.listCollections()).toEqual(['checkpoints', 'reports']);

    await reader.collection('reports').deleteOne({ _id: 'r1' });
    expect(await writer.collection('reports').countDocuments()).toBe(0);
  });

  test('a caller outside a transaction waits for it and then sees all of its writes', async () => {
    const store = await open();
    let finishTransaction = (): void => undefined;
    const held = new Promise<void>((resolve) => (finishTransaction = resolve));
    const transaction = store.withTransaction(async (scope) => {
      await scope.collection('reports').insertOne({ _id: 'r1' });
      await held;
      await scope.collection('reports').insertOne({ _id: 'r2' });
    });
    let outsideSettled = false;
    const outside = store.collection('reports').countDocuments();
    void outside.then(() => (outsideSettled = true));

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outsideSettled).toBe(false);
    finishTransaction();
    await transaction;
    expect(await outside).toBe(2);
  });

  test('bulkWrite outside a transaction is all-or-nothing', async () => {
    const store = await open();
    const days = store.collection('days');
    await days.insertOne({ _id: 'd1', count: 1 });
    await expect(
      days.bulkWrite([
        { insertOne: { document: { _id: 'd2' } } },
        { updateOne: { filter: { _id: 'd1' }, update: { $inc: { count: 1 } } } },
        { insertOne: { document: { _id: 'd1' } } },
      ]),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await days.find({})).toEqual([{ _id: 'd1', count: 1 }]);
  });

  test('insertMany with a duplicate _id writes none of its documents', async () => {
    const store = await open();
    await store.collection('days').insertOne({ _id: 'd1' });
    await expect(store.collection('days').insertMany([{ _id: 'd0' }, { _id: 'd1' }])).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await store.collection('days').countDocuments()).toBe(1);
  });

  test('inside a transaction a failed operation is undone alone and the transaction still commits', async () => {
    const store = await open();
    const accounts = store.collection('accounts');
    await accounts.createIndex({ email: 1 }, { unique: true });
    await accounts.insertMany([
      { _id: 'a', email: 'a@example.com' },
      { _id: 'b', email: 'b@example.com' },
    ]);
    await store.withTransaction(async (scope) => {
      const scoped = scope.collection('accounts');
      await scoped.insertOne({ _id: 'c', email: 'c@example.com' });
      await expect(scoped.updateMany({}, { $set: { email: 'same@example.com' } })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await scoped.countDocuments({ email: 'same@example.com' })).toBe(0);
    });
    expect((await accounts.find({}, { sort: { _id: 1 } })).map((account) => account.email)).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });

  test('a collection created inside a rolled-back transaction does not exist afterwards', async () => {
    const store = await open();
    await expect(
      store.withTransaction(async (scope) => {
        await scope.collection('fresh').insertOne({ _id: 'f1' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await store.listCollections()).toEqual([]);
    await store.collection('fresh').insertOne({ _id: 'f2' });
    expect(await store.collection('fresh').find({})).toEqual([{ _id: 'f2' }]);
  });

  test('a transaction scope refuses use after its transaction ended', async () => {
    const store = await open();
    const scope = await store.withTransaction(async (transactionScope) => transactionScope);
    await expect(scope.collection('reports').insertOne({ _id: 'late' })).rejects.toThrow(/scope has ended/);
  });

  test('conditions on indexed fields narrow rows through the SQLite index', async () => {
    const store = await open();
    await store.collection('items').createIndex({ rank: 1 });
    await store.collection('items').createIndex({ 'meta.region': 1 });
    const indexed = new Set(['rank', 'meta.region']);
    const raw = new Database(join(dataDir, READ_MODELS_FILE), { readonly: true });
    const plan = (where: string, params: readonly unknown[]): string =>
      (raw.prepare(`EXPLAIN QUERY PLAN SELECT doc FROM items WHERE ${where}`).all(...params) as Array<{ detail: string }>)
        .map((row) => row.detail)
        .join('; ');
    try {
      for (const filter of [{ rank: 3 }, { rank: { $gte: 1, $lt: 9 } }, { rank: { $in: [1, 2] } }, { 'meta.region': 'eu', other: 1 }]) {
        const narrowing = narrow(filter, indexed);
        expect(narrowing.exact).toBe(false);
        expect(plan(narrowing.where, narrowing.params)).toMatch(/USING INDEX items\.(rank|meta\.region)_1/);
      }
      const byId = narrow({ _id: { $in: ['a', 'b'] } }, indexed);
      expect(byId.exact).toBe(true);
      expect(plan(byId.where, byId.params)).toMatch(/USING INDEX sqlite_autoindex_items_1/);
    } finally {
      raw.close();
    }
  });

  test('conditions whose SQL meaning could differ from Mongo are left to mingo', () => {
    const indexed = new Set(['rank']);
    for (const filter of [{ rank: true }, { rank: null }, { rank: { $exists: true } }, { rank: { a: 1 } }, { rank: [1] }, { rank: { $in: [1, null] } }, { rank: { $gt: '\u{1F600}' } }, { _id: 5 }, { unindexed: 1 }]) {
      expect(narrow(filter, indexed)).toEqual({ where: '', params: [], exact: false });
    }
  });
});
