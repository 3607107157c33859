/**
 * EventStoreDB / KurrentDB adapter (`@eventstore/db-client` 6.x). The port is shaped after this server,
 * so the adapter mostly translates: positions, expected revisions, errors and filters. System events
 * (types starting with `$`) are never handed out.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as STORE_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
} from '@eventstore/db-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  AppendExpectedRevision,
  Filter,
  JSONType,
  Position as StorePosition,
  ReadPosition,
  RecordedEvent as StoreRecordedEvent,
} from '@eventstore/db-client';
import type {
  AppendOptions,
  AppendResult,
  BatchHandler,
  EventFilter,
  EventStore,
  ExpectedRevision,
  MultiAppendResult,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  StreamRevision,
  SubscribeOptions,
  Subscription,
} from '../../ports/eventStore.js';
import { START } from '../../ports/eventStore.js';
import { ChangeSignal } from './catchUpSubscription.js';
import { assertAppendable, assertCount, assertMultiAppendable, concurrencyError, DEFAULT_BATCH_SIZE, DEFAULT_READ_COUNT, matchesFilter, OpenSubscriptions } from './semantics.js';

/** Events fetched per round trip when readAll has to skip system or non-matching events. */
const READ_PAGE_SIZE = 1000;
/**
 * A checkpoint after every window the server searches (32 events): with more, a filtered subscription whose
 * events are rare hears of its progress only every `interval × 32` events.
 */
const CHECKPOINT_INTERVAL = 1;
/**
 * A subscription that has heard nothing for this long reads where the log stands: the server sends no
 * checkpoint for the last events of a window, so on an idle log progress would stop short of the head.
 */
const IDLE_PROBE_MS = 200;
/** An always-failing .NET regex: an empty type or prefix list matches nothing. */
const MATCH_NOTHING = '(?!)';
const PREPARE_MASK = (1n << 64n) - 1n;

export const fromStorePosition = ({ commit, prepare }: StorePosition): Position => (commit << 64n) | prepare;
export const toStorePosition = (position: Position): StorePosition => ({
  commit: position >> 64n,
  prepare: position & PREPARE_MASK,
});
const toReadPosition = (position: Position): ReadPosition =>
  position === START ? STORE_START : toStorePosition(position);

const toStoreExpected = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
};

const isUserEvent = (event: StoreRecordedEvent): boolean => !event.type.startsWith('$');

const isMetadataRecord = (value: unknown): value is RecordedEvent['metadata'] =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

function toRecorded(event: StoreRecordedEvent): RecordedEvent {
  if (!event.position) throw new Error(`EventStoreDB returned event ${event.id} without a position (server too old)`);
  return {
    id: event.id,
    streamName: event.streamId,
    revision: event.revision,
    position: fromStorePosition(event.position),
    type: event.type,
    data: event.data,
    metadata: isMetadataRecord(event.metadata) ? event.metadata : {},
    created: event.created,
  };
}

const toEventData = (event: NewEvent) =>
  jsonEvent({
    type: event.type,
    // The port's data is any JSON value; the client's type only names the object, array and string cases.
    data: event.data as JSONType,
    metadata: event.metadata ?? {},
    ...(event.id === undefined ? {} : { id: event.id }),
  });

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOfRegex = (values: readonly string[]): string =>
  values.length === 0 ? MATCH_NOTHING : `^(?:${values.map(escapeRegex).join('|')})$`;

/**
 * The server filters on one field: event types when given (the usual, more selective case), else stream
 * prefixes, else system events. Whatever it cannot filter is checked again on this side.
 */
function serverFilter(
  filter: EventFilter | undefined,
  checkpointInterval: number,
  checkpointReached: (subscription: AllStreamSubscription, position: StorePosition) => Promise<void>,
): Filter {
  const checkpoints = { checkpointInterval, checkpointReached };
  if (filter?.eventTypes) return eventTypeFilter({ regex: anyOfRegex(filter.eventTypes), ...checkpoints });
  if (filter?.streamPrefixes?.length === 0) return streamNameFilter({ regex: MATCH_NOTHING, ...checkpoints });
  if (filter?.streamPrefixes) return streamNameFilter({ prefixes: [...filter.streamPrefixes], ...checkpoints });
  return excludeSystemEvents(checkpoints);
}

