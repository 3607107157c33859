import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import type { LeaseDoc as JobLeaseDoc } from '../../../src/background/leases.js';
import { JOB_LEASES_COLLECTION } from '../../../src/background/leasedJobRunner.js';
import { scheduledRunId } from '../../../src/domain/run/events.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { FakeClock } from './support/fakeClock.js';
import { aFewTurns, answerFor, FakeEngine, turnsUntil } from './support/fakeEngine.js';
import { schedulerFor, TEST_LIMITS } from './support/schedulerFor.js';
import { createPrompts, openStores, recordedRuns, type TestStores } from './support/stores.js';

const DAY = '2026-03-10';
let stores: TestStores;

beforeEach(async () => {
  stores = await openStores();
});

afterEach(async () => {
  await stores.close();
});

const leases = () => stores.context.documentStore.collection<JobLeaseDoc>(JOB_LEASES_COLLECTION);
/** The scheduler's jobs run on the leased job runner, under its leases of kind `scheduler`. */
const leaseKey = (runId: string) => `scheduler:${runId}`;

describe('two workers on one store', () => {
  test('two schedulers on the same stores at once call the engine exactly once per job', async () => {
    const { context } = stores;
    const prompts = await createPrompts(context, ['us', 'us', 'uk', 'de', 'fr', 'it']);
    // A second connection to the same read-model file, as a second process would have.
    const secondDocumentStore = await SqliteDocumentStore.open(stores.dataDir);
    const engines = (['chatgpt', 'claude', 'gemini'] as const).map((engine) => new FakeEngine(engine));
    const first = schedulerFor({ context, engines, prompts, owner: 'worker-a' });
    const second = schedulerFor({ context: { ...context, documentStore: secondDocumentStore }, engines, prompts, owner: 'worker-b' });
    const outcomes = await Promise.all([first.runDay(DAY), second.runDay(DAY)]);
    await secondDocumentStore.close();

    for (const engine of engines) for (const prompt of prompts) expect(engine.callsFor(prompt.promptId)).toBe(1);
    expect(outcomes[0].recorded + outcomes[1].recorded).toBe(18);
    expect(await recordedRuns(context)).toHaveLength(18);
    expect(await leases().countDocuments()).toBe(0);
  });

  test('a job leased by a live worker is left to it, and taken over once that lease has expired', async () => {
    const { context } = stores;
    const [prompt] = await createPrompts(context, ['us']);
    const runId = scheduledRunId(prompt!.promptId, 'chatgpt', DAY);
    await leases().insertOne({ _id: leaseKey(runId), owner: 'worker-elsewhere', expires: '2026-03-10T08:00:30.000Z', attempts: 1 });
    const engine = new FakeEngine('chatgpt');
    const clock = new FakeClock('2026-03-10T08:00:00.000Z');
    const scheduler = schedulerFor({ context, engines: [engine], prompts: [prompt!], clock });

    expect(await scheduler.runDay(DAY)).toMatchObject({ recorded: 0, deferred: 1 });
    expect(engine.calls).toHaveLength(0);
    clock.advance(30_000);
    expect(await scheduler.runDay(DAY)).toMatchObject({ recorded: 1, deferred: 0 });
    expect(engine.calls).toHaveLength(1);
    expect(await leases().countDocuments()).toBe(0);
  });

  test("a second scheduler on the same store takes the first's runs over only once their leases expire, and each prompt-day is recorded once", async () => {
    const { context } = stores;
    const prompts = await createPrompts(context, ['us', 'uk', 'de'], { teamPerPrompt: true });
    // The first worker hangs in its engine calls with its clock standing still, as a frozen or dead process would.
    let answerHungCalls = (): void => undefined;
    const hung = new Promise<void>((resolve) => (answerHungCalls = resolve));
    const hangingEngine = new FakeEngine('chatgpt', async (request) => {
      await hung;
      return answerFor(request);
    });
    const first = schedulerFor({ context, engines: [hangingEngine], prompts, owner: 'worker-a', clock: new FakeClock('2026-03-10T08:00:00.000Z') });
    const firstPass = first.runDay(DAY);
    await turnsUntil(() => hangingEngine.calls.length === 3, 'the first worker called the engine for every prompt');
    // The second worker: its own connection to the same store file, its own clock.
    const secondDocumentStore = await SqliteDocumentStore.open(stores.dataDir);
    const secondClock = new FakeClock('2026-03-10T08:00:00.000Z');
    const engine = new FakeEngine('chatgpt');
    const second = schedulerFor({ context: { ...context, documentStore: secondDocumentStore }, engines: [engine], prompts, owner: 'worker-b', clock: secondClock });

    expect(await second.runDay(DAY)).toMatchObject({ recorded: 0, deferred: 3 });
    expect(engine.calls).toHaveLength(0);
    secondClock.advance(TEST_LIMITS.callTimeoutMs + TEST_LIMITS.leaseMarginMs);
    expect(await second.runDay(DAY)).toMatchObject({ recorded: 3, deferred: 0 });
    for (const prompt of prompts) expect(engine.callsFor(prompt.promptId)).toBe(1);
    answerHungCalls();
    // The first worker's late answers find their runs recorded, and are dropped.
    expect(await firstPass).toMatchObject({ recorded: 0, skipped: 3 });
    await secondDocumentStore.close();

    const runs = await recordedRuns(context);
    expect(runs.map((run) => run.data.runId).sort()).toEqual(prompts.map((prompt) => scheduledRunId(prompt.promptId, 'chatgpt', DAY)).sort());
    expect(await leases().countDocuments()).toBe(0);
  });

  test('a run whose workers died holding it three times is recorded as failed, abandoned, without another engine call', async () => {
    const { context } = stores;
    const [prompt] = await createPrompts(context, ['us']);
    const runId = scheduledRunId(prompt!.promptId, 'chatgpt', DAY);
    await leases().insertOne({ _id: leaseKey(runId), owner: 'worker-dead', expires: '2026-03-10T07:59:00.000Z', attempts: 3 });
    const engine = new FakeEngine('chatgpt');

    expect(await schedulerFor({ context, engines: [engine], prompts: [prompt!] }).runDay(DAY)).toMatchObject({ recorded: 0, failed: 1 });
    expect(engine.calls).toHaveLength(0);
    const [run] = await recordedRuns(context);
    expect(run).toMatchObject({ type: 'RunFailed', data: { runId, source: 'api', error: 'chatgpt: abandoned, its worker stopped 3 times while running it' } });
  });

  test("a worker whose lease was taken over while it waited for the engine's turn does not call the engine", async () => {
    const { context } = stores;
    const [first, second] = await createPrompts(context, ['us', 'uk']);
    const secondLease = leaseKey(scheduledRunId(second!.promptId, 'chatgpt', DAY));
    const engine = new FakeEngine('chatgpt', async (request) => {
      // While the first call holds the engine's only slot, the second job's lease passes to another worker.
      while (!(await leases().findOne({ _id: secondLease }))) await aFewTurns(1);
      await leases().updateOne({ _id: secondLease }, { $set: { owner: 'worker-elsewhere' } });
      return answerFor(request);
    });
    const outcome = await schedulerFor({ context, engines: [engine], prompts: [first!, second!], engineLimit: { concurrency: 1, minIntervalMs: 0 } }).runDay(DAY);

    expect(outcome).toMatchObject({ recorded: 1, deferred: 1 });
    expect(engine.calls.map((call) => call.promptId)).toEqual([first!.promptId]);
    expect(await leases().findOne({ _id: secondLease })).toMatchObject({ owner: 'worker-elsewhere' });
  });
});
