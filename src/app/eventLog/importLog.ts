/**
 * `events import`: appends an exported log to an empty store of any kind, as it was (ids, revisions, recorded
 * times), then rebuilds the read models from it. The whole file is checked before anything is written. An
 * import that stops half way (a crash, a lost connection) leaves the start of the file in the store, in whole
 * batches; running it again is refused, with a message that says so, until the store is emptied.
 */
import { ConflictError } from '../../domain/shared/errors.js';
import type { DocumentStore } from '../../ports/documentStore.js';
import { START, type EventStore, type ExpectedRevision, type NewEvent, type Position, type RecordedEvent } from '../../ports/eventStore.js';
import { hasProjectedEvents } from '../../projections/index.js';
import { malformed, parseExportedLine, sameEvent, toNewEvent, type ExportedEvent } from './exportedEvent.js';
import type { LogProgress } from './exportLog.js';

/** Events per commit: one synced write for the lot on stores that append several streams atomically. */
export const IMPORT_BATCH = 500;

/** The file's lines, read afresh at each call: the import reads it once to check it and once to append it. */
export type LineSource = () => AsyncIterable<string> | Iterable<string>;

export interface ImportOptions {
  /** Builds the read models up to `head` (the projections from their checkpoints, then pending rebuilds). */
  rebuildReadModels(head: Position): Promise<void>;
  onProgress?: (progress: LogProgress) => void;
}

export interface ImportResult {
  /** Events appended. */
  events: number;
}

export async function importLog(
  stores: { eventStore: EventStore; documentStore: DocumentStore },
  lines: LineSource,
  options: ImportOptions,
): Promise<ImportResult> {
  const total = await checkedLineCount(lines);
  await assertEmpty(stores, lines);
  let events = 0;
  for await (const batch of batches(lines)) {
    await stores.eventStore.appendMultiple(batch.appends);
    events += batch.size;
    options.onProgress?.({ events, done: events, total });
  }
  await options.rebuildReadModels(await stores.eventStore.headPosition());
  return { events };
}

/** The file's events in order, each with its line number; blank lines are malformed too. */
async function* numberedEvents(lines: LineSource): AsyncGenerator<{ event: ExportedEvent; lineNumber: number }> {
  let lineNumber = 0;
  for await (const line of lines()) {
    lineNumber += 1;
    if (line.trim() === '') throw malformed(lineNumber, 'empty line');
    yield { event: parseExportedLine(line, lineNumber), lineNumber };
  }
}

/** Every line parses and each stream's revisions run 0, 1, 2… in the file's order: what the store will demand. */
async function checkedLineCount(lines: LineSource): Promise<number> {
  const nextRevision = new Map<string, number>();
  let count = 0;
  for await (const { event, lineNumber } of numberedEvents(lines)) {
    const expected = nextRevision.get(event.stream) ?? 0;
    if (event.revision !== expected) {
      throw malformed(lineNumber, `stream ${event.stream} goes on at revision ${event.revision}, where revision ${expected} is due`);
    }
    nextRevision.set(event.stream, expected + 1);
    count = lineNumber;
  }
  return count;
}

/** The event store and the read models must both be empty; the refusal says whether an earlier import of this file left the events. */
async function assertEmpty({ eventStore, documentStore }: { eventStore: EventStore; documentStore: DocumentStore }, lines: LineSource): Promise<void> {
  if ((await eventStore.headPosition()) !== START) {
    const held = await heldStart(eventStore, lines);
    const whose = held.fromThisFile ? `the first ${held.events} events of this file, left by an interrupted import` : 'events that are not from this file';
    throw new ConflictError(`the event store already holds ${whose}: import needs an empty store (a new DATA_DIR or database)`);
  }
  if (await hasProjectedEvents(documentStore)) throw new ConflictError('the event store is empty but the read models are not (built from another event log): import needs an empty store (a new DATA_DIR or database)');
}

/** Whether every event the store holds is the file's line of the same rank, and how many it holds then. */
async function heldStart(eventStore: EventStore, lines: LineSource): Promise<{ events: number; fromThisFile: boolean }> {
  const fileEvents = numberedEvents(lines);
  let events = 0;
  try {
    for await (const recorded of storedEvents(eventStore)) {
      const next = await fileEvents.next();
      events += 1;
      if (next.done || !sameEvent(recorded, next.value.event)) return { events, fromThisFile: false };
    }
  } finally {
    await fileEvents.return(undefined);
  }
  return { events, fromThisFile: true };
}

async function* storedEvents(eventStore: EventStore): AsyncGenerator<RecordedEvent> {
  for (let from = START; ; ) {
    const page = await eventStore.readAll({ from, maxCount: IMPORT_BATCH });
    yield* page.events;
    if (page.events.length === 0 || page.scannedTo <= from) return;
    from = page.scannedTo;
  }
}

interface Batch {
  appends: Array<{ streamName: string; events: NewEvent[]; expectedRevision: ExpectedRevision }>;
  size: number;
}

const expectationOf = (revision: number): ExpectedRevision => (revision === 0 ? 'no_stream' : BigInt(revision - 1));

/**
 * The events in order, cut into batches of at most IMPORT_BATCH. A stream appears once
 * per batch (the port's rule), so a stream coming back after another one starts the next batch. Each append
 * expects the revision before its first event: the store records the file's revisions or refuses.
 */
async function* batches(lines: LineSource): AsyncGenerator<Batch> {
  let batch: Batch = { appends: [], size: 0 };
  const inBatch = new Set<string>();
  for await (const { event } of numberedEvents(lines)) {
    const last = batch.appends.at(-1);
    if (batch.size >= IMPORT_BATCH || (last?.streamName !== event.stream && inBatch.has(event.stream))) {
      yield batch;
      batch = { appends: [], size: 0 };
      inBatch.clear();
    }
    const current = batch.appends.at(-1);
    if (current?.streamName === event.stream) current.events.push(toNewEvent(event));
    else batch.appends.push({ streamName: event.stream, events: [toNewEvent(event)], expectedRevision: expectationOf(event.revision) });
    inBatch.add(event.stream);
    batch.size += 1;
  }
  if (batch.size > 0) yield batch;
}
