/**
 * `events import`: appends an exported log to a store of any kind, as it was (ids, revisions, recorded times),
 * then rebuilds the read models from it. The whole file is checked before anything is written; an import that
 * stops half way (a crash, a lost connection) leaves the start of the file in the store, and running it again
 * resumes after that start. A store holding anything else is refused.
 */
import { ConflictError } from '../../domain/shared/errors.js';
import type { DocumentStore } from '../../ports/documentStore.js';
import { START, type EventStore, type ExpectedRevision, type NewEvent, type Position, type RecordedEvent } from '../../ports/eventStore.js';
import { CHECKPOINTS_COLLECTION } from '../../projections/runner/projection.js';
import { malformed, parseExportedLine, sameEvent, toNewEvent, type ExportedEvent } from './exportedEvent.js';
import type { LogProgress } from './exportLog.js';

/** Events per commit: one synced write for the lot on stores that append several streams atomically. */
export const IMPORT_BATCH = 500;

/** The file's lines, read afresh at each call: the import reads it once to check it and once to append it. */
export type LineSource = () => AsyncIterable<string>;

export interface ImportOptions {
  /** Builds the read models up to `head` (the projections from their checkpoints, then pending rebuilds). */
  rebuildReadModels(head: Position): Promise<void>;
  onProgress?: (progress: LogProgress) => void;
}

export interface ImportResult {
  /** Events appended by this run. */
  imported: number;
  /** Events already in the store from an earlier, interrupted run of the same import. */
  alreadyPresent: number;
}

export async function importLog(
  stores: { eventStore: EventStore; documentStore: DocumentStore },
  lines: LineSource,
  options: ImportOptions,
): Promise<ImportResult> {
  const total = await checkedLineCount(lines);
  const alreadyPresent = await presentPrefix(stores, lines);
  let imported = 0;
  for await (const batch of batches(lines, alreadyPresent)) {
    await stores.eventStore.appendMultiple(batch.appends);
    imported += batch.size;
    options.onProgress?.({ events: imported, done: alreadyPresent + imported, total });
  }
  await options.rebuildReadModels(await stores.eventStore.headPosition());
  return { imported, alreadyPresent };
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

/**
 * How many events of the file the store already holds: 0 for an empty store (whose read models must be empty
 * too), else the length of the file's start that the whole store matches, event by event.
 */
async function presentPrefix({ eventStore, documentStore }: { eventStore: EventStore; documentStore: DocumentStore }, lines: LineSource): Promise<number> {
  if ((await eventStore.headPosition()) === START) {
    const checkpoints = await documentStore.collection(CHECKPOINTS_COLLECTION).countDocuments();
    if (checkpoints > 0) throw new ConflictError('the event store is empty but the read models are not (they were built from another event log): import into an empty data directory or database');
    return 0;
  }
  const fileEvents = numberedEvents(lines);
  let matched = 0;
  try {
    for await (const recorded of storedEvents(eventStore)) {
      const next = await fileEvents.next();
      if (next.done || !sameEvent(recorded, next.value.event)) throw notThisImport(recorded, matched + 1);
      matched += 1;
    }
  } finally {
    await fileEvents.return(undefined);
  }
  return matched;
}

const notThisImport = (recorded: RecordedEvent, eventNumber: number): ConflictError =>
  new ConflictError(
    `the event store is not empty and its event ${eventNumber} (stream ${recorded.streamName}, revision ${recorded.revision}) is not line ${eventNumber} of the file: ` +
      'import needs an empty store (or one holding the start of this same file, left by an interrupted import)',
  );

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
 * The events after the first `skip`, in order, cut into batches of at most IMPORT_BATCH. A stream appears once
 * per batch (the port's rule), so a stream coming back after another one starts the next batch. Each append
 * expects the revision before its first event: the store records the file's revisions or refuses.
 */
async function* batches(lines: LineSource, skip: number): AsyncGenerator<Batch> {
  let batch: Batch = { appends: [], size: 0 };
  const inBatch = new Set<string>();
  for await (const { event, lineNumber } of numberedEvents(lines)) {
    if (lineNumber <= skip) continue;
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
