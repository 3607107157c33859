/**
 * The behaviour every EventStore adapter promises. Tests scope themselves to their own streams and event
 * types (unique per test), so the suite also runs against a shared, non-empty server.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { ConcurrencyError } from '../../../src/domain/shared/errors.js';
import type {
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../../../src/ports/eventStore.js';
import { START } from '../../../src/ports/eventStore.js';
import { eventDataText } from '../../../src/ports/eventText.js';

/** Retries `check` until it passes or the time is up (subscriptions deliver asynchronously). */
export async function eventually(check: () => void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await sleep(10);
  }
}

interface Collected {
  events: RecordedEvent[];
  scannedTos: Position[];
  subscription: Subscription;
}

function collect(store: EventStore, options: SubscribeOptions, keep: (event: RecordedEvent) => boolean): Collected {
  const collected: Omit<Collected, 'subscription'> = { events: [], scannedTos: [] };
  const subscription = store.subscribe(options, async (events, scannedTo) => {
    collected.events.push(...events.filter(keep));
    collected.scannedTos.push(scannedTo);
  });
  return { ...collected, subscription };
}

const typesOf = (events: readonly RecordedEvent[]): string[] => events.map((event) => event.type);

export function eventStoreContract(
  name: string,
  makeStore: () => Promise<EventStore>,
  cleanup: (store: EventStore) => Promise<void>,
): void {
  describe(`${name} event store`, () => {
    let store: EventStore;
    /** Stream names of this test start with it. */
    let prefix: string;
    /** Event type names of this test end with it, so type filters do not see other tests' events. */
    let suffix: string;
    let before: Position;

    const stream = (localName: string): string => `${prefix}${localName}`;
    const type = (localName: string): string => `${localName}_${suffix}`;
    const newEvent = (localType: string, data: unknown = {}): NewEvent => ({ type: type(localType), data });
    const isOurs = (event: RecordedEvent): boolean => event.streamName.startsWith(prefix);
    const readOurs = async (maxCount?: number) =>
      store.readAll({ from: before, filter: { streamPrefixes: [prefix] }, ...(maxCount ? { maxCount } : {}) });

    beforeEach(async () => {
      store = await makeStore();
      suffix = randomUUID().slice(0, 8);
      prefix = `contract_${suffix}-`;
      before = await store.headPosition();
    });

    afterEach(async () => {
      await cleanup(store);
    });

    test('where a store gives the JSON text an event’s data was stored as, it is the text of that data', async () => {
      const data = { by: 'ada', items: [{ sku: 'a-1', quantity: 2 }], note: 'ünïcode ✓', nothing: null };
      await store.append(stream('cart'), [newEvent('Opened', data)]);
      const read = [...(await store.readStream(stream('cart'))), ...(await readOurs()).events];
      expect(read).toHaveLength(2);
      for (const event of read) {
        const text = eventDataText(event);
        if (text !== undefined) expect(JSON.parse(text)).toEqual(data);
        expect(event.data).toEqual(data);
      }
      // Copies hold the data itself, not a reference to a text.
      expect(eventDataText({ ...(read[0] as RecordedEvent) })).toBeUndefined();
    });

    describe('appending and reading a stream', () => {
      test('reads back appended events in revision order', async () => {
        await store.append(stream('cart'), [newEvent('Opened'), newEvent('ItemAdded')]);
        await store.append(stream('cart'), [newEvent('Closed')]);

        const events = await store.readStream(stream('cart'));

        expect(typesOf(events)).toEqual([type('Opened'), type('ItemAdded'), type('Closed')]);
        expect(events.map((event) => event.revision)).toEqual([0n, 1n, 2n]);
        expect(events.every((event) => event.streamName === stream('cart'))).toBe(true);
      });

      test('returns the revision and position of the last appended event', async () => {
        const first = await store.append(stream('cart'), [newEvent('Opened'), newEvent('ItemAdded')]);
        const second = await store.append(stream('cart'), [newEvent('Closed')], { expectedRevision: first.nextExpectedRevision });

        const events = await store.readStream(stream('cart'));

        expect(first.nextExpectedRevision).toBe(1n);
        expect(second.nextExpectedRevision).toBe(2n);
        expect(first.position).toBe(events[1]?.position);
        expect(second.position).toBe(events[2]?.position);
      });

      test('reads several streams at once, each in revision order, as readStream reads each', async () => {
        await store.append(stream('a'), [newEvent('Opened'), newEvent('ItemAdded')]);
        await store.append(stream('b'), [newEvent('Opened')]);
        await store.append(stream('a'), [newEvent('Closed')]);
        await store.append(stream('c'), [newEvent('Opened')]);

        const read = await store.readStreams([stream('b'), stream('missing'), stream('a'), stream('b')]);

        expect([...read.keys()].sort()).toEqual([stream('a'), stream('b')]);
        expect(typesOf(read.get(stream('a')) ?? [])).toEqual([type('Opened'), type('ItemAdded'), type('Closed')]);
        expect(read.get(stream('a'))).toEqual(await store.readStream(stream('a')));
        expect(read.get(stream('b'))).toEqual(await store.readStream(stream('b')));
        expect(await store.readStreams([])).toEqual(new Map());
      });

      test('reads a page of streams at once (a page of runs)', async () => {
        const names = Array.from({ length: 120 }, (_, index) => stream(`run-${index}`));
        await store.appendMultiple(names.map((name, index) => ({ streamName: name, events: [newEvent('Recorded', { index })] })));

        const read = await store.readStreams(names);

        expect(names.map((name) => (read.get(name)?.[0]?.data as { index: number } | undefined)?.index)).toEqual(names.map((_, index) => index));
      });

      test('reads an empty list from a stream that does not exist', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      test('reads a stream from a revision, up to maxCount', async () => {
        await store.append(stream('cart'), ['A', 'B', 'C', 'D'].map((localType) => newEvent(localType)));

        const events = await store.readStream(stream('cart'), { fromRevision: 1n, maxCount: 2 });

        expect(typesOf(events)).toEqual([type('B'), type('C')]);
      });

      test('round-trips data and metadata, keeps a given id and stamps the creation time', async () => {
        const id = randomUUID();
        const data = { name: 'Zoë 😀', nested: { list: [1, 2.5, null, true], empty: {} }, quote: '"\\' };
        const metadata = { correlationId: 'c-1', actor: { kind: 'user', id: 'u-1' } };
        const startedAt = Date.now();

        await store.append(stream('cart'), [{ type: type('Opened'), data, metadata, id }]);

        const [event] = await store.readStream(stream('cart'));
        expect(event).toMatchObject({ id, data, metadata, type: type('Opened') });
        expect(event?.created).toBeInstanceOf(Date);
        expect(event?.created.getTime()).toBeGreaterThanOrEqual(startedAt - 5_000);
        expect(event?.created.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
      });

      test('keeps a given recorded time, in every read and apart from the metadata (events import)', async () => {
        const created = new Date('2025-03-04T05:06:07.089Z');
        const metadata = { correlationId: 'c-2' };
        await store.appendMultiple([{ streamName: stream('cart'), events: [{ ...newEvent('Opened'), metadata, created }, newEvent('Closed')] }]);

        const [imported, stamped] = await store.readStream(stream('cart'));
        const { events: [fromAll] } = await readOurs(1);

        expect(imported).toMatchObject({ created, metadata });
        expect(fromAll).toMatchObject({ created, metadata });
        expect(stamped?.created.getTime()).toBeGreaterThan(created.getTime());
      });

      test('defaults metadata to an empty object and generates a uuid per event', async () => {
        await store.append(stream('cart'), [newEvent('Opened'), newEvent('Closed')]);

        const events = await store.readStream(stream('cart'));

        expect(events.map((event) => event.metadata)).toEqual([{}, {}]);
        for (const event of events) expect(event.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(events[0]?.id).not.toBe(events[1]?.id);
      });
    });

    describe('optimistic concurrency', () => {
      const conflicts: Array<[string, number, ExpectedRevision]> = [
        ['no_stream on an existing stream', 1, 'no_stream'],
        ['stream_exists on a missing stream', 0, 'stream_exists'],
        ['a revision behind the stream', 2, 0n],
        ['a revision ahead of the stream', 1, 3n],
        ['a revision on a missing stream', 0, 0n],
      ];

      test.each(conflicts)('refuses %s with a ConcurrencyError and appends nothing', async (_, existing, expectedRevision) => {
        for (let index = 0; index < existing; index++) await store.append(stream('cart'), [newEvent('Existing')]);

        const attempt = store.append(stream('cart'), [newEvent('New'), newEvent('New')], { expectedRevision });

        await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(attempt).rejects.toMatchObject({ streamName: stream('cart'), status: 409 });
        await expect(attempt).rejects.toThrow(stream('cart'));
        expect(await store.readStream(stream('cart'))).toHaveLength(existing);
      });

      const accepted: Array<[string, number, ExpectedRevision]> = [
        ['no_stream on a missing stream', 0, 'no_stream'],
        ['stream_exists on an existing stream', 1, 'stream_exists'],
        ['the current revision', 2, 1n],
        ['any on a missing stream', 0, 'any'],
        ['any on an existing stream', 2, 'any'],
      ];

      test.each(accepted)('accepts %s', async (_, existing, expectedRevision) => {
        for (let index = 0; index < existing; index++) await store.append(stream('cart'), [newEvent('Existing')]);

        const appended = await store.append(stream('cart'), [newEvent('New')], { expectedRevision });

        expect(appended.nextExpectedRevision).toBe(BigInt(existing));
      });

      test('of concurrent appends with the same expectation exactly one wins', async () => {
        await store.append(stream('cart'), [newEvent('Opened')]);

        const attempts = await Promise.allSettled(
          [1, 2, 3, 4, 5].map((writer) =>
            store.append(stream('cart'), [newEvent('Added', { writer }), newEvent('Added', { writer })], {
              expectedRevision: 0n,
            }),
          ),
        );

        const winners = attempts.filter((attempt) => attempt.status === 'fulfilled');
        const losers = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason] : []));
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(4);
        for (const loser of losers) expect(loser).toBeInstanceOf(ConcurrencyError);
        const events = await store.readStream(stream('cart'));
        expect(events).toHaveLength(3);
        expect(new Set(events.slice(1).map((event) => (event.data as { writer: number }).writer)).size).toBe(1);
      });

      test('keeps the events of one append together in the global order', async () => {
        const batch = (localStream: string) =>
          store.append(stream(localStream), [1, 2, 3].map((step) => newEvent('Step', { step })));

        await Promise.all([batch('a'), batch('b'), batch('c')]);

        const { events } = await readOurs();
        expect(events).toHaveLength(9);
        for (let index = 0; index < 9; index += 3) {
          const group = events.slice(index, index + 3);
          expect(new Set(group.map((event) => event.streamName)).size).toBe(1);
          expect(group.map((event) => event.revision)).toEqual([0n, 1n, 2n]);
        }
      });
    });

    describe('appending to several streams', () => {
      test('appends each stream with its expectation, in the order given, and answers each stream and the last position', async () => {
        await store.append(stream('b'), [newEvent('Existing')]);

        const appended = await store.appendMultiple([
          { streamName: stream('a'), events: [newEvent('First'), newEvent('Second')], expectedRevision: 'no_stream' },
          { streamName: stream('b'), events: [newEvent('Third')], expectedRevision: 0n },
        ]);

        expect(appended.results.map(({ nextExpectedRevision }) => nextExpectedRevision)).toEqual([1n, 1n]);
        const { events } = await readOurs();
        expect(events.map((event) => [event.streamName, event.revision, event.type])).toEqual([
          [stream('b'), 0n, type('Existing')],
          [stream('a'), 0n, type('First')],
          [stream('a'), 1n, type('Second')],
          [stream('b'), 1n, type('Third')],
        ]);
        expect(appended.position).toBe(events.at(-1)?.position);
        expect(appended.results[0]?.position).toBe(events[2]?.position);
      });

      test('names a stream at most once and needs at least one', async () => {
        await expect(store.appendMultiple([])).rejects.toBeInstanceOf(RangeError);
        const twice = [stream('a'), stream('a')].map((streamName) => ({ streamName, events: [newEvent('Twice')] }));
        await expect(store.appendMultiple(twice)).rejects.toBeInstanceOf(RangeError);
        expect((await readOurs()).events).toEqual([]);
      });

      test('a failing expectation is a ConcurrencyError naming its stream; an atomic store appends nothing of the call', async () => {
        await store.append(stream('taken'), [newEvent('Existing')]);

        const attempt = store.appendMultiple([
          { streamName: stream('free'), events: [newEvent('New')], expectedRevision: 'no_stream' },
          { streamName: stream('taken'), events: [newEvent('New')], expectedRevision: 'no_stream' },
        ]);

        await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(attempt).rejects.toMatchObject({ streamName: stream('taken') });
        const appendedBefore = store.multiStreamAppend === 'atomic' ? 0 : 1;
        expect(await store.readStream(stream('free'))).toHaveLength(appendedBefore);
        expect(await store.readStream(stream('taken'))).toHaveLength(1);
      });
    });

    describe('reading all', () => {
      test('returns the events of all streams in append order, strictly after from', async () => {
        const first = await store.append(stream('a'), [newEvent('One')]);
        await store.append(stream('b'), [newEvent('Two')]);
        await store.append(stream('a'), [newEvent('Three')]);

        const all = await readOurs();
        const afterFirst = await store.readAll({ from: first.position, filter: { streamPrefixes: [prefix] } });

        expect(typesOf(all.events)).toEqual([type('One'), type('Two'), type('Three')]);
        expect(typesOf(afterFirst.events)).toEqual([type('Two'), type('Three')]);
      });

      test('assigns bigint positions that strictly increase, and bigint revisions', async () => {
        for (let index = 0; index < 5; index++) await store.append(stream(`s${index % 2}`), [newEvent('A'), newEvent('B')]);

        const { events } = await readOurs();

        expect(events).toHaveLength(10);
        for (const event of events) {
          expect(typeof event.position).toBe('bigint');
          expect(typeof event.revision).toBe('bigint');
        }
        for (let index = 1; index < events.length; index++) {
          expect((events[index] as RecordedEvent).position > (events[index - 1] as RecordedEvent).position).toBe(true);
        }
        expect(events[0]?.position).toBeGreaterThan(before);
      });

      test('stops at maxCount and reports the last returned position as scannedTo', async () => {
        await store.append(stream('a'), ['One', 'Two', 'Three'].map((localType) => newEvent(localType)));

        const page = await readOurs(2);

        expect(typesOf(page.events)).toEqual([type('One'), type('Two')]);
        expect(page.scannedTo).toBe(page.events[1]?.position);
      });

      test('pages through everything by passing scannedTo back as from', async () => {
        for (let index = 0; index < 7; index++) await store.append(stream('a'), [newEvent('Step', { index })]);

        const seen: RecordedEvent[] = [];
        let from = before;
        for (;;) {
          const page = await store.readAll({ from, maxCount: 3, filter: { streamPrefixes: [prefix] } });
          seen.push(...page.events);
          if (page.events.length < 3) break;
          from = page.scannedTo;
        }

        expect(seen.map((event) => (event.data as { index: number }).index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      });

      test('without maxCount reads at most 1,000 events, and scannedTo says where to go on', async () => {
        await store.append(stream('a'), Array.from({ length: 1_005 }, (_, index) => newEvent('Step', { index })));

        const first = await readOurs();
        const rest = await store.readAll({ from: first.scannedTo, filter: { streamPrefixes: [prefix] } });

        expect(first.events).toHaveLength(1_000);
        expect(first.scannedTo).toBe(first.events.at(-1)?.position);
        expect(rest.events.map((event) => (event.data as { index: number }).index)).toEqual([1_000, 1_001, 1_002, 1_003, 1_004]);
      });

      test('filters by event type', async () => {
        await store.append(stream('a'), [newEvent('Wanted'), newEvent('Other'), newEvent('AlsoWanted')]);

        const { events } = await store.readAll({ from: before, filter: { eventTypes: [type('Wanted'), type('AlsoWanted')] } });

        expect(typesOf(events)).toEqual([type('Wanted'), type('AlsoWanted')]);
      });

      test('filters by stream prefix', async () => {
        await store.append(stream('cart-1'), [newEvent('A')]);
        await store.append(stream('order-1'), [newEvent('B')]);
        await store.append(stream('cart-2'), [newEvent('C')]);
        await store.append(stream('Cart-3'), [newEvent('D')]);

        const { events } = await store.readAll({ from: before, filter: { streamPrefixes: [stream('cart-')] } });

        expect(events.map((event) => event.streamName)).toEqual([stream('cart-1'), stream('cart-2')]);
      });

      test('filters by event type and stream prefix together', async () => {
        await store.append(stream('cart-1'), [newEvent('A'), newEvent('B')]);
        await store.append(stream('order-1'), [newEvent('A')]);

        const { events } = await store.readAll({
          from: before,
          filter: { eventTypes: [type('A')], streamPrefixes: [stream('cart-'), stream('nothing-')] },
        });

        expect(events.map((event) => [event.streamName, event.type])).toEqual([[stream('cart-1'), type('A')]]);
      });

      test('matches nothing with an empty type list', async () => {
        await store.append(stream('a'), [newEvent('A')]);

        const { events } = await store.readAll({ from: before, filter: { eventTypes: [], streamPrefixes: [prefix] } });

        expect(events).toEqual([]);
      });

      test('advances scannedTo past events that do not match', async () => {
        await store.append(stream('a'), [newEvent('Wanted')]);
        const skipped = await store.append(stream('a'), [newEvent('Other'), newEvent('Other')]);

        const page = await store.readAll({ from: before, maxCount: 10, filter: { eventTypes: [type('Wanted')] } });
        const nothingMatches = await store.readAll({ from: before, filter: { eventTypes: [type('Absent')] } });

        expect(typesOf(page.events)).toEqual([type('Wanted')]);
        expect(page.scannedTo).toBeGreaterThanOrEqual(skipped.position);
        expect(nothingMatches.events).toEqual([]);
        expect(nothingMatches.scannedTo).toBeGreaterThanOrEqual(skipped.position);
      });

      test('reports from as scannedTo when nothing follows it', async () => {
        const appended = await store.append(stream('a'), [newEvent('A')]);
        const head = await store.headPosition();

        const page = await store.readAll({ from: head, filter: { streamPrefixes: [prefix] } });

        expect(page.events).toEqual([]);
        expect(page.scannedTo).toBeGreaterThanOrEqual(appended.position);
      });
    });

    describe('head position', () => {
      test('is at or after the last appended event, and nothing of ours follows it', async () => {
        expect(before).toBeGreaterThanOrEqual(START);
        await store.append(stream('a'), [newEvent('A')]);
        const appended = await store.append(stream('b'), [newEvent('B'), newEvent('C')]);

        const head = await store.headPosition();

        expect(head).toBeGreaterThanOrEqual(appended.position);
        expect((await store.readAll({ from: head, filter: { streamPrefixes: [prefix] } })).events).toEqual([]);
      });
    });

    describe('subscribing', () => {
      test('delivers the existing events, then the ones appended later', async () => {
        await store.append(stream('a'), [newEvent('Old1'), newEvent('Old2')]);
        const collected = collect(store, { from: before }, isOurs);
        await eventually(() => expect(collected.events).toHaveLength(2));

        await store.append(stream('b'), [newEvent('New1')]);
        await store.append(stream('a'), [newEvent('New2')]);

        await eventually(() => expect(collected.events).toHaveLength(4));
        expect(typesOf(collected.events)).toEqual([type('Old1'), type('Old2'), type('New1'), type('New2')]);
        await collected.subscription.stop();
      });

      test('starts strictly after from', async () => {
        const first = await store.append(stream('a'), [newEvent('Skipped')]);
        await store.append(stream('a'), [newEvent('Delivered')]);

        const collected = collect(store, { from: first.position }, isOurs);

        await eventually(() => expect(typesOf(collected.events)).toEqual([type('Delivered')]));
        await collected.subscription.stop();
      });

      test('delivers only the events that match its filter, in order', async () => {
        const filter = { eventTypes: [type('Wanted')], streamPrefixes: [stream('cart-')] };
        await store.append(stream('cart-1'), [newEvent('Wanted', { n: 1 }), newEvent('Other')]);
        const collected = collect(store, { from: before, filter }, () => true);

        await store.append(stream('order-1'), [newEvent('Wanted')]);
        await store.append(stream('cart-2'), [newEvent('Other'), newEvent('Wanted', { n: 2 })]);

        await eventually(() => expect(collected.events).toHaveLength(2));
        await sleep(50);
        expect(collected.events.map((event) => event.data)).toEqual([{ n: 1 }, { n: 2 }]);
        await collected.subscription.stop();
      });

      test('hands over batches no larger than batchSize, one handler call at a time', async () => {
        await store.append(stream('a'), Array.from({ length: 25 }, (_, index) => newEvent('Step', { index })));
        const batchSizes: number[] = [];
        const received: RecordedEvent[] = [];
        let running = 0;
        let overlapped = false;

        const subscription = store.subscribe({ from: before, batchSize: 10, filter: { streamPrefixes: [prefix] } }, async (events) => {
          overlapped ||= running > 0;
          running++;
          await sleep(5);
          batchSizes.push(events.length);
          received.push(...events);
          running--;
        });

        await eventually(() => expect(received).toHaveLength(25));
        expect(Math.max(...batchSizes)).toBeLessThanOrEqual(10);
        expect(overlapped).toBe(false);
        expect(received.map((event) => (event.data as { index: number }).index)).toEqual([...Array(25).keys()]);
        await subscription.stop();
      });

      test('reports a scannedTo that covers each batch and never decreases', async () => {
        const collected = collect(store, { from: before, filter: { streamPrefixes: [prefix] } }, () => true);
        for (let index = 0; index < 5; index++) await store.append(stream('a'), [newEvent('A'), newEvent('B')]);

        await eventually(() => expect(collected.events).toHaveLength(10));
        await collected.subscription.stop();

        const sorted = [...collected.scannedTos].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
        expect(collected.scannedTos).toEqual(sorted);
        expect(collected.scannedTos.at(-1)).toBeGreaterThanOrEqual(collected.events[9]?.position ?? START);
      });

      test('reports progress past events its filter skips, in a call without events', async () => {
        const filter = { eventTypes: [type('Wanted')] };
        const calls: Array<{ count: number; scannedTo: Position }> = [];
        const subscription = store.subscribe({ from: before, batchSize: 32, filter }, async (events, scannedTo) => {
          calls.push({ count: events.length, scannedTo });
        });
        const wanted = await store.append(stream('a'), [newEvent('Wanted')]);
        await eventually(() => expect(calls.some((call) => call.count === 1)).toBe(true));

        await store.append(stream('a'), Array.from({ length: 100 }, () => newEvent('Unwanted')));

        await eventually(() =>
          expect(calls.some((call) => call.count === 0 && call.scannedTo > wanted.position)).toBe(true),
        );
        await subscription.stop();
      });

      test('a filtered subscriber on an idle store reports scannedTo at or past the head within 2 s, with the default batch size', async () => {
        await store.append(stream('a'), [newEvent('Wanted'), ...Array.from({ length: 5 }, () => newEvent('Unwanted'))]);
        const head = await store.headPosition();
        const collected = collect(store, { from: before, filter: { eventTypes: [type('Wanted')] } }, () => true);

        await eventually(() => expect(collected.scannedTos.at(-1)).toBeGreaterThanOrEqual(head), 2_000);
        await collected.subscription.stop();
        expect(typesOf(collected.events)).toEqual([type('Wanted')]);
      });

      test('a subscriber whose filter matches nothing reaches the head after appends made while it is live', async () => {
        const collected = collect(store, { from: before, filter: { eventTypes: [type('Nothing')] } }, () => true);
        await store.append(stream('a'), [newEvent('Other')]);
        await eventually(() => expect(collected.scannedTos.length).toBeGreaterThan(0), 2_000);

        await store.append(stream('a'), [newEvent('Other'), newEvent('Other')]);
        const head = await store.headPosition();

        await eventually(() => expect(collected.scannedTos.at(-1)).toBeGreaterThanOrEqual(head), 2_000);
        await collected.subscription.stop();
        expect(collected.events).toEqual([]);
      });

      test('stops: done resolves and no handler call follows', async () => {
        const collected = collect(store, { from: before }, isOurs);
        await store.append(stream('a'), [newEvent('Before')]);
        await eventually(() => expect(collected.events).toHaveLength(1));

        await collected.subscription.stop();
        await store.append(stream('a'), [newEvent('After')]);
        await sleep(300);

        await expect(collected.subscription.done).resolves.toBeUndefined();
        expect(typesOf(collected.events)).toEqual([type('Before')]);
      });

      test('a handler error stops the subscription and rejects done with it', async () => {
        const failure = new Error('projection broke');
        let calls = 0;
        const subscription = store.subscribe({ from: before, filter: { streamPrefixes: [prefix] } }, async () => {
          calls++;
          throw failure;
        });
        const done = expect(subscription.done).rejects.toBe(failure);

        await store.append(stream('a'), [newEvent('A')]);
        await done;
        await store.append(stream('a'), [newEvent('B')]);
        await sleep(200);

        expect(calls).toBe(1);
        await subscription.stop();
      });

      test('delivers appends made while a handler call is running', async () => {
        let release: () => void = () => undefined;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const received: RecordedEvent[] = [];
        const subscription = store.subscribe({ from: before, filter: { streamPrefixes: [prefix] } }, async (events) => {
          received.push(...events);
          await gate;
        });

        await store.append(stream('a'), [newEvent('First')]);
        await eventually(() => expect(received).toHaveLength(1));
        await store.append(stream('a'), [newEvent('Second')]);
        release();

        await eventually(() => expect(typesOf(received)).toEqual([type('First'), type('Second')]));
        await subscription.stop();
      });
    });
  });
}
