import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportLog } from '../../../src/app/eventLog/exportLog.js';
import { importLog, IMPORT_BATCH, type ImportResult } from '../../../src/app/eventLog/importLog.js';
import { ConflictError, ValidationError } from '../../../src/domain/shared/errors.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { MemoryEventStore } from '../../support/memoryEventStore.js';
import type { DocumentStore } from '../../../src/ports/documentStore.js';
import type { EventStore, Position } from '../../../src/ports/eventStore.js';
import { CHECKPOINTS_COLLECTION } from '../../../src/projections/runner/projection.js';

async function exported(eventStore: EventStore): Promise<string[]> {
  let text = '';
  for await (const chunk of exportLog(eventStore)) text += chunk;
  return text.split('\n').filter(Boolean);
}

/** A source log: three streams interleaved, so batches must cut where a stream comes back. */
async function sourceLog(): Promise<string[]> {
  const source = new MemoryEventStore();
  for (let index = 0; index < 3; index++) {
    await source.append('team-1', [{ type: 'Renamed', data: { index }, metadata: { actor: 'a' } }]);
    await source.append(`prompt-${index}`, [{ type: 'Created', data: { text: 'Zoë 😀' } }, { type: 'Tagged', data: [1, null] }]);
  }
  return exported(source);
}

describe('events import', () => {
  let dataDir: string;
  let eventStore: EventStore;
  let documentStore: DocumentStore;
  let rebuiltTo: Position[];

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'geolens-import-'));
    eventStore = new MemoryEventStore();
    documentStore = await SqliteDocumentStore.open(dataDir);
    rebuiltTo = [];
  });

  afterEach(async () => {
    await eventStore.close();
    await documentStore.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = (lines: string[]): Promise<ImportResult> =>
    importLog({ eventStore, documentStore }, () => lines, { rebuildReadModels: async (head) => void rebuiltTo.push(head) });

  test('records every event as exported (stream, revision, id, type, data, metadata, time) and rebuilds to the head', async () => {
    const lines = await sourceLog();

    expect(await run(lines)).toEqual({ events: 9 });

    expect(await exported(eventStore)).toEqual(lines);
    expect(rebuiltTo).toEqual([9n]);
  });

  test('commits in batches of at most IMPORT_BATCH events, each stream once per batch, in order', async () => {
    const source = new MemoryEventStore();
    for (let index = 0; index < IMPORT_BATCH + 20; index++) await source.append(`run-${Math.floor(index / 3) % 7}`, [{ type: 'Recorded', data: { index } }]);
    const lines = await exported(source);
    const batches: Array<{ events: number; streams: number; distinct: number }> = [];
    const appendMultiple = eventStore.appendMultiple.bind(eventStore);
    eventStore.appendMultiple = (appends) => {
      const streams = appends.map(({ streamName }) => streamName);
      batches.push({ events: appends.reduce((sum, { events }) => sum + events.length, 0), streams: streams.length, distinct: new Set(streams).size });
      return appendMultiple(appends);
    };

    expect(await run(lines)).toEqual({ events: IMPORT_BATCH + 20 });

    expect(await exported(eventStore)).toEqual(lines);
    expect(batches.every(({ events, streams, distinct }) => events <= IMPORT_BATCH && streams === distinct)).toBe(true);
    expect(batches.reduce((sum, { events }) => sum + events, 0)).toBe(IMPORT_BATCH + 20);
  });

  test.each([
    ['not JSON', '{"stream":', /^line 3: not JSON/],
    ['a missing field', JSON.stringify({ stream: 's', revision: 0, type: 'T', id: 'x', data: {}, metadata: {} }), /^line 3: time: /],
    ['an empty line', '', /^line 3: empty line$/],
  ])('refuses a line with %s, naming the line, and writes nothing', async (_case, badLine, message) => {
    const lines = await sourceLog();
    lines.splice(2, 0, badLine);

    const refusal = run(lines);

    await expect(refusal).rejects.toBeInstanceOf(ValidationError);
    await expect(refusal).rejects.toMatchObject({ issues: [{ path: 'file', message: expect.stringMatching(message) }] });
    expect(await eventStore.headPosition()).toBe(0n);
    expect(rebuiltTo).toEqual([]);
  });

  test('refuses a stream whose revisions skip one, naming the line', async () => {
    const lines = await sourceLog();
    lines.splice(1, 1);

    await expect(run(lines)).rejects.toMatchObject({
      issues: [{ path: 'file', message: 'line 2: stream prompt-0 goes on at revision 1, where revision 0 is due' }],
    });
    expect(await eventStore.headPosition()).toBe(0n);
  });

  test('refuses a store holding other events, and leaves it as it was', async () => {
    await eventStore.append('team-9', [{ type: 'Created', data: {} }]);

    const refusal = run(await sourceLog());

    await expect(refusal).rejects.toBeInstanceOf(ConflictError);
    await expect(refusal).rejects.toThrow('the event store already holds events that are not from this file: import needs an empty store (a new DATA_DIR or database)');
    expect(await eventStore.headPosition()).toBe(1n);
  });

  test('refuses an empty event store whose read models were built from another log', async () => {
    await documentStore.collection(CHECKPOINTS_COLLECTION).insertOne({ _id: 'directory', position: '12' });

    await expect(run(await sourceLog())).rejects.toThrow(/^the event store is empty but the read models are not/);
    expect(await eventStore.headPosition()).toBe(0n);
  });

  test('refuses to run again over an interrupted import, saying that it left the first events', async () => {
    const lines = await sourceLog();
    await run(lines.slice(0, 4));

    await expect(run(lines)).rejects.toThrow(
      'the event store already holds the first 4 events of this file, left by an interrupted import: import needs an empty store (a new DATA_DIR or database)',
    );
    expect(await eventStore.headPosition()).toBe(4n);
  });

  test('refuses a store holding more than the file, as events not from it', async () => {
    const lines = await sourceLog();
    await run(lines);

    await expect(run(lines.slice(0, 5))).rejects.toThrow('the event store already holds events that are not from this file');
  });
});

test('export and import report their progress up to the whole log', async () => {
  const source = new MemoryEventStore();
  for (let index = 0; index < IMPORT_BATCH * 2 + 1; index++) await source.append(`run-${index}`, [{ type: 'Recorded', data: { index } }]);
  const exportProgress: number[] = [];
  let text = '';
  for await (const chunk of exportLog(source, ({ done, total }) => exportProgress.push(done / total))) text += chunk;
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-import-'));
  const documentStore = await SqliteDocumentStore.open(dataDir);
  const importProgress: string[] = [];

  await importLog({ eventStore: new MemoryEventStore(), documentStore }, () => text.split('\n').filter(Boolean), {
    rebuildReadModels: async () => {},
    onProgress: ({ events, done, total }) => importProgress.push(`${events} ${done}/${total}`),
  });

  expect(exportProgress).toEqual([1000 / 1001, 1]);
  expect(importProgress).toEqual(['500 500/1001', '1000 1000/1001', '1001 1001/1001']);
  await documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});
