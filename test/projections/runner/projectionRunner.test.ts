import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { MemoryEventStore } from '../../support/memoryEventStore.js';
import { SqliteEventStore } from '../../../src/infra/eventStore/sqliteEventStore.js';
import type { DocumentStore } from '../../../src/ports/documentStore.js';
import type { EventStore, Position } from '../../../src/ports/eventStore.js';
import { CHECKPOINTS_COLLECTION, checkpointId, physicalCollectionName, type CheckpointDoc, type Projection } from '../../../src/projections/runner/projection.js';
import { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';
import { counterProjection, type TotalDoc } from './counterProjection.js';
import { runCounterChild } from './support/counterChild.js';

const silent = pino({ level: 'silent' });
let dataDir: string;
let documentStore: SqliteDocumentStore;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-runner-'));
  documentStore = await SqliteDocumentStore.open(dataDir);
});

afterEach(async () => {
  await documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function appendCounted(eventStore: EventStore, count: number, stream = 'counter-a'): Promise<Position> {
  let last: Position = 0n;
  for (let index = 0; index < count; index += 100) {
    const size = Math.min(100, count - index);
    const events = Array.from({ length: size }, (_, offset) => ({ type: 'Counted', data: { n: index + offset } }));
    last = (await eventStore.append(stream, events)).position;
  }
  return last;
}

async function total(store: DocumentStore, version = 1): Promise<{ count: number; applied: number }> {
  const totals = await store.collection<TotalDoc>(physicalCollectionName('counter', version, 'totals')).findOne({ _id: 'all' });
  const applied = await store.collection(physicalCollectionName('counter', version, 'applied')).countDocuments({});
  return { count: totals?.count ?? 0, applied };
}

async function runUntil(eventStore: EventStore, projections: Projection[], position: Position): Promise<ProjectionRunner> {
  const runner = new ProjectionRunner(eventStore, documentStore, projections, { logger: silent, batchSize: 50, retryDelayMs: 10 });
  await runner.start();
  await runner.waitFor(position);
  return runner;
}

describe('projection runner', () => {
  test('applies every matching event exactly once and skips other event types', async () => {
    const eventStore = new MemoryEventStore();
    await appendCounted(eventStore, 230);
    const last = (await eventStore.append('other-1', [{ type: 'Ignored', data: {} }])).position;
    const runner = await runUntil(eventStore, [counterProjection()], last);
    await runner.stop();
    expect(await total(documentStore)).toEqual({ count: 230, applied: 230 });
  });

  test('applies events appended while it runs (live after catch-up)', async () => {
    const eventStore = new MemoryEventStore();
    const runner = await runUntil(eventStore, [counterProjection()], await appendCounted(eventStore, 10));
    const last = await appendCounted(eventStore, 15, 'counter-b');
    await runner.waitFor(last);
    await runner.stop();
    expect(await total(documentStore)).toEqual({ count: 25, applied: 25 });
  });

  test('resumes from its checkpoint after a restart without re-applying events', async () => {
    const eventStore = new MemoryEventStore();
    const first = await runUntil(eventStore, [counterProjection()], await appendCounted(eventStore, 120));
    await first.stop();
    const second = await runUntil(eventStore, [counterProjection()], await appendCounted(eventStore, 80, 'counter-b'));
    await second.stop();
    expect(await total(documentStore)).toEqual({ count: 200, applied: 200 });
  });

  test('a batch that fails half-way leaves none of its writes and is applied once on retry', async () => {
    const eventStore = new MemoryEventStore();
    const last = await appendCounted(eventStore, 120);
    const projection = counterProjection({ failOnce: (applied) => applied === 70 });
    const runner = await runUntil(eventStore, [projection], last);
    await runner.stop();
    expect(await total(documentStore)).toEqual({ count: 120, applied: 120 });
  });

  test('a failed last batch, with no later batch to notice it, is retried at once rather than at the next append', async () => {
    const eventStore = new MemoryEventStore();
    const last = await appendCounted(eventStore, 30);
    const projection = counterProjection({ failOnce: (applied) => applied === 10 });
    const runner = await runUntil(eventStore, [projection], last);
    await runner.stop();
    expect(await total(documentStore)).toEqual({ count: 30, applied: 30 });
  });

  test('prepares each batch outside its transaction and hands the result to apply; commits follow the log even when later batches are prepared sooner', async () => {
    const eventStore = new MemoryEventStore();
    const last = await appendCounted(eventStore, 300);
    const committed: number[] = [];
    let preparing = 0;
    let concurrentPrepares = 0;
    const projection: Projection = {
      name: 'prepared',
      version: 1,
      eventTypes: ['Counted'],
      async prepare(events) {
        preparing += 1;
        concurrentPrepares = Math.max(concurrentPrepares, preparing);
        // The first batches take longest to prepare: the next batch is prepared meanwhile.
        const first = (events[0]?.data as { n: number }).n;
        await new Promise((resolve) => setTimeout(resolve, first < 100 ? 60 : 5));
        preparing -= 1;
        return events.map((event) => (event.data as { n: number }).n * 2);
      },
      async apply(events, scope, prepared) {
        const doubled = prepared as number[];
        events.forEach((event, index) => {
          expect(doubled[index]).toBe((event.data as { n: number }).n * 2);
          committed.push((event.data as { n: number }).n);
        });
        await scope.collection('applied').insertMany(events.map((event) => ({ _id: event.id })));
      },
    };
    const runner = await runUntil(eventStore, [projection], last);
    await runner.stop();
    expect(committed).toEqual(Array.from({ length: 300 }, (_, n) => n));
    // Two batches are prepared ahead of the one waiting to commit (the default prepareAhead), never more.
    expect(concurrentPrepares).toBe(3);
  });

  test('a failing prepare commits nothing of its batch, and the batch is prepared and applied once on retry', async () => {
    const eventStore = new MemoryEventStore();
    const last = await appendCounted(eventStore, 120);
    const counter = counterProjection();
    let failures = 0;
    const projection: Projection = {
      ...counter,
      async prepare(events) {
        if ((events[0]?.data as { n: number }).n === 50 && failures === 0) {
          failures += 1;
          throw new Error('simulated failure while preparing');
        }
        return undefined;
      },
    };
    const runner = await runUntil(eventStore, [projection], last);
    await runner.stop();
    expect(failures).toBe(1);
    expect(await total(documentStore)).toEqual({ count: 120, applied: 120 });
  });

  test('waitFor rejects when the position is not reached in time', async () => {
    const eventStore = new MemoryEventStore();
    const runner = await runUntil(eventStore, [counterProjection()], await appendCounted(eventStore, 5));
    await expect(runner.waitFor(10_000n, 50)).rejects.toThrow(/did not reach position/);
    await runner.stop();
  });

  test('reports its position, head and lag', async () => {
    const eventStore = new MemoryEventStore();
    const last = await appendCounted(eventStore, 40);
    const runner = await runUntil(eventStore, [counterProjection()], last);
    const [status] = await runner.status();
    await runner.stop();
    expect(status).toMatchObject({ name: 'counter', version: 1, state: 'live', position: last.toString(), lag: '0' });
  });

  test('a new version builds beside the old one; queries switch once it is live and the old one is dropped', async () => {
    const eventStore = new MemoryEventStore();
    const last = await appendCounted(eventStore, 60);
    const v1 = counterProjection({ version: 1 });
    (await runUntil(eventStore, [v1], last)).stop();
    const readModels = new ReadModels(documentStore);
    expect((await readModels.collection(counterProjection({ version: 2 }), 'totals')).name).toBe(
      physicalCollectionName('counter', 1, 'totals'),
    );

    const runner = await runUntil(eventStore, [counterProjection({ version: 2 })], last);
    await runner.stop();
    expect(await total(documentStore, 2)).toEqual({ count: 60, applied: 60 });
    expect(await documentStore.listCollections()).not.toContain(physicalCollectionName('counter', 1, 'totals'));
    const freshReadModels = new ReadModels(documentStore);
    expect((await freshReadModels.collection(counterProjection({ version: 2 }), 'totals')).name).toBe(
      physicalCollectionName('counter', 2, 'totals'),
    );
  });
});

describe('projection runner crash safety (embedded stores, separate process)', () => {
  const runChild = (target: Position, killAfter: bigint | null) => runCounterChild(dataDir, target, killAfter);

  test('killing the runner mid-batch (kill -9) three times neither loses nor double-applies an event', async () => {
    const eventStore = new SqliteEventStore(dataDir);
    const target = await appendCounted(eventStore, 20_000);
    await eventStore.close();

    const outcomes = [];
    for (const killAfter of [3000n, 8000n, 14_000n]) outcomes.push(await runChild(target, killAfter));
    outcomes.push(await runChild(target, null));

    expect(outcomes.at(-1)).toBe('done');
    expect(outcomes.slice(0, 3)).toEqual(['killed', 'killed', 'killed']);
    expect(await total(documentStore)).toEqual({ count: 20_000, applied: 20_000 });
  }, 120_000);
});

describe('projection runner with two runners on the same stores', () => {
  test('two runners of the same projection (as two processes would) apply each event once', async () => {
    const eventStore = new MemoryEventStore();
    const last = await appendCounted(eventStore, 500);
    const [first, second] = await Promise.all([
      runUntil(eventStore, [counterProjection()], last),
      runUntil(eventStore, [counterProjection()], last),
    ]);
    const more = await appendCounted(eventStore, 300, 'counter-b');
    await Promise.all([first.waitFor(more), second.waitFor(more)]);
    await Promise.all([first.stop(), second.stop()]);
    expect(await total(documentStore)).toEqual({ count: 800, applied: 800 });
  });
});

describe('projection runner checkpoints across processes', () => {
  const checkpoint = () => documentStore.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION).findOne({ _id: checkpointId('counter', 1) });
  const started: ProjectionRunner[] = [];
  const startRunner = async (eventStore: EventStore, projection: Projection, batchSize?: number) => {
    const runner = new ProjectionRunner(eventStore, documentStore, [projection], { logger: silent, retryDelayMs: 10, ...(batchSize ? { batchSize } : {}) });
    started.push(runner);
    await runner.start();
    return runner;
  };
  /** A gate a slow process stops at until the test opens it, and a promise of its arrival there. */
  const gate = () => {
    let open: () => void = () => undefined;
    let arrive: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    return { open, arrived, pass: async () => { arrive(); await opened; } };
  };

  afterEach(async () => {
    await Promise.all(started.splice(0).map((runner) => runner.stop()));
  });

  test('a runner that goes live behind another never lowers the checkpoint, and a restart after it re-applies nothing', async () => {
    const eventStore = new MemoryEventStore();
    const first = await appendCounted(eventStore, 100);
    const stall = gate();
    // This runner reads its first batch, then stalls (a slow process) while the other one goes live and moves on.
    const slow = await startRunner(eventStore, { ...counterProjection(), prepare: stall.pass });
    await stall.arrived;
    const fast = await startRunner(eventStore, counterProjection());
    await fast.waitFor(first);
    const second = await appendCounted(eventStore, 100, 'counter-b');
    await fast.waitFor(second);
    await fast.stop();

    stall.open();
    await slow.waitFor(second, 3_000);
    const afterSlowWentLive = await checkpoint();
    await slow.stop();
    const restarted = await startRunner(eventStore, counterProjection());
    await restarted.waitFor(await appendCounted(eventStore, 1, 'counter-c'), 3_000);

    expect(afterSlowWentLive).toMatchObject({ position: second.toString(), state: 'live' });
    expect(await total(documentStore)).toEqual({ count: 201, applied: 201 });
  });

  test('a runner still building never turns a live checkpoint back to building', async () => {
    const eventStore = new MemoryEventStore();
    const first = await appendCounted(eventStore, 50);
    const headRead = gate();
    const stall = gate();
    // The slow runner has loaded no checkpoint yet when the other one goes live; it reads the head only later.
    const gatedHead: EventStore = {
      multiStreamAppend: eventStore.multiStreamAppend,
      append: (...args) => eventStore.append(...args),
      appendMultiple: (appends) => eventStore.appendMultiple(appends),
      readStream: (...args) => eventStore.readStream(...args),
      readStreams: (streams) => eventStore.readStreams(streams),
      readAll: (options) => eventStore.readAll(options),
      subscribe: (options, handler) => eventStore.subscribe(options, handler),
      close: () => eventStore.close(),
      headPosition: async () => {
        await headRead.pass();
        return eventStore.headPosition();
      },
    };
    const counter = counterProjection();
    const slow = await startRunner(gatedHead, { ...counter, prepare: async (events) => { if (events[0]?.position === 81n) await stall.pass(); } }, 40);
    await headRead.arrived;
    const fast = await startRunner(eventStore, counterProjection());
    await fast.waitFor(first);
    await fast.stop();
    const second = await appendCounted(eventStore, 50, 'counter-b');

    headRead.open();
    // The slow runner commits events 51 to 80 above the live checkpoint, still building by its own account.
    await stall.arrived;
    let afterBuildingCommit = await checkpoint();
    for (let tries = 0; afterBuildingCommit?.position !== '80' && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      afterBuildingCommit = await checkpoint();
    }
    stall.open();
    await slow.waitFor(second, 3_000);

    expect(afterBuildingCommit).toMatchObject({ position: '80', state: 'live' });
    expect(await total(documentStore)).toEqual({ count: 100, applied: 100 });
  });
});

describe('projection runner and the kind of event store', () => {
  test('records the kind of event store with the checkpoint and refuses a checkpoint of another kind', async () => {
    const eventStore = new MemoryEventStore();
    const runner = await runUntil(eventStore, [counterProjection()], await appendCounted(eventStore, 3));
    await runner.stop();
    const checkpoints = documentStore.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
    expect(await checkpoints.findOne({ _id: checkpointId('counter', 1) })).toMatchObject({ eventStore: 'memory' });

    await checkpoints.updateOne({ _id: checkpointId('counter', 1) }, { $set: { eventStore: 'eventstoredb' } });
    const misplaced = new ProjectionRunner(eventStore, documentStore, [counterProjection()], { logger: silent });

    await expect(misplaced.start()).rejects.toThrow('The read models of counter v1 follow the eventstoredb event store, not this memory one');
  });
});
