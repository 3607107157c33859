import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { planDay } from '../../../src/app/scheduler/plan.js';
import { recordSimulatedRuns } from '../../../src/app/scheduler/simulate.js';
import { scheduledRunId, type RunCompleted } from '../../../src/domain/run/events.js';
import { simulateAnswer } from '../../../src/engines/index.js';
import { FakeClock } from './support/fakeClock.js';
import { FakeEngine, turnsUntil } from './support/fakeEngine.js';
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

const prompt = { promptId: 'pr_1', workspaceId: 'ws_1', teamId: 'tm_1', country: 'us' as const, text: 'Best CRM?' };
const at = (hours: number) => Date.parse(DAY) + hours * 3_600_000;

describe('the plan of a day with replicates', () => {
  test.each([
    [0, ['pr_1.chatgpt.2026-03-10']],
    [7.99, ['pr_1.chatgpt.2026-03-10']],
    [8, ['pr_1.chatgpt.2026-03-10', 'pr_1.chatgpt.2026-03-10.r1']],
    [23, ['pr_1.chatgpt.2026-03-10', 'pr_1.chatgpt.2026-03-10.r1', 'pr_1.chatgpt.2026-03-10.r2']],
  ])('at %s h of a 3-a-day workspace the started replicates are planned', (hours, runIds) => {
    const jobs = planDay([{ ...prompt, runs: { runsPerDay: 3 } }], DAY, ['chatgpt'], at(hours));
    expect(jobs.map(({ runId }) => runId)).toEqual(runIds);
    expect(jobs.map(({ replicate, runsPerDay }) => [replicate, runsPerDay])).toEqual(runIds.map((_, index) => [index, 3]));
  });

  test('a prompt without a setting and one of a workspace changed today run as many times as the day started with', () => {
    const changed = { ...prompt, promptId: 'pr_2', runs: { runsPerDay: 5, from: '2026-03-11', before: 2 } };
    const today = planDay([prompt, changed], DAY, ['chatgpt']);
    expect(today.map(({ runId }) => runId)).toEqual(['pr_1.chatgpt.2026-03-10', 'pr_2.chatgpt.2026-03-10', 'pr_2.chatgpt.2026-03-10.r1']);
    expect(planDay([changed], '2026-03-11', ['chatgpt'])).toHaveLength(5);
  });

  test('earlier replicates come first, then prompts with their engines interleaved', () => {
    const other = { ...prompt, promptId: 'pr_2', runs: { runsPerDay: 2 } };
    const jobs = planDay([{ ...prompt, runs: { runsPerDay: 2 } }, other], DAY, ['chatgpt', 'claude']);
    expect(jobs.map(({ runId }) => runId)).toEqual([
      scheduledRunId('pr_1', 'chatgpt', DAY),
      scheduledRunId('pr_1', 'claude', DAY),
      scheduledRunId('pr_2', 'chatgpt', DAY),
      scheduledRunId('pr_2', 'claude', DAY),
      scheduledRunId('pr_1', 'chatgpt', DAY, 1),
      scheduledRunId('pr_1', 'claude', DAY, 1),
      scheduledRunId('pr_2', 'chatgpt', DAY, 1),
      scheduledRunId('pr_2', 'claude', DAY, 1),
    ]);
  });
});

describe('the scheduler makes each replicate in its part of the day', () => {
  test('replicate k of 3 is asked for and recorded once it has started, each under its own run id', async () => {
    const { context } = stores;
    const [scheduled] = await createPrompts(context, ['us'], { runsPerDay: 3 });
    const engine = new FakeEngine('chatgpt');
    const clock = new FakeClock('2026-03-10T07:00:00.000Z', { parkFromMs: 60_000 });
    const scheduler = schedulerFor({ context, engines: [engine], prompts: [scheduled!], clock });
    scheduler.start();
    const recorded = async (count: number) => (await recordedRuns(context)).length === count;
    await turnsUntil(() => recorded(1), 'replicate 0 was recorded');
    // Each tick plans the day again: replicate 1 joins from 08:00, replicate 2 from 16:00.
    clock.advance(59 * 60_000);
    for (let turn = 0; turn < 200; turn++) await turnsUntil(() => true, 'a turn');
    expect(await recordedRuns(context)).toHaveLength(1);
    clock.advance(2 * 60_000);
    await turnsUntil(() => recorded(2), 'replicate 1 was recorded after 08:00');
    clock.advance(8 * 3_600_000);
    await turnsUntil(() => recorded(3), 'replicate 2 was recorded after 16:00');
    await scheduler.stop();

    const runs = await recordedRuns(context);
    expect(runs.map(({ data }) => [data.runId, data.replicate])).toEqual([0, 1, 2].map((k) => [scheduledRunId(scheduled!.promptId, 'chatgpt', DAY, k), k]));
    const [first, second, third] = runs.map(({ data }) => data.runDate);
    expect([first! < '2026-03-10T08:00:00.000Z', second! >= '2026-03-10T08:00:00.000Z', third! >= '2026-03-10T16:00:00.000Z']).toEqual([true, true, true]);
    expect(engine.calls.map(({ replicate }) => replicate)).toEqual([0, 1, 2]);
  });
});

describe('simulated replicates', () => {
  const request = { engine: 'perplexity' as const, prompt: 'Best CRM for a small agency?', country: 'us' as const, date: DAY, promptId: 'pr_1' };

  test('replicate 0 is the answer given before replicates; each replicate is its own, the same every time', () => {
    expect(simulateAnswer({ ...request, replicate: 0 })).toEqual(simulateAnswer(request));
    const replicates = [0, 1, 2, 3].map((replicate) => simulateAnswer({ ...request, replicate }).content);
    expect(new Set(replicates).size).toBe(4);
    expect(simulateAnswer({ ...request, replicate: 2 }).content).toBe(replicates[2]);
  });

  test('simulating past days records every replicate, dated in its part of the day; today only those started', async () => {
    const { context } = stores;
    const prompts = await createPrompts(context, ['us'], { runsPerDay: 3 });
    await recordSimulatedRuns(context, { prompts, days: ['2026-03-09', DAY], engines: ['gemini'] });

    const runs = (await recordedRuns(context)) as RunCompleted[];
    expect(runs.map(({ data }) => [data.runId.slice(prompts[0]!.promptId.length), data.replicate, data.runDate])).toEqual([
      ['.gemini.2026-03-09', 0, '2026-03-09T06:25:00.000Z'],
      ['.gemini.2026-03-09.r1', 1, '2026-03-09T08:25:00.000Z'],
      ['.gemini.2026-03-09.r2', 2, '2026-03-09T16:25:00.000Z'],
      ['.gemini.2026-03-10', 0, '2026-03-10T06:25:00.000Z'],
      ['.gemini.2026-03-10.r1', 1, '2026-03-10T08:00:00.000Z'],
    ]);
    const answer = (day: string, replicate: number) =>
      simulateAnswer({ engine: 'gemini', prompt: prompts[0]!.text, country: 'us', date: day, promptId: prompts[0]!.promptId, replicate }).content;
    expect(runs.map(({ data }) => data.content)).toEqual([answer('2026-03-09', 0), answer('2026-03-09', 1), answer('2026-03-09', 2), answer(DAY, 0), answer(DAY, 1)]);
  });
});
