/**
 * In-memory event store for unit tests, with the semantics of the SQLite store: data and metadata are
 * kept as JSON text, so readers get copies and exactly what JSON can carry.
 */
import { randomUUID } from 'node:crypto';
import type {
  AppendOptions,
  AppendResult,
  BatchHandler,
  EventStore,
  MultiAppendResult,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from '../../src/ports/eventStore.js';
import { START } from '../../src/ports/eventStore.js';
import { CatchUpSubscription, ChangeSignal } from '../../src/infra/eventStore/catchUpSubscription.js';
import { assertAppendable, assertCount, assertExpectation, assertMultiAppendable, DEFAULT_READ_COUNT, matchesFilter, OpenSubscriptions, readStreamsOneByOne, toJsonText } from '../../src/infra/eventStore/semantics.js';

interface StoredEvent {
  id: string;
  streamName: string;
  revision: bigint;
  position: Position;
  type: string;
  dataJson: string;
  metadataJson: string;
  created: string;
}

const toRecorded = (stored: StoredEvent): RecordedEvent => ({
  id: stored.id,
  streamName: stored.streamName,
  revision: stored.revision,
  position: stored.position,
  type: stored.type,
  data: JSON.parse(stored.dataJson) as unknown,
  metadata: JSON.parse(stored.metadataJson) as RecordedEvent['metadata'],
  created: new Date(stored.created),
});

export class MemoryEventStore implements EventStore {
  readonly kind = 'memory';
  /** Index i holds position i + 1. */
  readonly #all: StoredEvent[] = [];
  readonly #streams = new Map<string, StoredEvent[]>();
  readonly #appended = new ChangeSignal();
  readonly #subscriptions = new OpenSubscriptions();

  readonly multiStreamAppend = 'atomic' as const;

  /** Every expectation is checked before anything is appended, so a failing one leaves the store unchanged. */
  async appendMultiple(appends: readonly StreamAppend[]): Promise<MultiAppendResult> {
    assertMultiAppendable(appends);
    for (const { streamName, expectedRevision } of appends) {
      assertExpectation(streamName, expectedRevision ?? 'any', this.#streams.get(streamName)?.at(-1)?.revision ?? null);
    }
    const results: AppendResult[] = [];
    for (const { streamName, events, expectedRevision } of appends) results.push(await this.append(streamName, events, { expectedRevision: expectedRevision ?? 'any' }));
    return { results, position: (results.at(-1) as AppendResult).position };
  }

  async append(streamName: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    assertAppendable(streamName, events);
    const stream = this.#streams.get(streamName) ?? [];
    const current = stream.at(-1)?.revision ?? null;
    assertExpectation(streamName, options.expectedRevision ?? 'any', current);
    const created = new Date().toISOString();
    const stored = events.map((event, index) => ({
      id: event.id ?? randomUUID(),
      streamName,
      revision: (current ?? -1n) + BigInt(index + 1),
      position: BigInt(this.#all.length + index + 1),
      type: event.type,
      dataJson: toJsonText(event.data),
      metadataJson: toJsonText(event.metadata ?? {}),
      created: event.created?.toISOString() ?? created,
    }));
    this.#all.push(...stored);
    stream.push(...stored);
    this.#streams.set(streamName, stream);
    this.#appended.notify();
    const last = stored.at(-1) as StoredEvent;
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    assertCount('maxCount', options.maxCount, 0);
    const stream = this.#streams.get(streamName) ?? [];
    const fromIndex = Number(options.fromRevision ?? 0n);
    const toIndex = options.maxCount === undefined ? undefined : fromIndex + options.maxCount;
    return stream.slice(fromIndex, toIndex).map(toRecorded);
  }

  async readStreams(streamNames: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return readStreamsOneByOne((streamName) => this.readStream(streamName), streamNames);
  }

  async readAll(options: ReadAllOptions = {}): Promise<ReadAllResult> {
    assertCount('maxCount', options.maxCount, 0);
    const from = options.from ?? START;
    const maxCount = options.maxCount ?? DEFAULT_READ_COUNT;
    const events: RecordedEvent[] = [];
    for (let index = Number(from); index < this.#all.length && events.length < maxCount; index++) {
      const stored = this.#all[index] as StoredEvent;
      if (matchesFilter(options.filter, stored.streamName, stored.type)) events.push(toRecorded(stored));
    }
    // Read in the same synchronous step as the scan, so no append can slip in between.
    const head = BigInt(this.#all.length);
    const scannedTo = events.length >= maxCount ? (events.at(-1)?.position ?? from) : head > from ? head : from;
    return { events, scannedTo };
  }

  async headPosition(): Promise<Position> {
    return BigInt(this.#all.length);
  }

  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription {
    const subscription = new CatchUpSubscription(
      { readAll: (readOptions) => this.readAll(readOptions), nextChange: () => this.#appended.next() },
      options,
      handler,
    );
    return this.#subscriptions.track(subscription);
  }

  async close(): Promise<void> {
    await this.#subscriptions.stopAll();
  }
}
