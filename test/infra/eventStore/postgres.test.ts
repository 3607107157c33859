import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from '@jest/globals';
import pg from 'pg';
import { PostgresEventStore } from '../../../src/infra/eventStore/postgresEventStore.js';
import type { EventStore, RecordedEvent } from '../../../src/ports/eventStore.js';
import { createTestDatabase, describePostgres, type TestDatabase } from '../../support/postgres.js';
import { eventStoreContract, eventually } from './contract.js';
import { eventDataText } from '../../../src/ports/eventText.js';

const describeIfPostgres = describePostgres();

describeIfPostgres('PostgreSQL', () => {
  // One database for the contract (creating one costs a second): its tests keep to streams and types of their own.
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  eventStoreContract(
    'PostgreSQL',
    () => PostgresEventStore.connect(database.url),
    (store: EventStore) => store.close(),
  );

  test('reads keep the JSON text of each event’s data, parsed on its first read', async () => {
    const store = await PostgresEventStore.connect(database.url);
    try {
      const data = { by: 'ada', items: [{ sku: 'a-1', quantity: 2 }] };
      await store.append('text-cart-1', [{ type: 'TextOpened', data }]);
      const { events } = await store.readAll({ filter: { eventTypes: ['TextOpened'] } });
      const [first] = await store.readStream('text-cart-1');
      for (const event of [...events, first as RecordedEvent]) {
        expect(JSON.parse(eventDataText(event) ?? 'null')).toEqual(data);
        expect(event.data).toEqual(data);
        expect(event.data).toBe(event.data);
      }
    } finally {
      await store.close();
    }
  });
});

describeIfPostgres('PostgreSQL event store across connections and processes', () => {
  let database: TestDatabase;
  const stores: PostgresEventStore[] = [];
  const open = async (): Promise<PostgresEventStore> => {
    const store = await PostgresEventStore.connect(database.url);
    stores.push(store);
    return store;
  };

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await database.drop();
  });

  test('a subscriber never skips an event while many appenders commit at once, and sees each exactly once', async () => {
    const reader = await open();
    const writers = await Promise.all([open(), open(), open()]);
    const received: RecordedEvent[] = [];
    const subscription = reader.subscribe({ batchSize: 7 }, async (events) => {
      received.push(...events);
    });
    const appends = writers.flatMap((writer, writerIndex) =>
      Array.from({ length: 40 }, (_, index) =>
        writer.append(`race-${writerIndex}-${index % 5}`, [
          { type: 'Raced', data: { writerIndex, index } },
          { type: 'Raced', data: { writerIndex, index, second: true } },
        ]),
      ),
    );
    await Promise.all(appends);

    await eventually(() => expect(received).toHaveLength(240), 10_000);
    await subscription.stop();
    const positions = received.map((event) => event.position);
    expect(positions).toEqual(positions.map((_, index) => BigInt(index + 1)));
    expect(new Set(received.map((event) => event.id)).size).toBe(240);
  }, 30_000);

  test("a subscription notices an append made through another store's connections, as another process does, within 100 ms", async () => {
    const reader = await open();
    const writer = await open();
    const received: Array<{ event: RecordedEvent; at: number }> = [];
    const subscription = reader.subscribe({ from: await reader.headPosition() }, async (events) => {
      received.push(...events.map((event) => ({ event, at: Date.now() })));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const lags: number[] = [];
    for (let index = 0; index < 5; index++) {
      const appended = await writer.append('other-process', [{ type: 'Noticed', data: { index } }]);
      const acknowledgedAt = Date.now();
      await eventually(() => expect(received.at(-1)?.event.position).toBe(appended.position), 2_000);
      lags.push((received.at(-1)?.at ?? Infinity) - acknowledgedAt);
    }
    await subscription.stop();
    expect(Math.max(...lags)).toBeLessThan(100);
  });

  test('keeps the append of a transaction that waits for the head lock until the earlier one commits', async () => {
    const store = await open();
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT position FROM geolens.event_head FOR UPDATE');
    const waiting = store.append('waits', [{ type: 'Waited', data: {} }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await store.readAll()).events).toEqual([]);
    await blocker.query('COMMIT');
    await blocker.end();

    const appended = await waiting;
    expect(appended.position).toBe(1n);
    expect((await store.readAll()).events.map((event) => event.streamName)).toEqual(['waits']);
  });
});
