import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteDocumentStore } from '../src/infra/documentStore/sqliteDocumentStore.js';
import type { DocumentStore } from '../src/ports/documentStore.js';

const UPSERT_OPERATIONS = 100_000;
const DISTINCT_IDS = 5_000;
const OPERATIONS_PER_TRANSACTION = 500;
const BRANDS = 500;
const INDEXED_QUERIES = 20_000;

/**
 * The embedded store under the projection runner's load: counter upserts in transactions of 500, then
 * queries on an indexed field. Runs on a temporary directory and returns operations per second.
 */
export async function benchDocumentStore(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-documentstore-'));
  const store = await SqliteDocumentStore.open(dataDir);
  try {
    const upsertsPerSecond = await measureUpserts(store);
    const indexedFindsPerSecond = await measureIndexedFinds(store);
    return { upsertsPerSecond, indexedFindsPerSecond };
  } finally {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measureUpserts(store: DocumentStore): Promise<number> {
  const started = performance.now();
  for (let first = 0; first < UPSERT_OPERATIONS; first += OPERATIONS_PER_TRANSACTION) {
    await store.withTransaction(async (scope) => {
      const days = scope.collection('promptDays');
      for (let operation = first; operation < first + OPERATIONS_PER_TRANSACTION; operation++) {
        const day = operation % DISTINCT_IDS;
        await days.updateOne(
          { _id: `day-${day}` },
          { $inc: { answers: 1 }, $setOnInsert: { brand: `brand-${day % BRANDS}` } },
          { upsert: true },
        );
      }
    });
  }
  return perSecond(UPSERT_OPERATIONS, performance.now() - started);
}

async function measureIndexedFinds(store: DocumentStore): Promise<number> {
  const days = store.collection('promptDays');
  await days.createIndex({ brand: 1 });
  const started = performance.now();
  for (let query = 0; query < INDEXED_QUERIES; query++) {
    const found = await days.find({ brand: `brand-${query % BRANDS}` });
    if (found.length !== DISTINCT_IDS / BRANDS) throw new Error(`Indexed query found ${found.length} documents`);
  }
  return perSecond(INDEXED_QUERIES, performance.now() - started);
}

function perSecond(operations: number, elapsedMs: number): number {
  return Math.round((operations / elapsedMs) * 1000);
}
