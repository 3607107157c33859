import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { pino } from 'pino';
import type { ScheduledPrompt } from '../../../src/app/scheduler/plan.js';
import {
  EngineRateLimitedError,
  EngineResponseError,
  EngineUnavailableError,
  type EngineAnswer,
} from '../../../src/engines/index.js';
import type { RunFailed } from '../../../src/domain/run/events.js';
import { FakeClock } from './support/fakeClock.js';
import { aFewTurns, answerFor, FakeEngine, never, type Behaviour } from './support/fakeEngine.js';
import { schedulerFor, TEST_LIMITS } from './support/schedulerFor.js';
import { createPrompts, openStores, recordedRuns, type TestStores } from './support/stores.js';

const DAY = '2026-03-10';
let stores: TestStores;
let prompt: ScheduledPrompt;
let clock: FakeClock;

beforeEach(async () => {
  stores = await openStores();
  [prompt] = (await createPrompts(stores.context, ['us'])) as [ScheduledPrompt];
  // random 0.5: each backoff is three quarters of its exponential step (half fixed, half jitter).
  clock = new FakeClock('2026-03-10T08:00:00.000Z', { random: 0.5 });
});

afterEach(async () => {
  await stores.close();
});

/** Fails with the given errors on the first attempts, then answers. */
const failingThen =
  (...errors: Error[]): Behaviour =>
  async (request, _signal, attempt) => {
    await aFewTurns(1);
    const error = errors[attempt - 1];
    if (error) throw error;
    return answerFor(request);
  };

async function runOnce(engine: FakeEngine, context = stores.context) {
  return schedulerFor({ context, engines: [engine], prompts: [prompt], clock }).runDay(DAY);
}

const failure = async (): Promise<RunFailed['data']> => {
  const [run] = await recordedRuns(stores.context);
  expect(run?.type).toBe('RunFailed');
  return (run as RunFailed).data;
};