async function collect<Item>(read: AsyncIterable<Item>): Promise<Item[]> {
  const items: Item[] = [];
  for await (const item of read) items.push(item);
  return items;
}

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb';
  readonly #client: EventStoreDBClient;
  readonly #subscriptions = new OpenSubscriptions();

  /** Takes ownership of the client: `close()` disposes it. */
  constructor(client: EventStoreDBClient) {
    this.#client = client;
  }

  /** `url` is an `esdb://` connection string (`?tls=false` for an insecure node). */
  static connect(url: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(url));
  }

  /** EventStoreDB has no transaction across streams (KurrentDB 25.1's multi-stream append needs its newer client). */
  readonly multiStreamAppend = 'sequential' as const;

  async appendMultiple(appends: readonly StreamAppend[]): Promise<MultiAppendResult> {
    assertMultiAppendable(appends);
    const results: AppendResult[] = [];
    for (const { streamName, events, expectedRevision } of appends) results.push(await this.append(streamName, events, { expectedRevision: expectedRevision ?? 'any' }));
    return { results, position: (results.at(-1) as AppendResult).position };
  }

  async append(streamName: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    assertAppendable(streamName, events);
    const expected = options.expectedRevision ?? 'any';
    const appended = await this.#client
      .appendToStream(streamName, events.map(toEventData), { expectedRevision: toStoreExpected(expected) })
      .catch((error: unknown) => {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        throw concurrencyError(streamName, expected, error.actualVersion === NO_STREAM ? null : error.actualVersion);
      });
    // Only when the connection string sets throwOnAppendFailure=false does a conflict come back as a value.
    if (!appended.success) {
      const actual = appended.nextExpectedRevision < 0n ? null : appended.nextExpectedRevision;
      throw concurrencyError(streamName, expected, actual);
    }
    // The server may leave the position out, e.g. when it took the append as a repeat of events it already had.
    const position = appended.position
      ? fromStorePosition(appended.position)
      : await this.#lastPositionOf(streamName, appended.nextExpectedRevision);
    return { nextExpectedRevision: appended.nextExpectedRevision, position };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    assertCount('maxCount', options.maxCount, 0);
    if (options.maxCount === 0) return [];
    const read = this.#client.readStream(streamName, {
      direction: FORWARDS,
      fromRevision: options.fromRevision ?? 0n,
      ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
    });
    try {
      const resolved = await collect(read);
      return resolved.flatMap(({ event }) => (event ? [toRecorded(event)] : []));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  /** `$all` reads take no filter in this client version: pages are read and filtered here. */
  async readAll(options: ReadAllOptions = {}): Promise<ReadAllResult> {
    assertCount('maxCount', options.maxCount, 0);
    const maxCount = options.maxCount ?? DEFAULT_READ_COUNT;
    const events: RecordedEvent[] = [];
    let scannedTo = options.from ?? START;
    while (events.length < maxCount) {
      // One more than needed: a read from a position may include the event at that position. A filtered
      // read skips events it does not keep, so it reads whole pages.
      const pageSize = options.filter ? READ_PAGE_SIZE : Math.min(READ_PAGE_SIZE, maxCount - events.length + 1);
      const page = await collect(this.#client.readAll({ fromPosition: toReadPosition(scannedTo), maxCount: pageSize }));
      for (const { event } of page) {
        if (!event || fromStorePosition(event.position) <= scannedTo) continue;
        scannedTo = fromStorePosition(event.position);
        if (isUserEvent(event) && matchesFilter(options.filter, event.streamId, event.type)) {
          events.push(toRecorded(event));
          if (events.length >= maxCount) break;
        }
      }
      if (page.length < pageSize) break;
    }
    return { events, scannedTo };
  }

  /**
   * The newest user event: the server writes system events (`$metadata`, `$stats`) that no subscriber is
   * handed, so a head that counted them could never be reached.
   */
  /** Bytes of transaction log between the commit positions: `commit << 64 | prepare` differences mean nothing. */
  distance(from: Position, to: Position): bigint {
    return toStorePosition(to).commit - toStorePosition(from).commit;
  }

  async headPosition(): Promise<Position> {
    let from: ReadPosition = END;
    for (;;) {
      const page = await collect(this.#client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: READ_PAGE_SIZE }));
      const newest = page.find(({ event }) => event && isUserEvent(event))?.event;
      if (newest) return fromStorePosition(newest.position);
      const oldest = page.at(-1)?.event;
      if (page.length < READ_PAGE_SIZE || !oldest?.position) return START;
      // Backwards reads start at the given position, inclusive: go on from just before the oldest one read.
      const before = fromStorePosition(oldest.position) - 1n;
      if (before <= START) return START;
      from = toStorePosition(before);
    }
  }

  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription {
    const probe = (from: Position) => this.readAll({ from, maxCount: 1, ...(options.filter ? { filter: options.filter } : {}) });
    const subscription = new EventStoreDbSubscription(this.#client, options, handler, probe);
    return this.#subscriptions.track(subscription);
  }

  async close(): Promise<void> {
    await this.#subscriptions.stopAll();
    await this.#client.dispose();
  }

  async #lastPositionOf(streamName: string, revision: StreamRevision): Promise<Position> {
    const [last] = await collect(this.#client.readStream(streamName, { fromRevision: revision, maxCount: 1 }));
    if (!last?.event) throw new Error(`Appended to "${streamName}" but cannot read revision ${revision} back`);
    return toRecorded(last.event).position;
  }
}

/** One step of progress through `$all`: a delivered event, a skipped one, or a server checkpoint. */
interface Progress {
  position: Position;
  event?: RecordedEvent;
  isCheckpoint: boolean;
}

/**
 * Feeds the server's subscription through a bounded queue, so the handler sees ordered batches, one call
 * at a time, and checkpoints arrive in order with the events around them.
 */
class EventStoreDbSubscription implements Subscription {
  readonly done: Promise<void>;
  readonly #source: AllStreamSubscription;
  readonly #queue: Progress[] = [];
  readonly #queued = new ChangeSignal();
  readonly #from: Position;
  readonly #filter: EventFilter | undefined;
  readonly #batchSize: number;
  #failure: unknown;
  #stopped = false;
  #finished = false;

  /** Reads the log after a position with this subscription's filter: where an idle subscription stands. */
  readonly #probe: (from: Position) => Promise<ReadAllResult>;

  constructor(client: EventStoreDBClient, options: SubscribeOptions, handler: BatchHandler, probe: (from: Position) => Promise<ReadAllResult>) {
    assertCount('batchSize', options.batchSize, 1);
    this.#batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.#from = options.from ?? START;
    this.#filter = options.filter;
    this.#probe = probe;
    this.#source = client.subscribeToAll({
      fromPosition: toReadPosition(this.#from),
      filter: serverFilter(options.filter, CHECKPOINT_INTERVAL, (_, position) => this.#onCheckpoint(position)),
    });
    this.#source.on('data', (resolved: AllStreamResolvedEvent) => this.#onEvent(resolved));
    this.#source.on('error', (error: Error) => this.#fail(error));
    this.#source.on('end', () => this.#fail(new Error('EventStoreDB ended the subscription')));
    this.done = this.#run(handler);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#queued.notify();
    await this.done.catch(() => undefined);
  }

  #onEvent({ event }: AllStreamResolvedEvent): void {
    if (!event) return;
    const position = fromStorePosition(event.position);
    if (position <= this.#from) return;
    const delivered = isUserEvent(event) && matchesFilter(this.#filter, event.streamId, event.type);
    this.#enqueue({ position, isCheckpoint: false, ...(delivered ? { event: toRecorded(event) } : {}) });
  }

  /**
   * The client awaits this before passing on later events, but events it already passed on may still sit
   * in the stream's buffer: wait until they are queued, so the checkpoint lands after them.
   */
  async #onCheckpoint(position: StorePosition): Promise<void> {
    while (this.#source.readableLength > 0 && !this.#finished) await sleep(1);
    this.#enqueue({ position: fromStorePosition(position), isCheckpoint: true });
  }

  #enqueue(progress: Progress): void {
    this.#queue.push(progress);
    if (this.#queue.length >= 2 * this.#batchSize) this.#source.pause();
    this.#queued.notify();
  }

  #fail(error: unknown): void {
    if (this.#finished || this.#stopped) return;
    this.#failure ??= error;
    this.#queued.notify();
  }

  async #run(handler: BatchHandler): Promise<void> {
    let delivered = this.#from;
    try {
      for (;;) {
        if (this.#failure !== undefined) throw this.#failure;
        if (this.#stopped) return;
        if (this.#queue.length === 0) {
          const idle = await Promise.race([this.#queued.next().then(() => false), sleep(IDLE_PROBE_MS, true, { ref: false })]);
          if (idle) await this.#probeIdle(delivered);
          continue;
        }
        const batch = this.#takeBatch();
        if (batch.scannedTo > delivered && (batch.events.length > 0 || batch.reachedCheckpoint)) {
          await handler(batch.events, batch.scannedTo);
          delivered = batch.scannedTo;
        }
      }
    } finally {
      this.#finished = true;
      await this.#source.unsubscribe();
    }
  }

  /**
   * Reports how far the log holds nothing for this subscription. Only a read that finds no matching event
   * after `delivered` counts: a matching event it finds is on its way through the subscription.
   */
  async #probeIdle(delivered: Position): Promise<void> {
    const read = await this.#probe(delivered);
    if (read.events.length === 0 && read.scannedTo > delivered) this.#enqueue({ position: read.scannedTo, isCheckpoint: true });
  }

  #takeBatch(): { events: RecordedEvent[]; scannedTo: Position; reachedCheckpoint: boolean } {
    const events: RecordedEvent[] = [];
    let scannedTo = START;
    let reachedCheckpoint = false;
    while (events.length < this.#batchSize) {
      const progress = this.#queue.shift();
      if (!progress) break;
      // Checkpoints may trail the events already sent; progress never moves backwards.
      if (progress.position > scannedTo) scannedTo = progress.position;
      if (progress.event) events.push(progress.event);
      reachedCheckpoint ||= progress.isCheckpoint;
    }
    if (this.#source.isPaused() && this.#queue.length < this.#batchSize) this.#source.resume();
    return { events, scannedTo, reachedCheckpoint };
  }
}
