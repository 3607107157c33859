import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import Database from 'better-sqlite3';
import { EVENTS_FILE, SqliteEventStore } from '../../../src/infra/eventStore/sqliteEventStore.js';
import type { EventStore, RecordedEvent } from '../../../src/ports/eventStore.js';
import { eventDataText } from '../../../src/ports/eventText.js';
import { eventStoreContract, eventually } from './contract.js';

const makeTempDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'geolens-events-'));

const directories = new Map<EventStore, string>();

eventStoreContract(
  'SQLite',
  async () => {
    const directory = await makeTempDir();
    const store = new SqliteEventStore(directory);
    directories.set(store, directory);
    return store;
  },
  async (store) => {
    await store.close();
    await rm(directories.get(store) ?? '', { recursive: true, force: true });
    directories.delete(store);
  },
);

const appenderScript = fileURLToPath(new URL('./fixtures/appendEvents.ts', import.meta.url));

interface Appender {
  child: ChildProcess;
  /** Complete `<position> <revision>` lines, each printed after an acknowledged append. */
  acknowledged: Array<{ position: bigint; revision: bigint; at: number }>;
  exited: Promise<unknown>;
}

function startAppender(directory: string, streamName: string, count: number | 'forever'): Appender {
  const child = spawn(process.execPath, ['--import', 'tsx', appenderScript, directory, streamName, String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const acknowledged: Appender['acknowledged'] = [];
  const exited = once(child, 'exit');
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const [position, revision] = line.split(' ');
    acknowledged.push({ position: BigInt(position ?? ''), revision: BigInt(revision ?? ''), at: Date.now() });
  });
  return { child, acknowledged, exited };
}

describe('SQLite event store on disk', () => {
  let directory: string;

  beforeEach(async () => {
    directory = await makeTempDir();
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  test('keeps appended events across a reopen, in WAL mode', async () => {
    const writer = new SqliteEventStore(directory);
    const appended = await writer.append('cart-1', [{ type: 'Opened', data: { by: 'ada' }, metadata: { trace: 't' } }]);
    await writer.close();

    const reader = new SqliteEventStore(directory);
    const events = await reader.readStream('cart-1');
    await reader.close();

    expect(events).toMatchObject([{ type: 'Opened', data: { by: 'ada' }, metadata: { trace: 't' }, position: appended.position }]);
    const file = new Database(join(directory, EVENTS_FILE), { readonly: true });
    expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
    file.close();
  });

  test('a read event keeps the JSON text its data was stored as, and parses it on its first read only', async () => {
    const store = new SqliteEventStore(directory);
    const data = { by: 'ada', items: [{ sku: 'a-1', quantity: 2 }], note: 'ünïcode ✓' };
    await store.append('cart-1', [{ type: 'Opened', data }]);
    await store.append('cart-2', [{ type: 'Opened', data: { by: 'grace' } }]);
    const { events } = await store.readAll({ filter: { eventTypes: ['Opened'] } });
    const [first] = await store.readStream('cart-1');
    await store.close();

    expect(events.map(eventDataText)).toEqual([JSON.stringify(data), JSON.stringify({ by: 'grace' })]);
    expect(eventDataText(first as RecordedEvent)).toBe(JSON.stringify(data));
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const read = events[0]?.data;
      expect(read).toEqual(data);
      expect(events[0]?.data).toBe(read);
      expect(parse.mock.calls.filter(([text]) => text === JSON.stringify(data))).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
    // Copies (a spread, structuredClone) hold the parsed data as a plain field.
    expect(structuredClone({ ...events[1] })).toMatchObject({ type: 'Opened', data: { by: 'grace' } });
    expect(eventDataText({ ...events[1] })).toBeUndefined();
  });

  test('loses no acknowledged append when the appending process is killed with SIGKILL', async () => {
    const appender = startAppender(directory, 'crash-1', 'forever');
    await eventually(() => expect(appender.acknowledged.length).toBeGreaterThanOrEqual(300), 15_000);

    appender.child.kill('SIGKILL');
    await appender.exited;
    expect(appender.child.signalCode).toBe('SIGKILL');

    const store = new SqliteEventStore(directory);
    const events = await store.readStream('crash-1');
    await store.close();
    const stored = new Map(events.map((event): [bigint, RecordedEvent] => [event.position, event]));
    for (const { position, revision } of appender.acknowledged) {
      expect(stored.get(position)?.revision).toBe(revision);
    }
    expect(events.length).toBeGreaterThanOrEqual(appender.acknowledged.length);
  }, 30_000);

  test('a subscription sees an append made by another process within a second', async () => {
    const store = new SqliteEventStore(directory);
    const received: Array<{ event: RecordedEvent; at: number }> = [];
    const subscription = store.subscribe({ from: await store.headPosition() }, async (events) => {
      received.push(...events.map((event) => ({ event, at: Date.now() })));
    });

    const appender = startAppender(directory, 'cli-1', 1);
    await appender.exited;
    await eventually(() => expect(received).toHaveLength(1), 2_000);
    await store.close();

    const [acknowledged] = appender.acknowledged;
    expect(received[0]?.event.position).toBe(acknowledged?.position);
    expect((received[0]?.at ?? Infinity) - (acknowledged?.at ?? 0)).toBeLessThan(1_000);
    await expect(subscription.done).resolves.toBeUndefined();
  }, 30_000);

  test('two processes appending to one stream at once get distinct, gapless revisions', async () => {
    const store = new SqliteEventStore(directory);
    const appender = startAppender(directory, 'shared-1', 1000);
    await eventually(() => expect(appender.acknowledged.length).toBeGreaterThan(0), 15_000);

    for (let index = 0; index < 300; index++) {
      await store.append('shared-1', [{ type: 'FromParent', data: { index } }]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await appender.exited;

    const events = await store.readStream('shared-1');
    await store.close();
    expect(events).toHaveLength(1300);
    expect(events.map((event) => event.revision)).toEqual(events.map((_, index) => BigInt(index)));
    expect(appender.child.exitCode).toBe(0);
  }, 30_000);
});
