import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { DuplicateKeyError, type Doc, type DocumentStore, type Filter } from '../../../src/ports/documentStore.js';

/**
 * The behaviour every DocumentStore adapter owes the read models, run against each adapter. Results are
 * sorted before comparison wherever Mongo leaves the order open.
 */
export function documentStoreContract(
  name: string,
  makeStore: () => Promise<DocumentStore>,
  cleanup: (store: DocumentStore) => Promise<void>,
): void {
  describe(`${name} document store`, () => {
    let store: DocumentStore;

    beforeEach(async () => {
      store = await makeStore();
    });

    afterEach(async () => {
      await cleanup(store);
    });

    const ids = (documents: readonly Doc[]): string[] => documents.map((document) => document._id).sort();

    async function seedBrands(): Promise<void> {
      await store.collection('brands').insertMany([
        { _id: 'acme', name: 'Acme', score: 10, tags: ['tools', 'b2b'], address: { country: 'DE', city: 'Berlin' } },
        { _id: 'globex', name: 'Globex', score: 25, tags: ['energy'], address: { country: 'US', city: 'Springfield' } },
        { _id: 'initech', name: 'Initech', score: 5, tags: ['software', 'b2b'], address: { country: 'US', city: 'Austin' } },
        { _id: 'umbrella', name: 'Umbrella', score: 40, tags: [], address: { country: 'UK', city: 'London' }, archived: true },
      ]);
    }

    test('finds documents by equality on a field', async () => {
      await seedBrands();
      expect(ids(await store.collection('brands').find({ name: 'Globex' }))).toEqual(['globex']);
      expect(await store.collection('brands').find({ name: 'Nobody' })).toEqual([]);
    });

    test('compares with $gt, $gte, $lt, $lte and $ne', async () => {
      await seedBrands();
      const brands = store.collection('brands');
      expect(ids(await brands.find({ score: { $gt: 10 } }))).toEqual(['globex', 'umbrella']);
      expect(ids(await brands.find({ score: { $gte: 10, $lt: 40 } }))).toEqual(['acme', 'globex']);
      expect(ids(await brands.find({ score: { $lte: 5 } }))).toEqual(['initech']);
      expect(ids(await brands.find({ score: { $ne: 25 } }))).toEqual(['acme', 'initech', 'umbrella']);
    });

    test('$in matches any of the listed values', async () => {
      await seedBrands();
      expect(ids(await store.collection('brands').find({ _id: { $in: ['acme', 'umbrella', 'missing'] } }))).toEqual(['acme', 'umbrella']);
      expect(ids(await store.collection('brands').find({ score: { $in: [5, 25] } }))).toEqual(['globex', 'initech']);
    });

    test('$or and $and combine conditions', async () => {
      await seedBrands();
      const brands = store.collection('brands');
      expect(ids(await brands.find({ $or: [{ score: { $lt: 6 } }, { name: 'Umbrella' }] }))).toEqual(['initech', 'umbrella']);
      expect(ids(await brands.find({ $and: [{ score: { $gt: 5 } }, { score: { $lt: 40 } }] }))).toEqual(['acme', 'globex']);
    });

    test('$exists tells present fields from missing ones', async () => {
      await seedBrands();
      expect(ids(await store.collection('brands').find({ archived: { $exists: true } }))).toEqual(['umbrella']);
      expect(ids(await store.collection('brands').find({ archived: { $exists: false } }))).toEqual(['acme', 'globex', 'initech']);
    });

    test('dotted paths reach into nested documents', async () => {
      await seedBrands();
      expect(ids(await store.collection('brands').find({ 'address.country': 'US' }))).toEqual(['globex', 'initech']);
      expect(ids(await store.collection('brands').find({ 'address.city': { $gte: 'M' } }))).toEqual(['globex']);
    });

    test('equality on an array field matches any of its elements', async () => {
      await seedBrands();
      expect(ids(await store.collection('brands').find({ tags: 'b2b' }))).toEqual(['acme', 'initech']);
      expect(ids(await store.collection('brands').find({ tags: { $size: 0 } }))).toEqual(['umbrella']);
    });

    test('find sorts, skips, limits and projects', async () => {
      await seedBrands();
      const brands = store.collection('brands');
      const page = await brands.find({}, { sort: { score: -1 }, skip: 1, limit: 2, projection: { name: 1 } });
      expect(page).toEqual([
        { _id: 'globex', name: 'Globex' },
        { _id: 'acme', name: 'Acme' },
      ]);
      const withoutNested = await brands.find({ _id: 'acme' }, { projection: { address: 0, tags: 0 } });
      expect(withoutNested).toEqual([{ _id: 'acme', name: 'Acme', score: 10 }]);
      const sortedByTwoKeys = await brands.find({}, { sort: { 'address.country': 1, score: -1 }, projection: { _id: 1 } });
      expect(sortedByTwoKeys.map((document) => document._id)).toEqual(['acme', 'umbrella', 'globex', 'initech']);
    });

    test('findOne returns the first match in sort order, or null', async () => {
      await seedBrands();
      const brands = store.collection('brands');
      expect(await brands.findOne({ score: { $gt: 1 } }, { sort: { score: 1 }, projection: { score: 1 } })).toEqual({ _id: 'initech', score: 5 });
      expect(await brands.findOne({ name: 'Nobody' })).toBeNull();
    });

    test('countDocuments counts the matches, or every document without a filter', async () => {
      await seedBrands();
      expect(await store.collection('brands').countDocuments({ tags: 'b2b' })).toBe(2);
      expect(await store.collection('brands').countDocuments()).toBe(4);
    });

    test('a collection never written reads as empty', async () => {
      const nothing = store.collection('neverWritten');
      expect(await nothing.find({})).toEqual([]);
      expect(await nothing.findOne({ _id: 'x' })).toBeNull();
      expect(await nothing.countDocuments()).toBe(0);
      expect(await nothing.aggregate([{ $match: {} }])).toEqual([]);
      expect(await nothing.updateOne({ _id: 'x' }, { $set: { a: 1 } })).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: null });
      expect(await nothing.deleteMany({})).toEqual({ deletedCount: 0 });
    });

    test('aggregate matches, groups with $sum, sorts, limits and projects', async () => {
      await store.collection('mentions').insertMany([
        { _id: 'm1', engine: 'chatgpt', brand: 'acme', count: 3 },
        { _id: 'm2', engine: 'chatgpt', brand: 'globex', count: 1 },
        { _id: 'm3', engine: 'perplexity', brand: 'acme', count: 4 },
        { _id: 'm4', engine: 'perplexity', brand: 'globex', count: 7 },
        { _id: 'm5', engine: 'gemini', brand: 'acme', count: 2 },
      ]);
      const totals = await store.collection('mentions').aggregate([
        { $match: { count: { $gte: 2 } } },
        { $group: { _id: '$brand', total: { $sum: '$count' }, answers: { $sum: 1 } } },
        { $sort: { total: -1 } },
        { $limit: 1 },
        { $project: { _id: 0, brand: '$_id', total: 1, answers: 1 } },
      ]);
      expect(totals).toEqual([{ brand: 'acme', total: 9, answers: 3 }]);
    });

    test('aggregate unwinds arrays into one document per element', async () => {
      await seedBrands();
      const tagCounts = await store.collection('brands').aggregate([
        { $unwind: '$tags' },
        { $group: { _id: '$tags', brands: { $sum: 1 } } },
        { $sort: { brands: -1, _id: 1 } },
      ]);
      expect(tagCounts).toEqual([
        { _id: 'b2b', brands: 2 },
        { _id: 'energy', brands: 1 },
        { _id: 'software', brands: 1 },
        { _id: 'tools', brands: 1 },
      ]);
    });

    test('insertOne and insertMany store documents as given', async () => {
      const reports = store.collection('reports');
      await reports.insertOne({ _id: 'r1', nested: { list: [1, 'two', null, { three: true }] }, empty: {} });
      await reports.insertMany([{ _id: 'r2' }, { _id: 'r3', value: -1.5 }]);
      expect(await reports.findOne({ _id: 'r1' })).toEqual({ _id: 'r1', nested: { list: [1, 'two', null, { three: true }] }, empty: {} });
      expect(ids(await reports.find({}))).toEqual(['r1', 'r2', 'r3']);
    });

    test('inserting an existing _id throws DuplicateKeyError', async () => {
      const reports = store.collection('reports');
      await reports.insertOne({ _id: 'r1', version: 1 });
      await expect(reports.insertOne({ _id: 'r1', version: 2 })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(reports.insertMany([{ _id: 'r2' }, { _id: 'r1' }])).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await reports.findOne({ _id: 'r1' })).toEqual({ _id: 'r1', version: 1 });
    });

    test('a unique index rejects a second document with the same key', async () => {
      const accounts = store.collection('accounts');
      await accounts.createIndex({ email: 1 }, { unique: true });
      await accounts.insertOne({ _id: 'a', email: 'a@example.com' });
      await accounts.insertOne({ _id: 'b', email: 'b@example.com' });
      await expect(accounts.insertOne({ _id: 'c', email: 'a@example.com' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(accounts.updateOne({ _id: 'b' }, { $set: { email: 'a@example.com' } })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await accounts.findOne({ _id: 'b' })).toEqual({ _id: 'b', email: 'b@example.com' });
    });

    test('creating a unique index over duplicate values throws DuplicateKeyError', async () => {
      const accounts = store.collection('accounts');
      await accounts.insertMany([{ _id: 'a', email: 'same' }, { _id: 'b', email: 'same' }]);
      await expect(accounts.createIndex({ email: 1 }, { unique: true })).rejects.toBeInstanceOf(DuplicateKeyError);
    });

    test('updateOne applies $set, $inc and $unset to the first match', async () => {
      await seedBrands();
      const brands = store.collection('brands');
      const result = await brands.updateOne({ _id: 'acme' }, { $set: { 'address.city': 'Hamburg', rating: 'A' }, $inc: { score: 5 }, $unset: { tags: '' } });
      expect(result).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await brands.findOne({ _id: 'acme' })).toEqual({ _id: 'acme', name: 'Acme', score: 15, address: { country: 'DE', city: 'Hamburg' }, rating: 'A' });
      const onlyOne = await brands.updateOne({ 'address.country': 'US' }, { $inc: { score: 1 } });
      expect(onlyOne.matchedCount).toBe(1);
      expect(await brands.countDocuments({ score: { $in: [26, 6] } })).toBe(1);
    });

    test('updateMany applies $push, $addToSet, $max and $min to every match', async () => {
      await seedBrands();
      const brands = store.collection('brands');
      const result = await brands.updateMany({ tags: 'b2b' }, { $push: { tags: 'partner' }, $max: { score: 8 }, $min: { lowest: 3 } });
      expect(result).toEqual({ matchedCount: 2, modifiedCount: 2, upsertedId: null });
      await brands.updateMany({}, { $addToSet: { regions: 'eu' } });
      await brands.updateMany({ _id: 'acme' }, { $addToSet: { regions: 'eu' } });
      expect(await brands.findOne({ _id: 'acme' })).toMatchObject({ tags: ['tools', 'b2b', 'partner'], score: 10, lowest: 3, regions: ['eu'] });
      expect(await brands.findOne({ _id: 'initech' })).toMatchObject({ tags: ['software', 'b2b', 'partner'], score: 8, lowest: 3 });
      expect(await brands.countDocuments({ regions: 'eu' })).toBe(4);
    });

    test('an update that changes nothing counts as matched but not modified', async () => {
      await seedBrands();
      const brands = store.collection('brands');
      expect(await brands.updateOne({ _id: 'acme' }, { $set: { score: 10 } })).toEqual({ matchedCount: 1, modifiedCount: 0, upsertedId: null });
      expect(await brands.updateMany({ score: { $gt: 0 } }, { $max: { score: 20 } })).toEqual({ matchedCount: 4, modifiedCount: 2, upsertedId: null });
    });

    test('the positional $ operator updates the array element the filter matched', async () => {
      const carts = store.collection('carts');
      await carts.insertOne({ _id: 'c1', items: [{ sku: 'a', qty: 1 }, { sku: 'b', qty: 1 }] });
      await carts.updateOne({ _id: 'c1', 'items.sku': 'b' }, { $inc: { 'items.$.qty': 2 } });
      expect(await carts.findOne({ _id: 'c1' })).toEqual({ _id: 'c1', items: [{ sku: 'a', qty: 1 }, { sku: 'b', qty: 3 }] });
    });

    test('an upsert inserts the filter equality fields plus the update', async () => {
      const days = store.collection('promptDays');
      const result = await days.updateOne(
        { _id: 'acme:2024-05-01', brand: 'acme', day: { $eq: '2024-05-01' }, score: { $gte: 0 } },
        { $inc: { answers: 1 }, $set: { 'engines.chatgpt': true } },
        { upsert: true },
      );
      expect(result).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 'acme:2024-05-01' });
      expect(await days.findOne({ _id: 'acme:2024-05-01' })).toEqual({
        _id: 'acme:2024-05-01',
        brand: 'acme',
        day: '2024-05-01',
        answers: 1,
        engines: { chatgpt: true },
      });
      const second = await days.updateOne({ _id: 'acme:2024-05-01' }, { $inc: { answers: 1 } }, { upsert: true });
      expect(second).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await days.findOne({ _id: 'acme:2024-05-01' })).toMatchObject({ answers: 2 });
    });

    test('$setOnInsert applies only when the upsert inserts', async () => {
      const days = store.collection('promptDays');
      const upsert = (seenAt: string): Promise<unknown> =>
        days.updateOne({ _id: 'd1' }, { $setOnInsert: { firstSeen: seenAt }, $set: { lastSeen: seenAt } }, { upsert: true });
      await upsert('2024-05-01T00:00:00Z');
      await upsert('2024-05-02T00:00:00Z');
      expect(await days.findOne({ _id: 'd1' })).toEqual({ _id: 'd1', firstSeen: '2024-05-01T00:00:00Z', lastSeen: '2024-05-02T00:00:00Z' });
    });

    test('an upsert without _id in the filter generates a string _id', async () => {
      const days = store.collection('promptDays');
      const result = await days.updateOne({ brand: 'acme', 'period.day': '2024-05-01' }, { $inc: { answers: 1 } }, { upsert: true });
      expect(typeof result.upsertedId).toBe('string');
      expect(await days.findOne({ _id: result.upsertedId })).toEqual({
        _id: result.upsertedId,
        brand: 'acme',
        period: { day: '2024-05-01' },
        answers: 1,
      });
      const many = await days.updateMany({ brand: 'globex' }, { $set: { seen: true } }, { upsert: true });
      expect(typeof many.upsertedId).toBe('string');
      expect(await days.countDocuments({ brand: 'globex', seen: true })).toBe(1);
    });

    test('replaceOne swaps the whole document and keeps its _id', async () => {
      await seedBrands();
      const brands = store.collection('brands');
      expect(await brands.replaceOne({ name: 'Acme' }, { _id: 'acme', name: 'Acme Corp' })).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await brands.findOne({ _id: 'acme' })).toEqual({ _id: 'acme', name: 'Acme Corp' });
      expect(await brands.replaceOne({ _id: 'hooli' }, { _id: 'hooli', name: 'Hooli' })).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: null });
      expect(await brands.replaceOne({ _id: 'hooli' }, { _id: 'hooli', name: 'Hooli' }, { upsert: true })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: 'hooli',
      });
      expect(await brands.findOne({ _id: 'hooli' })).toEqual({ _id: 'hooli', name: 'Hooli' });
    });

    test('findOneAndUpdate returns the document after the update, or before it when asked', async () => {
      const quotas = store.collection('quotas');
      await quotas.insertOne({ _id: 'q1', used: 0 });
      expect(await quotas.findOneAndUpdate({ _id: 'q1' }, { $inc: { used: 1 } })).toEqual({ _id: 'q1', used: 1 });
      expect(await quotas.findOneAndUpdate({ _id: 'q1' }, { $inc: { used: 1 } }, { returnDocument: 'before' })).toEqual({ _id: 'q1', used: 1 });
      expect(await quotas.findOne({ _id: 'q1' })).toEqual({ _id: 'q1', used: 2 });
      expect(await quotas.findOneAndUpdate({ _id: 'q1', used: { $gte: 5 } }, { $inc: { used: 1 } })).toBeNull();
    });

    test('findOneAndUpdate upserts, returning the new document or null before it', async () => {
      const quotas = store.collection('quotas');
      expect(await quotas.findOneAndUpdate({ _id: 'q1' }, { $inc: { used: 1 }, $setOnInsert: { max: 10 } }, { upsert: true })).toEqual({
        _id: 'q1',
        used: 1,
        max: 10,
      });
      expect(await quotas.findOneAndUpdate({ _id: 'q2' }, { $inc: { used: 1 } }, { upsert: true, returnDocument: 'before' })).toBeNull();
      expect(await quotas.findOne({ _id: 'q2' })).toEqual({ _id: 'q2', used: 1 });
    });

    test('concurrent findOneAndUpdate counters guarded by $lt never exceed the max', async () => {
      const quotas = store.collection('quotas');
      await quotas.insertOne({ _id: 'daily', used: 0 });
      const max = 50;
      const attempts = await Promise.all(
        Array.from({ length: 200 }, () => quotas.findOneAndUpdate({ _id: 'daily', used: { $lt: max } }, { $inc: { used: 1 } })),
      );
      const granted = attempts.filter((attempt): attempt is Doc => attempt !== null);
      expect(granted).toHaveLength(max);
      expect(new Set(granted.map((quota) => quota.used)).size).toBe(max);
      expect(await quotas.findOne({ _id: 'daily' })).toEqual({ _id: 'daily', used: max });
    });

    test('deleteOne removes one match and deleteMany every match', async () => {
      await seedBrands();
      const brands = store.collection('brands');
      expect(await brands.deleteOne({ 'address.country': 'US' })).toEqual({ deletedCount: 1 });
      expect(await brands.countDocuments({ 'address.country': 'US' })).toBe(1);
      expect(await brands.deleteMany({ score: { $gte: 5 } })).toEqual({ deletedCount: 3 });
      expect(await brands.countDocuments()).toBe(0);
      expect(await brands.deleteOne({ _id: 'acme' })).toEqual({ deletedCount: 0 });
    });

    test('bulkWrite applies its operations in order', async () => {
      const days = store.collection('days');
      await days.bulkWrite([
        { insertOne: { document: { _id: 'd1', count: 1 } } },
        { updateOne: { filter: { _id: 'd1' }, update: { $inc: { count: 1 } } } },
        { updateOne: { filter: { _id: 'd2' }, update: { $set: { count: 10 } }, upsert: true } },
        { insertOne: { document: { _id: 'd3', count: 0 } } },
        { updateMany: { filter: { count: { $gte: 2 } }, update: { $inc: { count: 100 } } } },
        { replaceOne: { filter: { _id: 'd3' }, replacement: { _id: 'd3', replaced: true } } },
        { insertOne: { document: { _id: 'd4' } } },
        { deleteOne: { filter: { _id: 'd4' } } },
        { deleteMany: { filter: { count: { $gt: 1000 } } } },
      ]);
      expect((await days.find({})).sort((left, right) => left._id.localeCompare(right._id))).toEqual([
        { _id: 'd1', count: 102 },
        { _id: 'd2', count: 110 },
        { _id: 'd3', replaced: true },
      ]);
    });

    test('bulkWrite replaceOne upserts by _id insert new documents and replace stored ones whole', async () => {
      const days = store.collection('days');
      await days.insertOne({ _id: 'd1', count: 1, extra: 'gone after the replace' });
      await days.bulkWrite([
        { replaceOne: { filter: { _id: 'd1' }, replacement: { _id: 'd1', count: 2 }, upsert: true } },
        { replaceOne: { filter: { _id: 'd2' }, replacement: { _id: 'd2', count: 5 }, upsert: true } },
        { replaceOne: { filter: { _id: 'd3' }, replacement: { _id: 'd3', count: 7 }, upsert: true } },
        { replaceOne: { filter: { _id: 'd2' }, replacement: { _id: 'd2', count: 6 }, upsert: true } },
      ]);
      expect((await days.find({})).sort((left, right) => left._id.localeCompare(right._id))).toEqual([
        { _id: 'd1', count: 2 },
        { _id: 'd2', count: 6 },
        { _id: 'd3', count: 7 },
      ]);
    });

    test('upsertJson inserts new documents and replaces stored ones whole, from their JSON text, and queries find them', async () => {
      const days = store.collection('days');
      await days.createIndex({ day: 1 });
      await days.insertOne({ _id: 'd1', day: '2026-11-01', count: 1, extra: 'gone after the replace' });
      await days.upsertJson([
        { _id: 'd1', json: JSON.stringify({ _id: 'd1', day: '2026-11-01', count: 2 }) },
        { _id: 'd2', json: JSON.stringify({ _id: 'd2', day: '2026-11-02', count: 5, rows: [[1, 'a'], [2, 'b']] }) },
        { _id: 'd2', json: JSON.stringify({ _id: 'd2', day: '2026-11-02', count: 6, rows: [[3, 'c']] }) },
      ]);
      await days.upsertJson([]);
      expect((await days.find({})).sort((left, right) => left._id.localeCompare(right._id))).toEqual([
        { _id: 'd1', day: '2026-11-01', count: 2 },
        { _id: 'd2', day: '2026-11-02', count: 6, rows: [[3, 'c']] },
      ]);
      expect(ids(await days.find({ day: { $gte: '2026-11-02' } }))).toEqual(['d2']);
    });

    test('upsertJson inside a rejected transaction leaves nothing behind', async () => {
      await expect(
        store.withTransaction(async (scope) => {
          await scope.collection('days').upsertJson([{ _id: 'd9', json: JSON.stringify({ _id: 'd9', count: 1 }) }]);
          throw new Error('rejected');
        }),
      ).rejects.toThrow('rejected');
      expect(await store.collection('days').find({})).toEqual([]);
    });

    test('findJson gives the stored documents as JSON text by id, and nothing for ids not stored', async () => {
      await seedBrands();
      const texts = await store.collection('brands').findJson(['globex', 'nobody', 'acme']);
      expect([...texts.keys()].sort()).toEqual(['acme', 'globex']);
      expect(JSON.parse(texts.get('acme') as string)).toEqual(await store.collection('brands').findOne({ _id: 'acme' }));
      expect(await store.collection('brands').findJson([])).toEqual(new Map());
      expect(await store.collection('never-written').findJson(['acme'])).toEqual(new Map());
    });

    test('a bulk upsert by _id that breaks a unique index fails as a duplicate key and leaves the holder of the key alone', async () => {
      const slugs = store.collection('slugs');
      await slugs.createIndex({ slug: 1 }, { unique: true });
      await slugs.insertOne({ _id: 's1', slug: 'acme' });
      await expect(
        slugs.bulkWrite([
          { replaceOne: { filter: { _id: 's2' }, replacement: { _id: 's2', slug: 'globex' }, upsert: true } },
          { replaceOne: { filter: { _id: 's3' }, replacement: { _id: 's3', slug: 'acme' }, upsert: true } },
        ]),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await slugs.find({ slug: 'acme' })).toEqual([{ _id: 's1', slug: 'acme' }]);
    });

    test('withTransaction commits writes across two collections together', async () => {
      const result = await store.withTransaction(async (scope) => {
        await scope.collection('reports').insertOne({ _id: 'r1', status: 'done' });
        await scope.collection('checkpoints').updateOne({ _id: 'reports' }, { $set: { position: '42' } }, { upsert: true });
        return 'committed';
      });
      expect(result).toBe('committed');
      expect(await store.collection('reports').findOne({ _id: 'r1' })).toEqual({ _id: 'r1', status: 'done' });
      expect(await store.collection('checkpoints').findOne({ _id: 'reports' })).toEqual({ _id: 'reports', position: '42' });
    });

    test('a rejected transaction leaves no write behind and rethrows', async () => {
      await store.collection('checkpoints').insertOne({ _id: 'reports', position: '1' });
      const failure = new Error('projection failed');
      await expect(
        store.withTransaction(async (scope) => {
          await scope.collection('reports').insertOne({ _id: 'r1' });
          await scope.collection('checkpoints').updateOne({ _id: 'reports' }, { $set: { position: '2' } });
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await store.collection('reports').countDocuments()).toBe(0);
      expect(await store.collection('checkpoints').findOne({ _id: 'reports' })).toEqual({ _id: 'reports', position: '1' });
    });

    test('reads inside a transaction see its own writes', async () => {
      await store.collection('reports').insertOne({ _id: 'r0', status: 'old' });
      const seen = await store.withTransaction(async (scope) => {
        const reports = scope.collection('reports');
        await reports.insertOne({ _id: 'r1', status: 'new' });
        await reports.updateOne({ _id: 'r0' }, { $set: { status: 'new' } });
        return {
          found: await reports.findOne({ _id: 'r1' }),
          count: await reports.countDocuments({ status: 'new' }),
          grouped: await reports.aggregate([{ $group: { _id: '$status', n: { $sum: 1 } } }]),
        };
      });
      expect(seen).toEqual({ found: { _id: 'r1', status: 'new' }, count: 2, grouped: [{ _id: 'new', n: 2 }] });
    });

    test('concurrent check-then-act transactions that write what they read never both act on a stale read', async () => {
      // The rebuild switch and a live batch, reduced: the switch reads the checkpoint and activates the version
      // (writing the checkpoint it read); the batch reads the version state and moves the checkpoint.
      const rounds = 10;
      const outcomes: Array<{ switched: boolean; batchSawBuilding: boolean }> = [];
      const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
      for (let round = 0; round < rounds; round++) {
        await store.collection('checkpoints').insertOne({ _id: `c${round}`, position: 1 });
        await store.collection('versions').insertOne({ _id: `v${round}`, state: 'building' });
        const attempt = async () => {
          const switchRun = store.withTransaction(async (scope) => {
            const checkpoint = await scope.collection('checkpoints').findOne({ _id: `c${round}` });
            await pause();
            if (checkpoint?.position !== 1) return false;
            await scope.collection('checkpoints').updateOne({ _id: `c${round}` }, { $set: { touched: true } });
            await scope.collection('versions').updateOne({ _id: `v${round}` }, { $set: { state: 'active' } });
            return true;
          });
          const batchRun = store.withTransaction(async (scope) => {
            const version = await scope.collection('versions').findOne({ _id: `v${round}` });
            await pause();
            await scope.collection('checkpoints').updateOne({ _id: `c${round}` }, { $inc: { position: 1 } });
            return version?.state === 'building';
          });
          const [switched, batchSawBuilding] = await Promise.all([switchRun, batchRun]);
          return { switched, batchSawBuilding };
        };
        outcomes.push(await attempt());
      }
      // Serializable: either the batch saw the version active (switch first) or the switch saw it move (batch first).
      expect(outcomes.filter(({ switched, batchSawBuilding }) => switched && batchSawBuilding)).toEqual([]);
    });

    test('a field set to undefined reads back as missing, as the embedded store keeps it', async () => {
      const items = store.collection('items');
      await items.insertOne({ _id: 'a', kept: 1, gone: undefined });
      await items.updateOne({ _id: 'a' }, { $set: { later: undefined } });
      await items.replaceOne({ _id: 'a' }, { _id: 'a', kept: 2, replaced: undefined });
      await items.insertOne({ _id: 'b', kept: 1, gone: undefined });

      expect(await items.findOne({ _id: 'a' })).toEqual({ _id: 'a', kept: 2 });
      expect(Object.keys((await items.findOne({ _id: 'b' })) ?? {}).sort()).toEqual(['_id', 'kept']);
      expect(ids(await items.find({ gone: { $exists: false } }))).toEqual(['a', 'b']);
      expect(await items.countDocuments({ gone: null })).toBe(2);
    });

    test('queries on indexed fields return the same results as unindexed ones', async () => {
      const items = store.collection('items');
      await items.insertMany(mixedTypeItems());
      const run = async (filter: Filter): Promise<unknown> => ({
        found: ids(await items.find(filter)),
        count: await items.countDocuments(filter),
        grouped: await items.aggregate([{ $match: filter }, { $group: { _id: null, n: { $sum: 1 } } }]),
        first: (await items.findOne(filter, { sort: { _id: 1 } }))?._id ?? null,
        updated: (await items.updateMany(filter, { $set: { touched: true } })).matchedCount,
      });
      const unindexed = [];
      for (const filter of INDEX_PROBES) unindexed.push(await run(filter));
      await items.createIndex({ category: 1 });
      await items.createIndex({ rank: -1, category: 1 });
      await items.createIndex({ 'meta.region': 1 });
      const indexed = [];
      for (const filter of INDEX_PROBES) indexed.push(await run(filter));
      expect(indexed).toEqual(unindexed);
      expect(unindexed.some((result) => (result as { count: number }).count > 0)).toBe(true);
    });

    test('drop removes the collection and its documents', async () => {
      await seedBrands();
      await store.collection('other').insertOne({ _id: 'o1' });
      await store.collection('brands').drop();
      expect(await store.collection('brands').countDocuments()).toBe(0);
      expect(await store.listCollections()).toEqual(['other']);
      await store.collection('brands').insertOne({ _id: 'fresh' });
      expect(ids(await store.collection('brands').find({}))).toEqual(['fresh']);
    });

    test('listCollections names the collections that hold documents', async () => {
      expect(await store.listCollections()).toEqual([]);
      await store.collection('reports').insertOne({ _id: 'r1' });
      await store.collection('checkpoints').updateOne({ _id: 'c' }, { $set: { at: '1' } }, { upsert: true });
      await store.collection('unused').find({});
      expect(await store.listCollections()).toEqual(['checkpoints', 'reports']);
    });

    test('returned documents are copies: changing them changes nothing stored', async () => {
      await store.collection('reports').insertOne({ _id: 'r1', nested: { value: 1 } });
      const found = await store.collection('reports').findOne({ _id: 'r1' });
      if (found) (found.nested as { value: number }).value = 99;
      expect(await store.collection('reports').findOne({ _id: 'r1' })).toEqual({ _id: 'r1', nested: { value: 1 } });
    });
  });
}

