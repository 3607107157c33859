import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { pino } from 'pino';
import { directoryPrompts } from '../../../src/app/scheduler/promptSources.js';
import type { LeaseDoc as JobLeaseDoc } from '../../../src/background/leases.js';
import { JOB_LEASES_COLLECTION } from '../../../src/background/leasedJobRunner.js';
import { scheduledRunId } from '../../../src/domain/run/events.js';
import { ENGINES } from '../../../src/domain/shared/engines.js';
import { directoryProjection } from '../../../src/projections/directory/projection.js';
import { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';
import { FakeClock } from './support/fakeClock.js';
import { aFewTurns, answerFor, FakeEngine, never, turnsUntil } from './support/fakeEngine.js';
import { schedulerFor } from './support/schedulerFor.js';
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
        replicate: 0,
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
    const clock = new FakeClock('2026-03-10T08:00:00.000Z');
    const scheduler = schedulerFor({ context, engines: [engine], prompts, clock });
    await scheduler.runDay(DAY);
    clock.advance(86_400_000);
    await scheduler.runDay('2026-03-11');

    expect((await recordedRuns(context)).map((run) => run.data.runId)).toEqual([
      scheduledRunId(prompts[0]!.promptId, 'claude', DAY),
      scheduledRunId(prompts[0]!.promptId, 'claude', '2026-03-11'),
    ]);
  });
});

describe('limits', () => {
  test('no more calls are in flight than the global bound, across engines', async () => {
    const { context } = stores;
    const prompts = await createPrompts(context, Array.from({ length: 10 }, () => 'us' as const), { teamPerPrompt: true });
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
