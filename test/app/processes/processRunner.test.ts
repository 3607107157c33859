import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { PROCESS_CHECKPOINTS, ProcessRunner, type Process } from '../../../src/app/processes/processRunner.js';
import type { Services } from '../../../src/app/shared/services.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { MemoryEventStore } from '../../support/memoryEventStore.js';

const silent = pino({ level: 'silent' });
let dataDir: string;
let documentStore: SqliteDocumentStore;
const runners: ProcessRunner[] = [];


beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-processes-'));
  documentStore = await SqliteDocumentStore.open(dataDir);
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A point a slow process stops at until the test opens it, and a promise of its arrival there. */
function gate() {
  let open: () => void = () => undefined;
  let arrive: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { open, arrived, pass: async () => { arrive(); await opened; } };
}

describe('process runner checkpoints across processes', () => {
  const start = (eventStore: MemoryEventStore, process: Process) => {
    const runner = new ProcessRunner(eventStore, documentStore, [process], {} as Services, { logger: silent, retryDelayMs: 10 });
    runners.push(runner);
    runner.start();
    return runner;
  };

  test('a process that reacts behind another never moves the shared checkpoint back', async () => {
    const eventStore = new MemoryEventStore();
    const appended = await eventStore.append('thing-1', Array.from({ length: 10 }, () => ({ type: 'Happened', data: {} })));
    const first = gate();
    const second = gate();
    const slow = start(eventStore, {
      name: 'watcher',
      eventTypes: ['Happened'],
      handle: async (event) => {
        if (event.position === 1n) await first.pass();
        if (event.position === 2n) await second.pass();
      },
    });
    await first.arrived;
    await start(eventStore, { name: 'watcher', eventTypes: ['Happened'], handle: async () => undefined }).waitFor(appended.position, 2_000);

    first.open();
    // The slow runner has reacted to event 1, long after the other one reached event 10.
    await second.arrived;
    const checkpoint = await documentStore.collection(PROCESS_CHECKPOINTS).findOne({ _id: 'watcher' });
    second.open();
    await slow.waitFor(appended.position, 2_000);

    expect(checkpoint).toMatchObject({ position: appended.position.toString() });
  });

  test('a runner that starts at its checkpoint, with nothing after it, has reached it', async () => {
    const eventStore = new MemoryEventStore();
    const appended = await eventStore.append('thing-1', [{ type: 'Happened', data: {} }]);
    const process: Process = { name: 'watcher', eventTypes: ['Happened'], handle: async () => undefined };
    await start(eventStore, process).waitFor(appended.position, 2_000);

    await expect(start(eventStore, process).waitFor(appended.position, 2_000)).resolves.toBeUndefined();
  });

  test('waitFor rejects when the position is not reached in time', async () => {
    const runner = start(new MemoryEventStore(), { name: 'watcher', eventTypes: ['Happened'], handle: async () => undefined });

    await expect(runner.waitFor(1_000n, 50)).rejects.toThrow('Processes did not reach position 1000 within 50 ms');
  });

  test('a batch process reacts once per batch and its checkpoint moves past the batch, also past events of other types', async () => {
    const eventStore = new MemoryEventStore();
    await eventStore.append('thing-1', Array.from({ length: 3 }, () => ({ type: 'Happened', data: {} })));
    const appended = await eventStore.append('other-1', [{ type: 'Unrelated', data: {} }]);
    const batches: number[][] = [];
    const runner = start(eventStore, {
      name: 'batcher',
      eventTypes: ['Happened'],
      handle: async () => {
        throw new Error('a batch process is not handed events one by one');
      },
      handleBatch: async (events) => {
        batches.push(events.map(({ position }) => Number(position)));
      },
    });
    await runner.waitFor(appended.position, 2_000);

    expect(batches).toEqual([[1, 2, 3]]);
    expect(await documentStore.collection(PROCESS_CHECKPOINTS).findOne({ _id: 'batcher' })).toMatchObject({ position: appended.position.toString() });
  });
});
