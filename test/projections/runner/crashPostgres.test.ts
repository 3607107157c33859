import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { openStores, type Stores } from '../../../src/infra/stores.js';
import type { Position } from '../../../src/ports/eventStore.js';
import { physicalCollectionName } from '../../../src/projections/runner/projection.js';
import { createTestDatabase, describePostgres, type TestDatabase } from '../../support/postgres.js';
import type { TotalDoc } from './counterProjection.js';
import { runCounterChild } from './support/counterChild.js';

describePostgres()('projection runner crash safety on PostgreSQL (separate process)', () => {
  let database: TestDatabase;
  let stores: Stores;

  beforeEach(async () => {
    database = await createTestDatabase();
    stores = await openStores({ dataDir: '', databaseUrl: database.url });
  });

  afterEach(async () => {
    await stores.close();
    await database.drop();
  });

  // The embedded store's test with fewer events: each of its transactions costs round trips to the server here.
  test('killing the runner mid-batch (kill -9) three times neither loses nor double-applies an event', async () => {
    let target: Position = 0n;
    for (let index = 0; index < 6_000; index += 100) {
      const events = Array.from({ length: 100 }, (_, offset) => ({ type: 'Counted', data: { n: index + offset } }));
      target = (await stores.eventStore.append('counter-a', events)).position;
    }

    const outcomes = [];
    for (const killAfter of [1000n, 2500n, 4000n]) outcomes.push(await runCounterChild(database.url, target, killAfter));
    outcomes.push(await runCounterChild(database.url, target, null));

    expect(outcomes).toEqual(['killed', 'killed', 'killed', 'done']);
    const totals = await stores.documentStore.collection<TotalDoc>(physicalCollectionName('counter', 1, 'totals')).findOne({ _id: 'all' });
    const applied = await stores.documentStore.collection(physicalCollectionName('counter', 1, 'applied')).countDocuments({});
    expect({ count: totals?.count, applied }).toEqual({ count: 6_000, applied: 6_000 });
  }, 240_000);
});
