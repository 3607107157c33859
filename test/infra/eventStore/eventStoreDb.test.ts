import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { StreamNotFoundError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  Filter,
  KurrentDBClient,
  Position as StorePosition,
  ReadAllOptions as StoreReadAllOptions,
  SubscribeToAllOptions,
} from '@kurrent/kurrentdb-client';
import { ConcurrencyError } from '../../../src/domain/shared/errors.js';
import {
  EventStoreDbEventStore,
  fromStorePosition,
  kurrentUrl,
  toStorePosition,
} from '../../../src/infra/eventStore/eventStoreDbEventStore.js';
import { START, type Position } from '../../../src/ports/eventStore.js';
import { describeRealServer } from '../../support/docker.js';
import { eventStoreContract, eventually } from './contract.js';

const configuredUrl = process.env.EVENTSTORE_URL;

describe('EventStoreDB URLs', () => {
  test('esdb:// URLs keep working, in the scheme the client names its own', () => {
    expect(kurrentUrl('esdb://localhost:2113?tls=false')).toBe('kurrentdb://localhost:2113?tls=false');
    expect(kurrentUrl('esdb+discover://cluster.example:2113')).toBe('kurrentdb+discover://cluster.example:2113');
    expect(kurrentUrl('kurrentdb://localhost:2113')).toBe('kurrentdb://localhost:2113');
  });
});

describe('EventStoreDB positions', () => {
  test('map {commit, prepare} to one bigint and back', () => {
    const stored = { commit: 18_446_744_073_709_551_615n, prepare: 12_345n };

    expect(toStorePosition(fromStorePosition(stored))).toEqual(stored);
    expect(fromStorePosition({ commit: 1n, prepare: 0n })).toBe(1n << 64n);
  });

  test('measure lag in bytes of log between commit positions', () => {
    const store = new EventStoreDbEventStore({} as KurrentDBClient);
    const from = fromStorePosition({ commit: 1_000n, prepare: 1_000n });
    const to = fromStorePosition({ commit: 4_096n, prepare: 4_000n });

    expect(store.distance(from, to)).toBe(3_096n);
  });

  test('keep the order of commit, then prepare', () => {
    const ordered = [
      { commit: 0n, prepare: 0n },
      { commit: 0n, prepare: 5n },
      { commit: 1n, prepare: 0n },
      { commit: 1n, prepare: 2n },
      { commit: 700n, prepare: 1n },
    ].map(fromStorePosition);

    expect([...ordered].sort((left, right) => (left < right ? -1 : 1))).toEqual(ordered);
  });
});

const storeEvent = (position: bigint, type: string, streamId = 'cart-1'): AllStreamResolvedEvent => ({
  event: {
    streamId,
    id: randomUUID(),
    isJson: true,
    revision: position,
    type,
    created: new Date(),
    data: { position: Number(position) },
    metadata: {},
    position: toStorePosition(position),
  },
});

class ScriptedSubscription extends Readable {
  unsubscribed = false;

  constructor() {
    super({ objectMode: true, read: () => undefined });
  }

  async unsubscribe(): Promise<void> {
    this.unsubscribed = true;
  }
}

/** What the server's filter lets through: a regex (.NET's, here JavaScript's) or prefixes on one field. */
function passes(filter: Filter | undefined, streamId: string, type: string): boolean {
  if (!filter) return true;
  const field = filter.filterOn === 'eventType' ? type : streamId;
  return 'regex' in filter ? new RegExp(filter.regex).test(field) : filter.prefixes.some((prefix) => field.startsWith(prefix));
}

/**
 * Stands in for the client where no server can run: `$all` is a list, reads from a position include
 * it and apply the server's filter (as the server's do), and the subscription is driven by the test.
 */
class ScriptedClient {
  readonly subscription = new ScriptedSubscription();
  subscribeOptions: SubscribeToAllOptions = {};
  appendFailure: unknown;
  readStreamFailure: unknown;
  reads = 0;

  constructor(readonly log: AllStreamResolvedEvent[] = []) {}

  subscribeToAll(options: SubscribeToAllOptions): ScriptedSubscription {
    this.subscribeOptions = options;
    return this.subscription;
  }

  readAll({ fromPosition = 'start', maxCount = Number.MAX_SAFE_INTEGER, direction = 'forwards', filter }: StoreReadAllOptions = {}): Readable {
    this.reads += 1;
    const from = typeof fromPosition === 'object' ? fromStorePosition(fromPosition) : undefined;
    const ordered = direction === 'backwards' ? [...this.log].reverse() : this.log;
    const selected = ordered.filter(({ event }) => {
      const position = fromStorePosition(event?.position as StorePosition);
      const reached = from === undefined || (direction === 'backwards' ? position <= from : position >= from);
      return reached && passes(filter, event?.streamId ?? '', event?.type ?? '');
    });
    return Readable.from(selected.slice(0, Number(maxCount)));
  }

  readStream(): Readable {
    const failure = this.readStreamFailure;
    return new Readable({ objectMode: true, read() { this.destroy(failure as Error); } });
  }

