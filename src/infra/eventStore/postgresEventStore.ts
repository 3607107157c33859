/**
 * PostgreSQL event store. The global order is the commit order: an append takes the row lock of the one-row
 * `event_head` table, numbers its events after the head and holds the lock until it commits, so positions are
 * gapless and a position becomes visible only after every smaller one (PostgreSQL releases a transaction's locks
 * after its commit is visible). A reader of `$all` therefore never meets a later commit at a smaller position, the
 * guarantee Emmett and Marten get from transaction ids and snapshots. The same lock makes the per-stream
 * revision check race-free. Other processes' appends arrive by LISTEN/NOTIFY.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type {
  AppendOptions,
  AppendResult,
  BatchHandler,
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
import { CatchUpSubscription, ChangeSignal } from './catchUpSubscription.js';
import { assertAppendable, assertCount, assertExpectation, assertMultiAppendable, DEFAULT_READ_COUNT, groupByStream, OpenSubscriptions, toJsonText } from './semantics.js';
import { connectAndMigrate } from '../postgres/connection.js';
import { EventListener } from './postgresEventListener.js';
import { eventWithStoredData } from './storedText.js';

const COLUMNS = 'position, stream_name, stream_revision, type, data, metadata, id, created';
/** The data as its JSON text: parsed only where it is read. */
const READ_COLUMNS = 'position, stream_name, stream_revision, type, data::text AS data, metadata, id, created';

interface EventRow {
  position: bigint;
  stream_name: string;
  stream_revision: bigint;
  type: string;
  /** JSON text (`READ_COLUMNS`). */
  data: string;
  metadata: RecordedEvent['metadata'];
  id: string;
  created: Date;
}

interface PageRow extends Partial<EventRow> {
  head: bigint;
}

/** The data is read as its JSON text and parsed on first read (`storedText.ts`). */
const toRecorded = (row: EventRow): RecordedEvent =>
  eventWithStoredData(
    { id: row.id, streamName: row.stream_name, revision: row.stream_revision, position: row.position, type: row.type, metadata: row.metadata, created: row.created },
    row.data,
  );

/** Rows of one append as column arrays, inserted by one `unnest` statement. */
function insertParameters(streamName: string, events: readonly NewEvent[], firstRevision: bigint, firstPosition: bigint, created: Date): unknown[] {
  const offsets = events.map((_, index) => BigInt(index));
  return [
    offsets.map((offset) => String(firstPosition + offset)),
    streamName,
    offsets.map((offset) => String(firstRevision + offset)),
    events.map((event) => event.type),
    events.map((event) => toJsonText(event.data)),
    events.map((event) => toJsonText(event.metadata ?? {})),
    events.map((event) => event.id ?? randomUUID()),
    // An imported event keeps its recorded time (`events import`); others take the append's.
    events.map((event) => (event.created ?? created).toISOString()),
  ];
}

const INSERT_SQL = `INSERT INTO geolens.events (${COLUMNS})
  SELECT position, $2, revision, type, data::json, metadata::json, id, created
  FROM unnest($1::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[]) AS e(position, revision, type, data, metadata, id, created)`;

