/**
 * Embedded default event store: one SQLite file, shared by the server and CLI processes.
 *
 * WAL lets readers run beside the one writer; synchronous=FULL syncs the WAL at every commit, so an
 * acknowledged append survives a crash of the process or of the machine. Other processes' appends are
 * noticed by polling `PRAGMA data_version`, which changes only when another connection commits.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
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
  SubscribeOptions,
  Subscription,
} from '../../ports/eventStore.js';
import { START } from '../../ports/eventStore.js';
import { eventWithStoredData } from './storedText.js';
import { CatchUpSubscription, ChangeSignal } from './catchUpSubscription.js';
import { assertAppendable, assertCount, assertExpectation, assertMultiAppendable, DEFAULT_READ_COUNT, groupByStream, OpenSubscriptions, toJsonText } from './semantics.js';

export const EVENTS_FILE = 'events.sqlite';
/** How long a writer waits for another process's write transaction before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;
/** How often subscribers look for appends made by other processes. */
const FOREIGN_APPEND_POLL_MS = 100;
/** SQLite's LIMIT for "no limit". */
const UNLIMITED = -1;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    stream_name TEXT NOT NULL,
    stream_revision INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL,
    id TEXT NOT NULL,
    created TEXT NOT NULL,
    UNIQUE (stream_name, stream_revision)
  ) STRICT`;

const COLUMNS = 'position, stream_name, stream_revision, type, data, metadata, id, created';

interface EventRow {
  position: bigint;
  stream_name: string;
  stream_revision: bigint;
  type: string;
  data: string;
  metadata: string;
  id: string;
  created: string;
}

/** An event serialized before the write transaction starts, so the write lock is held only for inserts. */
interface SerializedEvent {
  type: string;
  data: string;
  metadata: string;
  id: string;
  created: string;
}

interface SerializedAppend {
  streamName: string;
  events: SerializedEvent[];
  expected: ExpectedRevision;
}

const serialize = (events: readonly NewEvent[], created: string): SerializedEvent[] =>
  events.map((event) => ({
    type: event.type,
    data: toJsonText(event.data),
    metadata: toJsonText(event.metadata ?? {}),
    id: event.id ?? randomUUID(),
    created: event.created?.toISOString() ?? created,
  }));

type Statement<Params extends unknown[], Result = unknown> = Database.Statement<Params, Result>;

/** The data stays the stored text until first read (`storedText.ts`). */
const toRecorded = (row: EventRow): RecordedEvent =>
  eventWithStoredData(
    {
      id: row.id,
      streamName: row.stream_name,
      revision: row.stream_revision,
      position: row.position,
      type: row.type,
      metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
      created: new Date(row.created),
    },
    row.data,
  );

/** An empty list matches nothing: `IN ()` is not SQL, so it becomes a false condition. */
const listCondition = (count: number, condition: (placeholder: string) => string): string =>
  count === 0 ? '0' : `(${Array.from({ length: count }, () => condition('?')).join(' OR ')})`;

function filteredReadSql(filter: EventFilter): string {
  const conditions = ['position > ?'];
  if (filter.eventTypes) conditions.push(listCondition(filter.eventTypes.length, (type) => `type = ${type}`));
  if (filter.streamPrefixes) {
    // instr(...) = 1 is an exact, case-sensitive "starts with"; LIKE is case-insensitive and GLOB needs escaping.
    conditions.push(listCondition(filter.streamPrefixes.length, (prefix) => `instr(stream_name, ${prefix}) = 1`));
  }
  return `SELECT ${COLUMNS} FROM events WHERE ${conditions.join(' AND ')} ORDER BY position LIMIT ?`;
}

export class SqliteEventStore implements EventStore {
  readonly kind = 'sqlite';
  readonly #db: Database.Database;
  readonly #currentRevision: Statement<[string], bigint | null>;
  readonly #insert: Statement<[string, bigint, string, string, string, string, string]>;
  readonly #readStream: Statement<[string, bigint, number], EventRow>;
  readonly #readStreams: Statement<[string], EventRow>;
  readonly #readAll: Statement<[Position, number], EventRow>;
  readonly #head: Statement<[], bigint>;
  readonly #dataVersion: Statement<[], bigint>;
  /** Filtered reads by SQL text: one statement per filter shape (number of types and prefixes). */
  readonly #filteredReads = new Map<string, Statement<unknown[], EventRow>>();
  readonly #appendTransaction: Database.Transaction<
    (streamName: string, events: SerializedEvent[], expected: ExpectedRevision) => AppendResult
  >;
  readonly #appendMultipleTransaction: Database.Transaction<(appends: SerializedAppend[]) => AppendResult[]>;
  readonly multiStreamAppend = 'atomic' as const;
  readonly #readAllTransaction: Database.Transaction<(options: ReadAllOptions) => ReadAllResult>;
  readonly #appended = new ChangeSignal();
  readonly #subscriptions = new OpenSubscriptions();
  #pollTimer: NodeJS.Timeout | undefined;
  #lastDataVersion = 0n;

  /** Opens (creating if needed) `events.sqlite` in `directory`. */
  constructor(directory: string) {
    mkdirSync(directory, { recursive: true });
    this.#db = new Database(join(directory, EVENTS_FILE), { timeout: BUSY_TIMEOUT_MS });
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('synchronous = FULL');
    this.#db.exec(SCHEMA);
    this.#db.defaultSafeIntegers(true);
    this.#currentRevision = this.#db
      .prepare<[string], bigint | null>('SELECT MAX(stream_revision) FROM events WHERE stream_name = ?')
      .pluck();
    this.#insert = this.#db.prepare(
      'INSERT INTO events (stream_name, stream_revision, type, data, metadata, id, created) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.#readStream = this.#db.prepare(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND stream_revision >= ? ORDER BY stream_revision LIMIT ?`,
    );
    // The names as one JSON array: one statement for any number of them, each looked up on the unique index.
    this.#readStreams = this.#db.prepare(
      `SELECT ${COLUMNS} FROM events WHERE stream_name IN (SELECT value FROM json_each(?)) ORDER BY stream_name, stream_revision`,
    );
    this.#readAll = this.#db.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`);
    this.#head = this.#db.prepare<[], bigint>('SELECT COALESCE(MAX(position), 0) FROM events').pluck();
    this.#dataVersion = this.#db.prepare<[], bigint>('PRAGMA data_version').pluck();
    this.#appendTransaction = this.#db.transaction((streamName, events, expected) =>
      this.#insertEvents(streamName, events, expected),
    );
    // One transaction, so one synced commit for all of it; an expectation that fails rolls back the streams before it.
    this.#appendMultipleTransaction = this.#db.transaction((appends) =>
      appends.map(({ streamName, events, expected }) => this.#insertEvents(streamName, events, expected)),
    );
    // A deferred transaction: rows and head come from one snapshot, so scannedTo never skips a commit.
    this.#readAllTransaction = this.#db.transaction((options) => this.#selectAll(options));
  }

  async append(streamName: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    assertAppendable(streamName, events);
    const serialized = serialize(events, new Date().toISOString());
    // IMMEDIATE takes the write lock before reading the revision, so no other process can interleave.
    const result = this.#appendTransaction.immediate(streamName, serialized, options.expectedRevision ?? 'any');
    this.#appended.notify();
    return result;
  }

  async appendMultiple(appends: readonly StreamAppend[]): Promise<MultiAppendResult> {
    assertMultiAppendable(appends);
    const created = new Date().toISOString();
    const serialized = appends.map(({ streamName, events, expectedRevision }) => ({
      streamName,
      events: serialize(events, created),
      expected: expectedRevision ?? 'any',
    }));
    const results = this.#appendMultipleTransaction.immediate(serialized);
    this.#appended.notify();
    return { results, position: (results.at(-1) as AppendResult).position };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    assertCount('maxCount', options.maxCount, 0);
    const rows = this.#readStream.all(streamName, options.fromRevision ?? 0n, options.maxCount ?? UNLIMITED);
    return rows.map(toRecorded);
  }

  async readStreams(streamNames: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    if (streamNames.length === 0) return new Map();
    return groupByStream(this.#readStreams.all(JSON.stringify(streamNames)).map(toRecorded));
  }

  async readAll(options: ReadAllOptions = {}): Promise<ReadAllResult> {
    assertCount('maxCount', options.maxCount, 0);
    return this.#readAllTransaction.deferred(options);
  }

  async headPosition(): Promise<Position> {
    return this.#head.get() ?? START;
  }

  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription {
    const subscription = new CatchUpSubscription(
      { readAll: (readOptions) => this.readAll(readOptions), nextChange: () => this.#appended.next() },
      options,
      handler,
    );
    this.#startPolling();
    return this.#subscriptions.track(subscription, (remaining) => {
      if (remaining === 0) this.#stopPolling();
    });
  }

  async close(): Promise<void> {
    await this.#subscriptions.stopAll();
    this.#stopPolling();
    if (this.#db.open) this.#db.close();
  }

  #insertEvents(streamName: string, events: SerializedEvent[], expected: ExpectedRevision): AppendResult {
    const current = this.#currentRevision.get(streamName) ?? null;
    assertExpectation(streamName, expected, current);
    let revision = current ?? -1n;
    let position = START;
    for (const event of events) {
      revision += 1n;
      const inserted = this.#insert.run(
        streamName,
        revision,
        event.type,
        event.data,
        event.metadata,
        event.id,
        event.created,
      );
      position = BigInt(inserted.lastInsertRowid);
    }
    return { nextExpectedRevision: revision, position };
  }

  #selectAll(options: ReadAllOptions): ReadAllResult {
    const from = options.from ?? START;
    const maxCount = options.maxCount ?? DEFAULT_READ_COUNT;
    if (maxCount === 0) return { events: [], scannedTo: from };
    const filter = options.filter;
    const rows = filter
      ? this.#filteredRead(filter).all(from, ...(filter.eventTypes ?? []), ...(filter.streamPrefixes ?? []), maxCount)
      : this.#readAll.all(from, maxCount);
    const limitReached = rows.length === maxCount;
    const head = this.#head.get() ?? START;
    const scannedTo = limitReached ? (rows.at(-1) as EventRow).position : head > from ? head : from;
    return { events: rows.map(toRecorded), scannedTo };
  }

  #filteredRead(filter: EventFilter): Statement<unknown[], EventRow> {
    const sql = filteredReadSql(filter);
    let statement = this.#filteredReads.get(sql);
    if (!statement) {
      statement = this.#db.prepare<unknown[], EventRow>(sql);
      this.#filteredReads.set(sql, statement);
    }
    return statement;
  }

  #startPolling(): void {
    if (this.#pollTimer) return;
    this.#lastDataVersion = this.#dataVersion.get() ?? 0n;
    this.#pollTimer = setInterval(() => this.#pollForeignAppends(), FOREIGN_APPEND_POLL_MS);
  }

  #stopPolling(): void {
    clearInterval(this.#pollTimer);
    this.#pollTimer = undefined;
  }

  #pollForeignAppends(): void {
    const dataVersion = this.#dataVersion.get() ?? 0n;
    if (dataVersion === this.#lastDataVersion) return;
    this.#lastDataVersion = dataVersion;
    this.#appended.notify();
  }
}
