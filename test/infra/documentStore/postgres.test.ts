import { afterAll, beforeAll } from '@jest/globals';
import pg from 'pg';
import { PostgresDocumentStore } from '../../../src/infra/documentStore/postgresDocumentStore.js';
import { createTestDatabase, describePostgres, type TestDatabase } from '../../support/postgres.js';
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

  documentStoreContract(
    'PostgreSQL',
    () => PostgresDocumentStore.connect(database.url),
    async (store) => {
      await store.close();
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('DROP SCHEMA geolens_readmodels CASCADE; CREATE SCHEMA geolens_readmodels');
      await client.end();
    },
  );
});