  async appendToStream(): Promise<never> {
    throw this.appendFailure;
  }

  async dispose(): Promise<void> {}

  checkpoint(position: bigint): Promise<void> | void {
    const reached = this.subscribeOptions.filter?.checkpointReached;
    return reached?.(this.subscription as unknown as AllStreamSubscription, toStorePosition(position));
  }
}

const storeWith = (client: ScriptedClient): EventStoreDbEventStore =>
  new EventStoreDbEventStore(client as unknown as KurrentDBClient);

interface Call {
  positions: Position[];
  scannedTo: Position;
}

/** Every call's events come after the previous call's scannedTo, and scannedTo covers its own events. */
function expectOrderedProgress(calls: readonly Call[]): void {
  let previous = 0n;
  for (const call of calls) {
    for (const position of call.positions) {
      expect(position).toBeGreaterThan(previous);
      expect(position).toBeLessThanOrEqual(call.scannedTo);
    }
    expect(call.scannedTo).toBeGreaterThanOrEqual(previous);
    previous = call.scannedTo;
  }
}

describe('EventStoreDB adapter against a scripted client', () => {
  test('reads $all in pages, skipping system events and events at or before from', async () => {
    const log = Array.from({ length: 2_500 }, (_, index) =>
      storeEvent(BigInt(index + 1), index % 3 === 0 ? '$stats' : index % 2 === 0 ? 'Wanted' : 'Other'),
    );
    const store = storeWith(new ScriptedClient(log));

    const all = await store.readAll({ from: 10n, maxCount: 5_000 });
    const wanted = await store.readAll({ from: 10n, maxCount: 700, filter: { eventTypes: ['Wanted'] } });
    const none = await store.readAll({ filter: { eventTypes: ['Absent'] } });

    const expectedAll = log.filter(({ event }, index) => index >= 10 && !event?.type.startsWith('$'));
    expect(all.events.map((event) => event.position)).toEqual(expectedAll.map(({ event }) => fromStorePosition(event?.position as StorePosition)));
    expect(all.scannedTo).toBe(2_500n);
    expect(wanted.events).toHaveLength(700);
    expect(wanted.events.every((event) => event.type === 'Wanted' && event.position > 10n)).toBe(true);
    expect(wanted.scannedTo).toBe(wanted.events.at(-1)?.position);
    expect(none).toEqual({ events: [], scannedTo: 2_500n });
    // The last event (2,500) is a system event, which no reader is handed.
    expect(await store.headPosition()).toBe(2_499n);
  });

  test('a filtered read of $all is filtered by the server, not paged through on this side', async () => {
    const log = Array.from({ length: 5_000 }, (_, index) => storeEvent(BigInt(index + 1), 'Other'));
    const client = new ScriptedClient([...log, storeEvent(5_001n, 'Wanted')]);

    const read = await storeWith(client).readAll({ filter: { eventTypes: ['Wanted'] }, maxCount: 10 });

    expect(read.events.map((event) => event.position)).toEqual([5_001n]);
    expect(read.scannedTo).toBe(5_001n);
    // One read for the newest position, one for the events.
    expect(client.reads).toBe(2);
  });

  test('maps a wrong expected version to a ConcurrencyError naming stream, expected and actual', async () => {
    const client = new ScriptedClient();
    client.appendFailure = new WrongExpectedVersionError(undefined, { streamName: 'cart-1', expected: 1n, current: 4n });

    const attempt = storeWith(client).append('cart-1', [{ type: 'A', data: {} }], { expectedRevision: 1n });

    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(attempt).rejects.toThrow('Stream "cart-1": expected revision 1 but the stream is at revision 4');
  });

  test('reads a missing stream as empty', async () => {
    const client = new ScriptedClient();
    client.readStreamFailure = new StreamNotFoundError(undefined, 'cart-1');

    expect(await storeWith(client).readStream('cart-1')).toEqual([]);
  });

  test.each([
    [{ eventTypes: ['Item.Added', 'Closed'] }, { filterOn: 'eventType', regex: '^(?:Item\\.Added|Closed)$' }],
    [{ streamPrefixes: ['cart-'] }, { filterOn: 'streamName', prefixes: ['cart-'] }],
    [{ streamPrefixes: [] }, { filterOn: 'streamName', regex: '(?!)' }],
    [undefined, { filterOn: 'eventType', regex: '^[^$].*' }],
  ])('asks the server to filter %j as %j, with a checkpoint after every window it searches', (filter, serverFilter) => {
    const client = new ScriptedClient();

    void storeWith(client).subscribe({ ...(filter ? { filter } : {}) }, async () => undefined).stop();

    expect(client.subscribeOptions.filter).toMatchObject({ ...serverFilter, checkpointInterval: 1 });
  });

  test('a filtered subscription on an idle log reports progress to the head without a server checkpoint', async () => {
    const client = new ScriptedClient(Array.from({ length: 5 }, (_, index) => storeEvent(BigInt(index + 1), 'Other')));
    const store = storeWith(client);
    const calls: Call[] = [];
    const subscription = store.subscribe({ filter: { eventTypes: ['Wanted'] } }, async (events, scannedTo) => {
      calls.push({ positions: events.map((event) => event.position), scannedTo });
    });

    await eventually(() => expect(calls.at(-1)?.scannedTo).toBeGreaterThanOrEqual(5n), 2_000);
    await subscription.stop();

    expect(calls.flatMap((call) => call.positions)).toEqual([]);
    expect(await store.headPosition()).toBe(5n);
  });

  test('idle progress never passes a matching event the subscription has yet to deliver', async () => {
    const client = new ScriptedClient([storeEvent(1n, 'Other'), storeEvent(2n, 'Wanted'), storeEvent(3n, 'Other')]);
    const calls: Call[] = [];
    const subscription = storeWith(client).subscribe({ filter: { eventTypes: ['Wanted'] } }, async (events, scannedTo) => {
      calls.push({ positions: events.map((event) => event.position), scannedTo });
    });

    await sleep(600);
    client.subscription.push(storeEvent(2n, 'Wanted'));
    await eventually(() => expect(calls.at(-1)?.scannedTo).toBe(3n), 2_000);
    await subscription.stop();

    expect(calls.flatMap((call) => call.positions)).toEqual([2n]);
    expectOrderedProgress(calls);
  });

  test('the head position is the newest event a subscriber can receive: system events after it do not count', async () => {
    const log = [storeEvent(1n, 'Added'), storeEvent(2n, 'Added'), storeEvent(3n, '$metadata', '$$cart-1'), storeEvent(4n, '$stats', '$stats-1')];

    expect(await storeWith(new ScriptedClient(log)).headPosition()).toBe(2n);
    expect(await storeWith(new ScriptedClient(log.slice(2))).headPosition()).toBe(START);
  });

  test('a subscription delivers events and checkpoints in order, and skips system events', async () => {
    const client = new ScriptedClient();
    const calls: Call[] = [];
    const subscription = storeWith(client).subscribe({ batchSize: 10, filter: { streamPrefixes: ['cart-'] } }, async (events, scannedTo) => {
      calls.push({ positions: events.map((event) => event.position), scannedTo });
      await sleep(1);
    });

    for (let position = 1n; position <= 1_000n; position++) {
      client.subscription.push(storeEvent(position, position % 10n === 0n ? '$metadata' : 'Added'));
      if (position % 250n === 0n) await client.checkpoint(position + 5n);
    }
    await eventually(() => expect(calls.at(-1)?.scannedTo).toBe(1_005n));
    await subscription.stop();

    expectOrderedProgress(calls);
    const delivered = calls.flatMap((call) => call.positions);
    expect(delivered).toHaveLength(900);
    expect(Math.max(...calls.map((call) => call.positions.length))).toBeLessThanOrEqual(10);
    expect(calls.map((call) => call.scannedTo)).toContain(255n);
    expect(client.subscription.unsubscribed).toBe(true);
  });

  test('a subscription that the server ends or fails rejects done', async () => {
    const ended = new ScriptedClient();
    const failed = new ScriptedClient();
    const endedSubscription = storeWith(ended).subscribe({}, async () => undefined);
    const failedSubscription = storeWith(failed).subscribe({}, async () => undefined);

    ended.subscription.push(null);
    failed.subscription.destroy(new Error('connection lost'));

    await expect(endedSubscription.done).rejects.toThrow('EventStoreDB ended the subscription');
    await expect(failedSubscription.done).rejects.toThrow('connection lost');
    expect(ended.subscription.unsubscribed && failed.subscription.unsubscribed).toBe(true);
  });
});