/** One statement, so rows and head come from one snapshot and scannedTo never passes an unread commit. */
function pageSql(filtered: boolean): string {
  const conditions = ['position > $1'];
  if (filtered) {
    conditions.push('($3::text[] IS NULL OR type = ANY($3::text[]))');
    conditions.push('($4::text[] IS NULL OR EXISTS (SELECT 1 FROM unnest($4::text[]) AS p(prefix) WHERE starts_with(stream_name, p.prefix)))');
  }
  return `WITH page AS (SELECT ${READ_COLUMNS} FROM geolens.events WHERE ${conditions.join(' AND ')} ORDER BY position LIMIT $2)
    SELECT head.position AS head, page.* FROM geolens.event_head AS head LEFT JOIN page ON true ORDER BY page.position`;
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres';
  readonly multiStreamAppend = 'atomic' as const;
  readonly #appended = new ChangeSignal();
  readonly #subscriptions = new OpenSubscriptions();
  readonly #listener: EventListener;

  private constructor(
    private readonly pool: pg.Pool,
    url: string,
  ) {
    this.#listener = new EventListener(url, () => this.#appended.notify());
  }

  /** Connects to DATABASE_URL and migrates the schema; throws one line naming the server when it cannot. */
  static async connect(url: string): Promise<PostgresEventStore> {
    return new PostgresEventStore(await connectAndMigrate(url), url);
  }

  async append(streamName: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    assertAppendable(streamName, events);
    const [result] = await this.#appendInTransaction([{ streamName, events, expectedRevision: options.expectedRevision }]);
    return result as AppendResult;
  }

  async appendMultiple(appends: readonly StreamAppend[]): Promise<MultiAppendResult> {
    assertMultiAppendable(appends);
    const results = await this.#appendInTransaction(appends);
    return { results, position: (results.at(-1) as AppendResult).position };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    assertCount('maxCount', options.maxCount, 0);
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${READ_COLUMNS} FROM geolens.events WHERE stream_name = $1 AND stream_revision >= $2 ORDER BY stream_revision LIMIT $3`,
      [streamName, String(options.fromRevision ?? 0n), options.maxCount ?? null],
    );
    return rows.map(toRecorded);
  }

  async readStreams(streamNames: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    if (streamNames.length === 0) return new Map();
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${READ_COLUMNS} FROM geolens.events WHERE stream_name = ANY($1::text[]) ORDER BY stream_name, stream_revision`,
      [[...new Set(streamNames)]],
    );
    return groupByStream(rows.map(toRecorded));
  }

  async readAll(options: ReadAllOptions = {}): Promise<ReadAllResult> {
    assertCount('maxCount', options.maxCount, 0);
    const from = options.from ?? START;
    const maxCount = options.maxCount ?? DEFAULT_READ_COUNT;
    if (maxCount === 0) return { events: [], scannedTo: from };
    const { filter } = options;
    const parameters: unknown[] = [String(from), maxCount];
    if (filter) parameters.push(filter.eventTypes ?? null, filter.streamPrefixes ?? null);
    const { rows } = await this.pool.query<PageRow>(pageSql(filter !== undefined), parameters);
    const head = rows[0]?.head ?? START;
    const events = rows.filter((row) => row.position !== null).map((row) => toRecorded(row as EventRow));
    const last = events.at(-1);
    const scannedTo = events.length === maxCount && last ? last.position : head > from ? head : from;
    return { events, scannedTo };
  }

  async headPosition(): Promise<Position> {
    const { rows } = await this.pool.query<{ position: bigint }>('SELECT position FROM geolens.event_head');
    return rows[0]?.position ?? START;
  }

  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription {
    this.#listener.start();
    const subscription = new CatchUpSubscription(
      { readAll: (readOptions) => this.readAll(readOptions), nextChange: () => this.#appended.next() },
      options,
      handler,
    );
    return this.#subscriptions.track(subscription);
  }

  async close(): Promise<void> {
    await this.#subscriptions.stopAll();
    await this.#listener.stop();
    await this.pool.end();
  }

  async #appendInTransaction(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    const created = new Date();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // The head's row lock orders appends; it is held until COMMIT, so positions follow commit order.
      const head = await client.query<{ position: bigint }>('SELECT position FROM geolens.event_head FOR UPDATE');
      let position = head.rows[0]?.position ?? START;
      const results: AppendResult[] = [];
      for (const { streamName, events, expectedRevision } of appends) {
        const result = await this.#insertStream(client, streamName, events, expectedRevision ?? 'any', position + 1n, created);
        results.push(result);
        position = result.position;
      }
      // NOTIFY is delivered at COMMIT, to every process listening (its subscribers read on).
      await client.query("UPDATE geolens.event_head SET position = $1 RETURNING pg_notify('geolens_events', '')", [String(position)]);
      await client.query('COMMIT');
      this.#appended.notify();
      return results;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async #insertStream(
    client: pg.PoolClient,
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    firstPosition: bigint,
    created: Date,
  ): Promise<AppendResult> {
    const { rows } = await client.query<{ revision: bigint | null }>(
      'SELECT max(stream_revision) AS revision FROM geolens.events WHERE stream_name = $1',
      [streamName],
    );
    const current = rows[0]?.revision ?? null;
    assertExpectation(streamName, expected, current);
    const firstRevision = (current ?? -1n) + 1n;
    await client.query(INSERT_SQL, insertParameters(streamName, events, firstRevision, firstPosition, created));
    const count = BigInt(events.length);
    return { nextExpectedRevision: firstRevision + count - 1n, position: firstPosition + count - 1n };
  }
}