describe('retries', () => {
  test('a retryable error then an answer records one completed run after one backoff', async () => {
    const engine = new FakeEngine('chatgpt', failingThen(new EngineUnavailableError('chatgpt', 503)));
    expect(await runOnce(engine)).toMatchObject({ recorded: 1, failed: 0 });

    expect(engine.calls).toHaveLength(2);
    expect(clock.sleeps).toEqual([75]);
    const runs = await recordedRuns(stores.context);
    expect(runs.map((run) => run.type)).toEqual(['RunCompleted']);
    expect(runs[0]?.data.runDate).toBe('2026-03-10T08:00:00.075Z');
  });

  test('backoff doubles per attempt, with jitter, up to its cap', async () => {
    const unavailable = () => new EngineUnavailableError('chatgpt', null);
    const engine = new FakeEngine('chatgpt', failingThen(unavailable(), unavailable(), unavailable(), unavailable(), unavailable()));
    clock = new FakeClock('2026-03-10T08:00:00.000Z', { random: 1 });
    await schedulerFor({ context: stores.context, engines: [engine], prompts: [prompt], clock, limits: { maxAttempts: 6, backoffMaxMs: 500 } }).runDay(DAY);

    expect(clock.sleeps).toEqual([100, 200, 400, 500, 500]);
    expect(engine.calls).toHaveLength(6);
  });

  test("a rate limit's Retry-After is waited exactly, instead of the backoff", async () => {
    const engine = new FakeEngine('perplexity', failingThen(new EngineRateLimitedError('perplexity', 1_500), new EngineRateLimitedError('perplexity', 3_000)));
    expect(await runOnce(engine)).toMatchObject({ recorded: 1 });

    expect(clock.sleeps).toEqual([1_500, 3_000]);
    expect(engine.calls).toHaveLength(3);
  });

  test("a Retry-After holds back every call to that engine, not only the retried one", async () => {
    const [other] = await createPrompts(stores.context, ['uk']);
    const starts = new Map<string, number[]>();
    const engine = new FakeEngine('perplexity', async (request, _signal, attempt) => {
      starts.set(request.promptId, [...(starts.get(request.promptId) ?? []), clock.now().getTime()]);
      await aFewTurns(1);
      if (request.promptId === prompt.promptId && attempt === 1) throw new EngineRateLimitedError('perplexity', 1_000);
      return answerFor(request);
    });
    const start = clock.now().getTime();
    await schedulerFor({ context: stores.context, engines: [engine], prompts: [prompt, other!], clock, engineLimit: { concurrency: 1, minIntervalMs: 0 } }).runDay(DAY);

    expect(starts.get(prompt.promptId)).toEqual([start, start + 1_000]);
    expect(starts.get(other!.promptId)?.[0]).toBeGreaterThanOrEqual(start + 1_000);
  });

  test('a rate limit without Retry-After falls back to the backoff', async () => {
    const engine = new FakeEngine('perplexity', failingThen(new EngineRateLimitedError('perplexity', null)));
    await runOnce(engine);

    expect(clock.sleeps).toEqual([75]);
  });

  test('a non-retryable error is recorded as a failed run after one call, with its message', async () => {
    const engine = new FakeEngine('claude', failingThen(new EngineResponseError('claude', 'request refused', 401)));
    expect(await runOnce(engine)).toMatchObject({ recorded: 0, failed: 1 });

    expect(engine.calls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
    expect(await failure()).toMatchObject({ engine: 'claude', source: 'api', model: null, error: 'claude: request refused (HTTP 401)' });
  });

  test('retryable errors on every attempt are recorded as a failed run with the last error', async () => {
    const engine = new FakeEngine('gemini', failingThen(...Array.from({ length: 3 }, () => new EngineUnavailableError('gemini', 502))));
    expect(await runOnce(engine)).toMatchObject({ failed: 1 });

    expect(engine.calls).toHaveLength(TEST_LIMITS.maxAttempts);
    expect(clock.sleeps).toEqual([75, 150]);
    expect((await failure()).error).toBe('gemini: unavailable (HTTP 502)');
  });

  test('a call past its deadline is retried, and recorded as failed when every attempt times out', async () => {
    const engine = new FakeEngine('copilot', (_request, signal) => {
      clock.advance(TEST_LIMITS.callTimeoutMs);
      return never(signal);
    });
    expect(await runOnce(engine)).toMatchObject({ failed: 1 });

    expect(engine.calls).toHaveLength(TEST_LIMITS.maxAttempts);
    expect(engine.signals.every((signal) => signal.aborted)).toBe(true);
    expect((await failure()).error).toBe('copilot: no answer within 10000 ms');
  });

  test('an engine that ignores its deadline still loses the call when it passes', async () => {
    let calls = 0;
    const engine = new FakeEngine('copilot', (request) => {
      calls += 1;
      if (calls > 1) return Promise.resolve(answerFor(request));
      clock.advance(TEST_LIMITS.callTimeoutMs);
      return new Promise<EngineAnswer>(() => undefined);
    });
    expect(await runOnce(engine)).toMatchObject({ recorded: 1 });
    expect(engine.calls).toHaveLength(2);
  });

  test('an unexpected error is recorded by its class only, since its message may carry anything', async () => {
    const engine = new FakeEngine('chatgpt', failingThen(new TypeError('fetch failed for https://api.example.com/?api_key=sk-secret-123')));
    expect(await runOnce(engine)).toMatchObject({ failed: 1 });

    expect(engine.calls).toHaveLength(1);
    expect((await failure()).error).toBe('chatgpt: unexpected TypeError');
  });

  test('an answer the run schema refuses is recorded as a failed run naming the field', async () => {
    const engine = new FakeEngine('chatgpt', async (request) => ({ ...answerFor(request), content: 'x'.repeat(200_001) }));
    expect(await runOnce(engine)).toMatchObject({ failed: 1 });

    expect(await failure()).toMatchObject({ source: 'api', model: 'fake-model-1', error: expect.stringMatching(/^chatgpt: answer not recordable: content: /) });
  });
});

describe('logs', () => {
  test('a retry and a failure are logged with engine, prompt, attempt and error class, and no key', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
    const engine = new FakeEngine(
      'chatgpt',
      failingThen(new EngineRateLimitedError('chatgpt', 10), new TypeError('GET https://serpapi.com/search?api_key=sk-secret-123 failed')),
    );
    await runOnce(engine, { ...stores.context, logger });

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((entry) => entry.msg === 'engine call failed; retrying')).toMatchObject({
      engine: 'chatgpt',
      promptId: prompt.promptId,
      attempt: 1,
      errorClass: 'EngineRateLimitedError',
      retryInMs: 10,
    });
    expect(entries.find((entry) => entry.msg === 'run failed')).toMatchObject({ engine: 'chatgpt', promptId: prompt.promptId, attempts: 2, errorClass: 'TypeError' });
    expect(lines.join('\n')).not.toContain('sk-secret-123');
  });
});
