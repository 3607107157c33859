/**
 * The PostgreSQL event store appending 100-event batches (each a commit), beside its floor in the same run: the
 * same rows inserted with bare `pg` (the same driver, pool and table definition, one multi-row INSERT and one
 * commit per batch), without the head lock, the revision check and the notification. Then reading everything
 * back in pages of 1000. Skipped, with the reason, without a PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { PostgresEventStore } from '../src/infra/eventStore/postgresEventStore.js';
import { createPool } from '../src/infra/postgres/connection.js';
import { START, type NewEvent, type Position } from '../src/ports/eventStore.js';
import { answerEvent, eventsPerSecond } from './eventStore.js';
import { ratio } from './support/load.js';
import { onBenchDatabase } from './support/postgres.js';

const BATCH_APPENDS = 500;
const BATCH_SIZE = 100;
const STREAMS = 100;
const READ_PAGE_SIZE = 1_000;

const batches = Array.from({ length: STREAMS }, (_, stream) => Array.from({ length: BATCH_SIZE }, (__, index) => answerEvent(stream * BATCH_SIZE + index)));

async function appendBatches(store: PostgresEventStore): Promise<number> {
  const startedAt = performance.now();
  for (let index = 0; index < BATCH_APPENDS; index++) await store.append(`batch-${index % STREAMS}`, batches[index % STREAMS] ?? []);
  return eventsPerSecond(BATCH_APPENDS * BATCH_SIZE, startedAt);
}

/** One INSERT of a batch's rows, its positions and revisions counted here. */
async function insertBatch(pool: pg.Pool, stream: string, events: readonly NewEvent[], position: number, revision: number): Promise<void> {
  const created = new Date().toISOString();
  const values: unknown[] = [];
  const rows = events.map((event, offset) => {
    values.push(position + offset, stream, revision + offset, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata ?? {}), randomUUID(), created);
    const first = offset * 8;
    return `(${Array.from({ length: 8 }, (___, column) => `$${first + column + 1}`).join(', ')})`;
  });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`INSERT INTO bench_raw.events (position, stream_name, stream_revision, type, data, metadata, id, created) VALUES ${rows.join(', ')}`, values);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

/** The floor: the same batches into a copy of the events table with bare `pg`. */
async function rawInserts(url: string): Promise<number> {
  const pool = createPool(url);
  try {
    await pool.query('CREATE SCHEMA bench_raw; CREATE TABLE bench_raw.events (LIKE geolens.events INCLUDING ALL)');
    const revisions = new Map<string, number>();
    let position = 1;
    const startedAt = performance.now();
    for (let index = 0; index < BATCH_APPENDS; index++) {
      const stream = `batch-${index % STREAMS}`;
      const events = batches[index % STREAMS] ?? [];
      const revision = revisions.get(stream) ?? 0;
      await insertBatch(pool, stream, events, position, revision);
      revisions.set(stream, revision + events.length);
      position += events.length;
    }
    return eventsPerSecond(BATCH_APPENDS * BATCH_SIZE, startedAt);
  } finally {
    await pool.end();
  }
}

async function readEverything(store: PostgresEventStore): Promise<number> {
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

export const benchPostgresEventStore = (): Promise<Record<string, number>> =>
  onBenchDatabase(async (url) => {
    const store = await PostgresEventStore.connect(url);
    try {
      const batched = await appendBatches(store);
      const floor = await rawInserts(url);
      return {
        postgresAppendBatch100EventsPerSecond: batched,
        postgresAppendBatch100FloorRawPgEventsPerSecond: floor,
        postgresAppendBatch100RatioToFloor: ratio(batched, floor),
        postgresReadAllEventsPerSecond: await readEverything(store),
      };
    } finally {
      await store.close();
    }
  });