describeRealServer('EventStoreDB', configuredUrl)('EventStoreDB server', () => {
  let url = configuredUrl ?? '';
  let stopContainer: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    if (url) return;
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_CLUSTER_SIZE: '1',
        EVENTSTORE_MEM_DB: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((status) => status < 300))
      .withStartupTimeout(120_000)
      .start();
    url = `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    stopContainer = async () => {
      await container.stop();
    };
  }, 180_000);

  afterAll(() => stopContainer());

  eventStoreContract(
    'EventStoreDB',
    async () => EventStoreDbEventStore.connect(url),
    (store) => store.close(),
  );

  test('a filtered subscription reports server checkpoints as calls without events', async () => {
    const store = EventStoreDbEventStore.connect(url);
    const prefix = `checkpoint_${randomUUID()}-`;
    const from = await store.headPosition();
    const skipped = await store.append(
      `${prefix}a`,
      Array.from({ length: 200 }, (_, index) => ({ type: 'Unwanted', data: { index } })),
    );
    const progressOnly: Position[] = [];
    const subscription = store.subscribe(
      { from, batchSize: 32, filter: { eventTypes: [`Wanted-${prefix}`] } },
      async (events, scannedTo) => {
        if (events.length === 0) progressOnly.push(scannedTo);
      },
    );

    await eventually(() => expect(progressOnly.some((position) => position >= skipped.position)).toBe(true), 10_000);
    await subscription.stop();
    await store.close();
  }, 20_000);
});
