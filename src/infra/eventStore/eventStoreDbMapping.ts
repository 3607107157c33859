/**
 * Translations between the port and the EventStoreDB/KurrentDB client: positions, expected revisions, events
 * and filters. Pure, so the adapter and its subscription share one meaning.
 */
import { ANY, NO_STREAM, START as STORE_START, STREAM_EXISTS, eventTypeFilter, excludeSystemEvents, jsonEvent, streamNameFilter } from '@kurrent/kurrentdb-client';
import type {
  AllStreamSubscription,
  AppendStreamState,
  Filter,
  JSONType,
  Position as StorePosition,
  ReadPosition,
  RecordedEvent as StoreRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventFilter, ExpectedRevision, NewEvent, Position, RecordedEvent } from '../../ports/eventStore.js';
import { START } from '../../ports/eventStore.js';

/** An always-failing .NET regex: an empty type or prefix list matches nothing. */
const MATCH_NOTHING = '(?!)';
const PREPARE_MASK = (1n << 64n) - 1n;

export const fromStorePosition = ({ commit, prepare }: StorePosition): Position => (commit << 64n) | prepare;
export const toStorePosition = (position: Position): StorePosition => ({
  commit: position >> 64n,
  prepare: position & PREPARE_MASK,
});
export const toReadPosition = (position: Position): ReadPosition => (position === START ? STORE_START : toStorePosition(position));

export const toStreamState = (expected: ExpectedRevision): AppendStreamState => {
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

export const isUserEvent = (event: StoreRecordedEvent): boolean => !event.type.startsWith('$');

const isMetadataRecord = (value: unknown): value is RecordedEvent['metadata'] =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/**
 * The server stamps every event with its own time. An imported event's recorded time travels in its metadata
 * under this key, and reads give it back as `created` (and without the key).
 */
export const RECORDED_TIME_KEY = '$geolensCreated';

function recordedTime(metadata: RecordedEvent['metadata'], stamped: Date): { metadata: RecordedEvent['metadata']; created: Date } {
  const { [RECORDED_TIME_KEY]: imported, ...rest } = metadata;
  return typeof imported === 'string' ? { metadata: rest, created: new Date(imported) } : { metadata, created: stamped };
}

export function toRecorded(event: StoreRecordedEvent): RecordedEvent {
  if (!event.position) throw new Error(`EventStoreDB returned event ${event.id} without a position (server too old)`);
  return {
    id: event.id,
    streamName: event.streamId,
    revision: event.revision,
    position: fromStorePosition(event.position),
    type: event.type,
    data: event.data,
    ...recordedTime(isMetadataRecord(event.metadata) ? event.metadata : {}, event.created),
  };
}

export const toEventData = (event: NewEvent) =>
  jsonEvent({
    type: event.type,
    // The port's data is any JSON value; the client's type only names the object, array and string cases.
    data: event.data as JSONType,
    metadata: event.created === undefined ? (event.metadata ?? {}) : { ...event.metadata, [RECORDED_TIME_KEY]: event.created.toISOString() },
    ...(event.id === undefined ? {} : { id: event.id }),
  });

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOfRegex = (values: readonly string[]): string =>
  values.length === 0 ? MATCH_NOTHING : `^(?:${values.map(escapeRegex).join('|')})$`;

export interface Checkpoints {
  checkpointInterval: number;
  checkpointReached?: (subscription: AllStreamSubscription, position: StorePosition) => Promise<void>;
}

/**
 * The server filters on one field: event types when given (the usual, more selective case), else stream
 * prefixes, else system events. Whatever it cannot filter is checked again on this side.
 */
export function serverFilter(filter: EventFilter | undefined, checkpoints: Checkpoints = { checkpointInterval: 1 }): Filter {
  if (filter?.eventTypes) return eventTypeFilter({ regex: anyOfRegex(filter.eventTypes), ...checkpoints });
  if (filter?.streamPrefixes?.length === 0) return streamNameFilter({ regex: MATCH_NOTHING, ...checkpoints });
  if (filter?.streamPrefixes) return streamNameFilter({ prefixes: [...filter.streamPrefixes], ...checkpoints });
  return excludeSystemEvents(checkpoints);
}
