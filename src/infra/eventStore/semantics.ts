/**
 * Rules every adapter applies the same way, kept in one place so the contract suite tests one meaning:
 * expected-revision checks, filter matching and argument checks.
 */
import { ConcurrencyError } from '../../domain/shared/errors.js';
import type { EventFilter, ExpectedRevision, NewEvent, RecordedEvent, StreamAppend, StreamRevision, Subscription } from '../../ports/eventStore.js';

/** Default for SubscribeOptions.batchSize. */
export const DEFAULT_BATCH_SIZE = 500;
/** Default for ReadAllOptions.maxCount: a read of `$all` never holds the whole log in memory. */
export const DEFAULT_READ_COUNT = 1000;

const describeExpected = (expected: ExpectedRevision): string => {
  switch (expected) {
    case 'no_stream':
      return 'no stream';
    case 'stream_exists':
      return 'an existing stream';
    case 'any':
      return 'any revision';
    default:
      return `revision ${expected}`;
  }
};

const describeActual = (current: StreamRevision | null): string =>
  current === null ? 'the stream does not exist' : `the stream is at revision ${current}`;

export const concurrencyError = (
  streamName: string,
  expected: ExpectedRevision,
  current: StreamRevision | null,
): ConcurrencyError =>
  new ConcurrencyError(
    `Stream "${streamName}": expected ${describeExpected(expected)} but ${describeActual(current)}`,
    streamName,
  );

/** `current` is the revision of the stream's last event, null when the stream does not exist. */
const expectationHolds = (expected: ExpectedRevision, current: StreamRevision | null): boolean => {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === null;
    case 'stream_exists':
      return current !== null;
    default:
      return current === expected;
  }
};

export function assertExpectation(streamName: string, expected: ExpectedRevision, current: StreamRevision | null): void {
  if (!expectationHolds(expected, current)) throw concurrencyError(streamName, expected, current);
}

/** A multi-stream append names each stream once and gives each at least one event. */
export function assertMultiAppendable(appends: readonly StreamAppend[]): void {
  if (appends.length === 0) throw new RangeError('A multi-stream append needs at least one stream');
  const seen = new Set<string>();
  for (const { streamName, events } of appends) {
    assertAppendable(streamName, events);
    if (seen.has(streamName)) throw new RangeError(`A multi-stream append names "${streamName}" more than once`);
    seen.add(streamName);
  }
}

export function assertAppendable(streamName: string, events: readonly NewEvent[]): void {
  if (streamName.length === 0) throw new RangeError('An event stream name must not be empty');
  if (events.length === 0) throw new RangeError(`Append to "${streamName}" needs at least one event`);
}

/** Checks a count option; `undefined` means unlimited. */
export function assertCount(name: string, value: number | undefined, minimum: number): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= minimum)) {
    throw new RangeError(`${name} must be an integer >= ${minimum}, got ${value}`);
  }
}

export const matchesFilter = (filter: EventFilter | undefined, streamName: string, type: string): boolean =>
  (filter?.eventTypes?.includes(type) ?? true) &&
  (filter?.streamPrefixes?.some((prefix) => streamName.startsWith(prefix)) ?? true);

/** Data and metadata are stored as JSON text: what a reader gets back is what JSON can carry. */
export const toJsonText = (value: unknown): string => JSON.stringify(value) ?? 'null';

/** The subscriptions a store has handed out and not yet seen end, so that `close()` can stop them all. */
export class OpenSubscriptions {
  readonly #open = new Set<Subscription>();

  /** Tracks `subscription` until it ends; `onEnd` runs after it is forgotten. */
  track<S extends Subscription>(subscription: S, onEnd?: (remaining: number) => void): S {
    this.#open.add(subscription);
    const forget = (): void => {
      this.#open.delete(subscription);
      onEnd?.(this.#open.size);
    };
    subscription.done.then(forget, forget);
    return subscription;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.#open].map((subscription) => subscription.stop()));
  }
}

/** Streams read at once by a store without a query for several (`readStreams` stream by stream). */
const STREAM_READS_AT_ONCE = 16;

/** `readStreams` for a store that reads one stream per call: a few calls at a time, entries only for streams with events. */
export async function readStreamsOneByOne(
  readStream: (streamName: string) => Promise<RecordedEvent[]>,
  streamNames: readonly string[],
): Promise<Map<string, RecordedEvent[]>> {
  const names = [...new Set(streamNames)];
  const read = new Map<string, RecordedEvent[]>();
  for (let start = 0; start < names.length; start += STREAM_READS_AT_ONCE) {
    const slice = names.slice(start, start + STREAM_READS_AT_ONCE);
    const events = await Promise.all(slice.map((name) => readStream(name)));
    slice.forEach((name, index) => {
      const streamEvents = events[index] ?? [];
      if (streamEvents.length > 0) read.set(name, streamEvents);
    });
  }
  return read;
}

/** Groups rows read in stream, then revision order by their stream. */
export function groupByStream(events: readonly RecordedEvent[]): Map<string, RecordedEvent[]> {
  const read = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    const streamEvents = read.get(event.streamName);
    if (streamEvents) streamEvents.push(event);
    else read.set(event.streamName, [event]);
  }
  return read;
}
