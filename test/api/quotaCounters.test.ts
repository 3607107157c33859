import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageCounters } from '../../src/app/accounts/quota.js';
import { SqliteDocumentStore } from '../../src/infra/documentStore/sqliteDocumentStore.js';

const period = { start: '2026-11-01', end: '2026-12-01' };

let dataDir: string;
let stores: SqliteDocumentStore[];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-quota-'));
  // Two connections to one file: what two server processes on one DATA_DIR share.
  stores = [await SqliteDocumentStore.open(dataDir), await SqliteDocumentStore.open(dataDir)];
});

afterEach(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await rm(dataDir, { recursive: true, force: true });
});

const countMany = (counters: UsageCounters, requests: number, max: number) =>
  Array.from({ length: requests }, () => counters.count('tm_acme', period, max));

describe('API request counters', () => {
  test('two processes counting at once never grant more than the maximum together', async () => {
    const [first, second] = stores.map((store) => new UsageCounters(store)) as [UsageCounters, UsageCounters];
    const granted = await Promise.all([...countMany(first, 40, 50), ...countMany(second, 40, 50)]);
    expect(granted.filter(Boolean)).toHaveLength(50);
    expect(await first.used('tm_acme', period)).toBe(50);
  });

  test('a maximum of zero grants nothing and creates no counter', async () => {
    const counters = new UsageCounters(stores[0] as SqliteDocumentStore);
    expect(await Promise.all(countMany(counters, 3, 0))).toEqual([false, false, false]);
    expect(await (stores[0] as SqliteDocumentStore).listCollections()).not.toContain('usage');
  });

  test('periods and teams count separately', async () => {
    const counters = new UsageCounters(stores[0] as SqliteDocumentStore);
    await counters.count('tm_acme', period, 10);
    await counters.count('tm_acme', { start: '2026-12-01', end: '2027-01-01' }, 10);
    await counters.count('tm_globex', period, 10);
    expect(await counters.used('tm_acme', period)).toBe(1);
    expect(await counters.used('tm_acme', { start: '2026-12-01', end: '2027-01-01' })).toBe(1);
  });
});