/** Values of every JSON type in the indexed fields, so narrowing in SQL is checked against mixed data. */
function mixedTypeItems(): Doc[] {
  const categories = ['a', 'b', 'c', 'B', 'ä', '\u{1F600}', '\uFF21', ''];
  const ranks: unknown[] = [0, 1, 2, 2.5, 5, 5.0, -3, 10, 1e21, '5', 'x', true, false, null, { n: 1 }];
  const items: Doc[] = [];
  for (let index = 0; index < 48; index++) {
    const item: Doc = { _id: `i${String(index).padStart(2, '0')}` };
    if (index % 11 !== 3) item.category = categories[index % categories.length];
    if (index % 7 !== 6) item.rank = ranks[index % ranks.length];
    if (index % 5 !== 0) item.meta = { region: index % 2 === 0 ? 'eu' : 'us' };
    items.push(item);
  }
  return items;
}

const INDEX_PROBES: readonly Filter[] = [
  { category: 'b' },
  { category: { $in: ['a', 'c', 'missing'] } },
  { category: { $gt: 'b' } },
  { category: { $lte: 'B' } },
  { category: { $lt: '\uFF00' } },
  { category: { $gte: '\u{1F600}' } },
  { category: '' },
  { category: null },
  { category: { $exists: false } },
  { rank: 5 },
  { rank: { $gte: 1, $lt: 10 } },
  { rank: { $gt: 1e20 } },
  { rank: { $in: [1, 2.5, '5'] } },
  { rank: '5' },
  { rank: true },
  { rank: 1 },
  { rank: null },
  { rank: { $ne: 5 } },
  { rank: { $lte: 'x' } },
  { rank: { n: 1 } },
  { rank: { $gt: 0 }, category: 'a' },
  { 'meta.region': 'eu' },
  { 'meta.region': { $gte: 'f' } },
  { $and: [{ rank: { $gt: 0 } }, { rank: { $lt: 6 } }] },
  { $or: [{ category: 'c' }, { rank: -3 }] },
  { _id: { $in: ['i01', 'i07', 'i99'] } },
  { _id: { $gte: 'i40' } },
  { _id: 'i05', rank: { $exists: true } },
];
