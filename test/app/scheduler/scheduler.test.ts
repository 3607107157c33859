import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { pino } from 'pino';
import { directoryPrompts } from '../../../src/app/scheduler/promptSources.js';
import type { LeaseDoc as JobLeaseDoc } from '../../../src/background/leases.js';
import { JOB_LEASES_COLLECTION } from '../../../src/background/leasedJobRunner.js';
import { scheduledRunId } from '../../../src/domain/run/events.js';
import { ENGINES } from '../../../src/domain/shared/engines.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { directoryProjection } from '../../../src/projections/directory/projection.js';
import { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';
import { FakeClock } from './support/fakeClock.js';
import { aFewTurns, answerFor, FakeEngine, never, turnsUntil } from './support/fakeEngine.js';
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

describe('the daily plan', () => {
  test('every active prompt of the directory runs once on each engine that serves its country', async () => {
    const { context } = stores;
    const [us, fr] = await createPrompts(context, ['us', 'fr']);
    const runner = new ProjectionRunner(context.eventStore, context.documentStore, [directoryProjection], { logger: context.logger });
    await runner.start();
    await runner.waitFor(await context.eventStore.headPosition());
    const engines = ENGINES.map((engine) => new FakeEngine(engine));
    const outcome = await schedulerFor({ context, engines, prompts: directoryPrompts(new ReadModels(context.documentStore)) }).runDay(DAY);
    await runner.stop();

    expect(outcome).toEqual({ recorded: 12, failed: 0, skipped: 0, deferred: 0, aborted: 0 });
    const runs = await recordedRuns(context);
    const enginesOf = (promptId: string) => runs.filter((run) => run.data.promptId === promptId).map((run) => run.data.engine).sort();
    expect(enginesOf(us!.promptId)).toEqual([...ENGINES].sort());
    // Google's AI Overviews and AI Mode are not offered in France.
    expect(enginesOf(fr!.promptId)).toEqual(['chatgpt', 'claude', 'copilot', 'gemini', 'perplexity']);
    expect(engines.map((engine) => engine.calls.length)).toEqual(ENGINES.map((engine) => (engine.startsWith('google') ? 1 : 2)));
  });

  test('a recorded run carries the scheduled run id, the prompt facts, the day and who answered', async () => {
    const { context } = stores;
    const [prompt] = await createPrompts(context, ['uk']);
    await schedulerFor({ context, engines: [new FakeEngine('perplexity')], prompts: [prompt!] }).runDay(DAY);

    const [run] = await recordedRuns(context);
    const request = { engine: 'perplexity' as const, prompt: prompt!.text, country: 'uk' as const, date: DAY, promptId: prompt!.promptId };
    const { producedBy: _producedBy, model: _model, ...answer } = answerFor(request);
    expect(run).toEqual({
      type: 'RunCompleted',
      data: {
        runId: scheduledRunId(prompt!.promptId, 'perplexity', DAY),
        promptId: prompt!.promptId,
        workspaceId: prompt!.workspaceId,
        country: 'uk',
        engine: 'perplexity',
        runDate: '2026-03-10T08:00:00.000Z',
        source: 'api',
        model: 'fake-model-1',
        ...answer,
        citations: [{ title: '', link: 'https://example.com/crm', rank: 1 }],
      },
    });
  });

  test('a second pass over the same day records nothing and calls no engine', async () => {
    const { context } = stores;
    const prompts = await createPrompts(context, ['us', 'uk']);
    const engine = new FakeEngine('chatgpt');
    const scheduler = schedulerFor({ context, engines: [engine], prompts });
    await scheduler.runDay(DAY);
    const again = await scheduler.runDay(DAY);
    const afterRestart = await schedulerFor({ context, engines: [engine], prompts, owner: 'worker-b' }).runDay(DAY);

    expect(again.recorded + afterRestart.recorded).toBe(0);
    expect(afterRestart.skipped).toBe(2);
    expect(engine.calls).toHaveLength(2);
    expect(await recordedRuns(context)).toHaveLength(2);
  });

  test('the next day is a new run for every prompt and engine', async () => {
    const { context } = stores;
    const prompts = await createPrompts(context, ['us']);
    const engine = new FakeEngine('claude');
    const scheduler = schedulerFor({ context, engines: [engine], prompts });
    await scheduler.runDay(DAY);
    await scheduler.runDay('2026-03-11');

    expect((await recordedRuns(context)).map((run) => run.data.runId)).toEqual([
      scheduledRunId(prompts[0]!.promptId, 'claude', DAY),
      scheduledRunId(prompts[0]!.promptId, 'claude', '2026-03-11'),
    ]);
  });
});

describe('two workers', () => {
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
    const prompts = await createPrompts(context, ['us', 'uk', 'de']);
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

describe('limits', () => {
  test('no more calls are in flight than the global bound, across engines', async () => {
    const { context } = stores;
    const prompts = await createPrompts(context, Array.from({ length: 10 }, () => 'us' as const));
    const engines = (['chatgpt', 'perplexity'] as const).map((engine) => new FakeEngine(engine));
    let inFlight = 0;
    let maxInFlight = 0;
    const counted = engines.map((engine) => {
      const run = engine.run.bind(engine);
      engine.run = async (request, options) => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        try {
          return await run(request, options);
        } finally {
          inFlight -= 1;
        }
      };
      return engine;
    });
    await schedulerFor({ context, engines: counted, prompts, limits: { concurrency: 3 } }).runDay(DAY);

    expect(maxInFlight).toBe(3);
    expect(await recordedRuns(context)).toHaveLength(20);
  });

  test("no more calls to one engine are in flight than the engine's own bound", async () => {
    const { context } = stores;
    const prompts = await createPrompts(context, Array.from({ length: 8 }, () => 'us' as const));
    const engine = new FakeEngine('gemini');
    await schedulerFor({ context, engines: [engine], prompts, limits: { concurrency: 8 }, engineLimit: { concurrency: 2, minIntervalMs: 0 } }).runDay(DAY);

    expect(engine.maxInFlight).toBe(2);
    expect(engine.calls).toHaveLength(8);
  });

  test('calls to one engine start at least its minimum interval apart', async () => {
    const { context } = stores;
    const prompts = await createPrompts(context, ['us', 'us', 'us', 'us']);
    const clock = new FakeClock();
    const starts: number[] = [];
    const engine = new FakeEngine('copilot', async (request) => {
      starts.push(clock.now().getTime());
      await aFewTurns();
      return answerFor(request);
    });
    await schedulerFor({ context, engines: [engine], prompts, clock, engineLimit: { concurrency: 4, minIntervalMs: 1_000 } }).runDay(DAY);

    const gaps = starts.slice(1).map((start, index) => start - (starts[index] as number));
    expect(gaps).toEqual([1_000, 1_000, 1_000]);
  });
});

describe('start and stop', () => {
  test('stop() aborts the calls in flight, records nothing and releases their leases', async () => {
    const { context } = stores;
    const prompts = await createPrompts(context, ['us', 'uk']);
    const engine = new FakeEngine('claude', (_request, signal) => never(signal));
    const scheduler = schedulerFor({ context, engines: [engine], prompts });
    const pass = scheduler.runDay(DAY);
    while (engine.calls.length < 2) await aFewTurns(1);
    await scheduler.stop();

    expect(await pass).toMatchObject({ recorded: 0, failed: 0, aborted: 2 });
    expect(engine.signals.every((signal) => signal.aborted)).toBe(true);
    expect(await recordedRuns(context)).toHaveLength(0);
    expect(await leases().countDocuments()).toBe(0);
  });

  test("start() runs today's plan at once and again every tick, picking up prompts created since", async () => {
    const { context } = stores;
    const [first, second] = await createPrompts(context, ['us', 'us']);
    const prompts = [first!];
    const clock = new FakeClock('2026-03-10T08:00:00.000Z', { parkFromMs: 60_000 });
    const engine = new FakeEngine('chatgpt');
    const scheduler = schedulerFor({ context, engines: [engine], prompts: async () => prompts, clock, limits: { tickMs: 60_000 } });
    scheduler.start();
    while ((await recordedRuns(context)).length < 1) await aFewTurns(1);
    prompts.push(second!);
    clock.advance(60_000);
    while ((await recordedRuns(context)).length < 2) await aFewTurns(1);
    await scheduler.stop();

    expect(engine.calls.map((call) => [call.promptId, call.date])).toEqual([
      [first!.promptId, DAY],
      [second!.promptId, DAY],
    ]);
  });

  test('a pass whose prompt source fails is logged and tried again at the next tick', async () => {
    const { context } = stores;
    const [prompt] = await createPrompts(context, ['us']);
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const clock = new FakeClock('2026-03-10T08:00:00.000Z', { parkFromMs: 60_000 });
    let calls = 0;
    const source = async () => {
      calls += 1;
      if (calls === 1) throw new Error('read model unavailable');
      return [prompt!];
    };
    const scheduler = schedulerFor({ context: { ...context, logger }, engines: [new FakeEngine('chatgpt')], prompts: source, clock });
    scheduler.start();
    // The loop sleeps until the next tick only once the failed pass is over.
    await turnsUntil(() => clock.sleeps.length > 0, 'the scheduler loop waited for its next tick');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'scheduler pass failed; trying again at the next one', errorClass: 'Error' }));
    expect(await recordedRuns(context)).toHaveLength(0);

    clock.advance(60_000);
    await turnsUntil(async () => (await recordedRuns(context)).length === 1, 'the next pass recorded the run');
    await scheduler.stop();
    expect(calls).toBe(2);
  });
});
