import { afterAll, beforeAll, expect, test } from '@jest/globals';
import pg from 'pg';
import { PostgresDocumentStore } from '../../../src/infra/documentStore/postgresDocumentStore.js';
import type { DocumentStore } from '../../../src/ports/documentStore.js';
import { createTestDatabase, describePostgres, type TestDatabase } from '../../support/postgres.js';
import { leasesContract } from '../../background/leases.contract.js';
import { documentStoreContract } from './contract.js';

describePostgres()('PostgreSQL', () => {
  // One database for the file (creating one costs a second); each test starts on an empty read-model schema.
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  const emptied = async (store: DocumentStore): Promise<void> => {
    await store.close();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('DROP SCHEMA geolens_readmodels CASCADE; CREATE SCHEMA geolens_readmodels');
    await client.end();
  };
  const connect = () => PostgresDocumentStore.connect(database.url);

  documentStoreContract('PostgreSQL', connect, emptied);
  leasesContract('PostgreSQL', connect, emptied);
});

describePostgres()('PostgreSQL document store across sessions', () => {
  test('a read outside a transaction that created a collection sees it empty until the transaction commits', async () => {
    const database = await createTestDatabase();
    const store = await PostgresDocumentStore.connect(database.url);
    try {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let created: () => void = () => undefined;
      const createdInTransaction = new Promise<void>((resolve) => (created = resolve));
      const transaction = store.withTransaction(async (scope) => {
        await scope.collection('fresh').insertOne({ _id: 'one' });
        created();
        await released;
      });
      await createdInTransaction;
      expect(await store.collection('fresh').find({})).toEqual([]);
      release();
      await transaction;
      expect(await store.collection('fresh').find({})).toEqual([{ _id: 'one' }]);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

describePostgres()('PostgreSQL collections created by many processes at once', () => {
  test('stores on separate pools writing to the same new collection at once all succeed, each write kept', async () => {
    const database = await createTestDatabase();
    const stores = await Promise.all(Array.from({ length: 16 }, () => PostgresDocumentStore.connect(database.url)));
    try {
      for (let round = 0; round < 20; round += 1) {
        const name = `racing${round}`;
        await Promise.all(stores.map((store, index) => store.collection(name).insertOne({ _id: `writer${index}` })));
        const written = await stores[0]!.collection(name).find({});
        expect(written.map((document) => document._id).sort()).toEqual(stores.map((_, index) => `writer${index}`).sort());
      }
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await database.drop();
    }
  });
});
