import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { MongoClient } from 'mongodb';
import type { StartedMongoDBContainer } from '@testcontainers/mongodb';
import { assertTransactional, databaseName, MongoDocumentStore } from '../../../src/infra/documentStore/mongoDocumentStore.js';
import type { DocumentStore } from '../../../src/ports/documentStore.js';
import { describeRealServer } from '../../support/docker.js';
import { documentStoreContract } from './contract.js';
import { leasesContract } from '../../background/leases.contract.js';

const configuredUrl = process.env.MONGODB_URL;

/** The same server URL pointing at another database, keeping host list and options. */
function withDatabase(url: string, database: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]*)(?:\/[^?]*)?(\?.*)?$/.exec(url);
  if (!match?.[1]) throw new Error(`Not a MongoDB URL: ${url}`);
  return `${match[1]}/${database}${match[2] ?? ''}`;
}

describe('MongoDB URL', () => {
  test('names the database in its path, else geolens', () => {
    expect(databaseName('mongodb://localhost:27017/readmodels?replicaSet=rs0')).toBe('readmodels');
    expect(databaseName('mongodb+srv://user:pw@cluster.example.net/geo%2Dlens')).toBe('geo-lens');
    expect(databaseName('mongodb://h1:1,h2:2/?replicaSet=rs0')).toBe('geolens');
    expect(databaseName('mongodb://localhost')).toBe('geolens');
  });
});

describeRealServer('MongoDB', configuredUrl)('MongoDB document store on a real server', () => {
  const runId = randomUUID().slice(0, 8);
  let container: StartedMongoDBContainer | undefined;
  let serverUrl = '';
  let admin: MongoClient | undefined;
  let testNumber = 0;
  const databases = new Map<DocumentStore, string>();

  beforeAll(async () => {
    if (configuredUrl) {
      serverUrl = configuredUrl;
    } else {
      const { MongoDBContainer } = await import('@testcontainers/mongodb');
      container = await new MongoDBContainer('mongo:8.0').start();
      // The replica set advertises the container's internal host name; connect to the mapped port as is.
      serverUrl = `${container.getConnectionString()}/?directConnection=true`;
    }
    admin = await MongoClient.connect(serverUrl);
  }, 180_000);

  afterAll(async () => {
    await admin?.close();
    await container?.stop();
  });

  const makeStore = async (): Promise<DocumentStore> => {
    testNumber += 1;
    const database = `geolens_test_${runId}_${testNumber}`;
    const store = await MongoDocumentStore.connect(withDatabase(serverUrl, database));
    databases.set(store, database);
    return store;
  };
  const dropStore = async (store: DocumentStore): Promise<void> => {
    const database = databases.get(store);
    databases.delete(store);
    await store.close();
    if (database) await admin?.db(database).dropDatabase();
  };

  documentStoreContract('MongoDB', makeStore, dropStore);
  leasesContract('MongoDB', makeStore, dropStore);
});

describe('MongoDB server kind', () => {
  test('a replica set member or a mongos runs transactions', () => {
    expect(() => assertTransactional({ setName: 'rs0' })).not.toThrow();
    expect(() => assertTransactional({ msg: 'isdbgrid' })).not.toThrow();
  });

  test('a standalone server is refused at start, naming why', () => {
    expect(() => assertTransactional({})).toThrow('MONGODB_URL names a standalone MongoDB server');
  });
});
