/**
 * Throughput of the embedded SQLite event store on a temporary directory: appends of single events (each
 * one a synced commit), appends of 100-event batches, and reading everything back in pages of 1000. The floor
 * of the batch appends is raw better-sqlite3 on the same schema with the same pragmas, inserting the same JSON
 * in one transaction per batch, in the same run: what SQLite itself costs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '../src/infra/eventStore/sqliteEventStore.js';
import type { NewEvent, Position } from '../src/ports/eventStore.js';
import { START } from '../src/ports/eventStore.js';

const SINGLE_APPENDS = 2_000;
const BATCH_APPENDS = 2_000;
const BATCH_SIZE = 100;
const READ_PAGE_SIZE = 1_000;
const STREAMS = 100;

/** Shaped like a recorded engine answer, about 400 bytes of JSON. */
export const answerEvent = (index: number): NewEvent => ({
  type: 'PromptAnswered',
  data: {
    promptId: `prompt-${index % 500}`,
    engine: 'chatgpt',
    answeredAt: '2025-01-01T00:00:00.000Z',
    mentions: [{ brand: 'acme', rank: 1 }, { brand: 'globex', rank: 3 }],
    citations: ['https://example.com/a', 'https://example.org/b'],
    excerpt: 'Acme is a widely used option for teams that need reliable anvils and rockets. '.repeat(2),
  },
  metadata: { correlationId: `run-${index}`, actor: 'bench' },
});

export const eventsPerSecond = (events: number, startedAt: number): number =>
  Math.round(events / ((performance.now() - startedAt) / 1_000));

async function appendSingles(store: SqliteEventStore): Promise<number> {
  const startedAt = performance.now();
  for (let index = 0; index < SINGLE_APPENDS; index++) {
    await store.append(`single-${index % STREAMS}`, [answerEvent(index)]);
  }
  return eventsPerSecond(SINGLE_APPENDS, startedAt);
}

async function appendBatches(store: SqliteEventStore): Promise<number> {
  const batches = Array.from({ length: STREAMS }, (_, stream) =>
    Array.from({ length: BATCH_SIZE }, (__, index) => answerEvent(stream * BATCH_SIZE + index)),
  );
  const startedAt = performance.now();
  for (let index = 0; index < BATCH_APPENDS; index++) {
    await store.append(`batch-${index % STREAMS}`, batches[index % STREAMS] ?? []);
  }
  return eventsPerSecond(BATCH_APPENDS * BATCH_SIZE, startedAt);
}

/** A bare better-sqlite3 database with the event store's table and pragmas: the floor of every append. */
export function openRawEventTable(file: string): { db: Database.Database; insert: Database.Statement } {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream_name TEXT NOT NULL, stream_revision INTEGER NOT NULL,
    type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, id TEXT NOT NULL, created TEXT NOT NULL, UNIQUE (stream_name, stream_revision)) STRICT`);
  const insert = db.prepare('INSERT INTO events (stream_name, stream_revision, type, data, metadata, id, created) VALUES (?, ?, ?, ?, ?, ?, ?)');
  return { db, insert };
}

/** The same batches into the same table with bare better-sqlite3: no expectation check, no notification. */
function rawSqliteBatches(directory: string): number {
  const { db, insert } = openRawEventTable(join(directory, 'raw.sqlite'));
  const revisions = new Map<string, number>();
  const appendBatch = db.transaction((stream: string, events: NewEvent[]) => {
    let revision = revisions.get(stream) ?? -1;
    const created = new Date().toISOString();
    for (const event of events) {
      revision += 1;
      insert.run(stream, revision, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata ?? {}), randomUUID(), created);
    }
    revisions.set(stream, revision);
  });
  const batches = Array.from({ length: STREAMS }, (_, stream) =>
    Array.from({ length: BATCH_SIZE }, (__, index) => answerEvent(stream * BATCH_SIZE + index)),
  );
  const startedAt = performance.now();
  for (let index = 0; index < BATCH_APPENDS; index++) appendBatch.immediate(`batch-${index % STREAMS}`, batches[index % STREAMS] ?? []);
  const perSecond = eventsPerSecond(BATCH_APPENDS * BATCH_SIZE, startedAt);
  db.close();
  return perSecond;
}

async function readEverything(store: SqliteEventStore): Promise<number> {
  const startedAt = performance.now();
  let from: Position = START;
  let read = 0;
  for (;;) {
    const page = await store.readAll({ from, maxCount: READ_PAGE_SIZE });
    read += page.events.length;
    if (page.events.length < READ_PAGE_SIZE) break;
    from = page.scannedTo;
  }
  return eventsPerSecond(read, startedAt);
}

export async function benchEventStore(): Promise<Record<string, number>> {
  const directory = await mkdtemp(join(tmpdir(), 'geolens-bench-events-'));
  const store = new SqliteEventStore(directory);
  try {
    const batched = await appendBatches(store);
    const floor = rawSqliteBatches(directory);
    return {
      sqliteAppendSingleEventsPerSecond: await appendSingles(store),
      sqliteAppendBatch100EventsPerSecond: batched,
      sqliteAppendBatch100FloorRawSqliteEventsPerSecond: floor,
      sqliteAppendBatch100RatioToFloor: batched / floor,
      sqliteReadAllEventsPerSecond: await readEverything(store),
    };
  } finally {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
}
