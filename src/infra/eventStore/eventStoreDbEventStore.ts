/**
 * EventStoreDB / KurrentDB adapter, on the maintained client (`@kurrent/kurrentdb-client`, which takes
 * `kurrentdb://` and `esdb://` URLs). The port is shaped after this server, so the adapter mostly translates
 * (`eventStoreDbMapping.ts`). System events (types starting with `$`) are never handed out.
 */
import { BACKWARDS, END, FORWARDS, KurrentDBClient, NO_STREAM, StreamNotFoundError, WrongExpectedVersionError, excludeSystemEvents } from '@kurrent/kurrentdb-client';
import type { Filter } from '@kurrent/kurrentdb-client';
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
  StreamRevision,
  SubscribeOptions,
  Subscription,
} from '../../ports/eventStore.js';
import { START } from '../../ports/eventStore.js';
import { fromStorePosition, isUserEvent, serverFilter, toEventData, toReadPosition, toRecorded, toStorePosition, toStreamState } from './eventStoreDbMapping.js';
import { EventStoreDbSubscription } from './eventStoreDbSubscription.js';
import { assertAppendable, assertCount, assertMultiAppendable, concurrencyError, DEFAULT_READ_COUNT, matchesFilter, OpenSubscriptions, readStreamsOneByOne } from './semantics.js';

export { fromStorePosition, toStorePosition } from './eventStoreDbMapping.js';

/** Events fetched per round trip when a read has to skip events on this side. */
const READ_PAGE_SIZE = 1000;

/**
 * The client takes `esdb://` too, but says so on the console, outside the JSON log: the same URL in the
 * scheme it names its own.
 */
export const kurrentUrl = (url: string): string => url.replace(/^esdb(\+discover)?:\/\//i, 'kurrentdb$1://');

async function collect<Item>(read: AsyncIterable<Item>): Promise<Item[]> {
  const items: Item[] = [];
  for await (const item of read) items.push(item);
  return items;
}

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb';
  readonly #client: KurrentDBClient;
  readonly #subscriptions = new OpenSubscriptions();

  /** Takes ownership of the client: `close()` disposes it. */
  constructor(client: KurrentDBClient) {
    this.#client = client;
  }

  /** `url` is a `kurrentdb://` or `esdb://` connection string (`?tls=false` for an insecure node). */
  static connect(url: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(KurrentDBClient.connectionString(kurrentUrl(url)));
  }

  /** Appends stream by stream (KurrentDB 25.1's atomic multi-stream append is not used yet). */
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
      .appendToStream(streamName, events.map(toEventData), { streamState: toStreamState(expected) })
      .catch((error: unknown) => {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        throw concurrencyError(streamName, expected, error.actualState === NO_STREAM ? null : error.actualState);
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
    try {
      const read = this.#client.readStream(streamName, {
        direction: FORWARDS,
        fromRevision: options.fromRevision ?? 0n,
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      const resolved = await collect(read);
      return resolved.flatMap(({ event }) => (event ? [toRecorded(event)] : []));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  /** The server reads one stream per call. */
  async readStreams(streamNames: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return readStreamsOneByOne((streamName) => this.readStream(streamName), streamNames);
  }

  /**
   * The server filters (one field; the rest is checked here). A filtered read does not say how far it
   * searched, so the newest position is taken before reading: once the server has nothing more to give,
   * everything up to it has been seen.
   */
  async readAll(options: ReadAllOptions = {}): Promise<ReadAllResult> {
    assertCount('maxCount', options.maxCount, 0);
    const maxCount = options.maxCount ?? DEFAULT_READ_COUNT;
    const filter = serverFilter(options.filter);
    const events: RecordedEvent[] = [];
    let scannedTo = options.from ?? START;
    while (events.length < maxCount) {
      const newest = await this.#newestPosition();
      // One more than needed: a read from a position includes the event at that position.
      const pageSize = Math.min(READ_PAGE_SIZE, maxCount - events.length);
      const page = await collect(this.#client.readAll({ fromPosition: toReadPosition(scannedTo), maxCount: pageSize + 1, filter }));
      const fresh = page.flatMap(({ event }) => (event && fromStorePosition(event.position) > scannedTo ? [event] : []));
      for (const event of fresh) {
        scannedTo = fromStorePosition(event.position);
        if (isUserEvent(event) && matchesFilter(options.filter, event.streamId, event.type)) events.push(toRecorded(event));
        if (events.length >= maxCount) return { events, scannedTo };
      }
      if (fresh.length < pageSize) return { events, scannedTo: newest > scannedTo ? newest : scannedTo };
    }
    return { events, scannedTo };
  }

  /** Bytes of transaction log between the commit positions: `commit << 64 | prepare` differences mean nothing. */
  distance(from: Position, to: Position): bigint {
    return toStorePosition(to).commit - toStorePosition(from).commit;
  }

  /**
   * The newest user event: the server writes system events (`$metadata`, `$stats`) that no subscriber is
   * handed, so a head that counted them could never be reached.
   */
  headPosition(): Promise<Position> {
    return this.#newestPosition(excludeSystemEvents());
  }

  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription {
    // An idle subscription asks this every 200 ms: the server searches the log only when something follows.
    const probe = async (from: Position): Promise<ReadAllResult> => {
      if ((await this.#newestPosition()) <= from) return { events: [], scannedTo: from };
      return this.readAll({ from, maxCount: 1, ...(options.filter ? { filter: options.filter } : {}) });
    };
    const subscription = new EventStoreDbSubscription(this.#client, options, handler, probe);
    return this.#subscriptions.track(subscription);
  }

  async close(): Promise<void> {
    await this.#subscriptions.stopAll();
    await this.#client.dispose();
  }

  /** The newest event the filter lets through (any event without one). */
  async #newestPosition(filter?: Filter): Promise<Position> {
    const [newest] = await collect(this.#client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, ...(filter ? { filter } : {}) }));
    return newest?.event ? fromStorePosition(newest.event.position) : START;
  }

  async #lastPositionOf(streamName: string, revision: StreamRevision): Promise<Position> {
    const [last] = await collect(this.#client.readStream(streamName, { fromRevision: revision, maxCount: 1 }));
    if (!last?.event) throw new Error(`Appended to "${streamName}" but cannot read revision ${revision} back`);
    return toRecorded(last.event).position;
  }
}
