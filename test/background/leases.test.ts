import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDocumentStore } from '../../src/infra/documentStore/sqliteDocumentStore.js';
import type { DocumentStore } from '../../src/ports/documentStore.js';
import { leasesContract } from './leases.contract.js';

const dirs = new Map<DocumentStore, string>();

leasesContract(
  'SQLite',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'geolens-leases-'));
    const store = await SqliteDocumentStore.open(dir);
    dirs.set(store, dir);
    return store;
  },
  async (store) => {
    await store.close();
    await rm(dirs.get(store) ?? '', { recursive: true, force: true });
    dirs.delete(store);
  },
);
