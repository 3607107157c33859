import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { handleCommand } from '../../../src/app/shared/commandHandler.js';
import { seedDemo } from '../../../src/app/demo/seedDemo.js';
import { workspacePromptsFromLog } from '../../../src/app/scheduler/promptSources.js';
import { recordSimulatedRuns, simulatedRunDate } from '../../../src/app/scheduler/simulate.js';
import { promptDecider } from '../../../src/domain/prompt/decide.js';
import { promptStream } from '../../../src/domain/prompt/events.js';
import { runDay, type RunCompleted } from '../../../src/domain/run/events.js';
import { createPrompts, openStores, recordedRuns, type TestStores } from './support/stores.js';

let stores: TestStores;

beforeEach(async () => {
  stores = await openStores();
});

afterEach(async () => {
  await stores.close();
});

describe('simulated runs', () => {
  test('a run is dated 06:00 UTC plus five minutes per engine, and never later than now', () => {
    const now = new Date('2026-03-10T06:12:00.000Z');
    expect(simulatedRunDate('2026-03-09', 'chatgpt', now)).toBe('2026-03-09T06:00:00.000Z');
    expect(simulatedRunDate('2026-03-09', 'claude', now)).toBe('2026-03-09T06:30:00.000Z');
    expect(simulatedRunDate('2026-03-10', 'google', now)).toBe('2026-03-10T06:05:00.000Z');
    expect(simulatedRunDate('2026-03-10', 'claude', now)).toBe('2026-03-10T06:12:00.000Z');
  });

  test('the same prompt, engine and day give the same answer in another store', async () => {
    const simulateOnce = async (): Promise<string[]> => {
      const other = await openStores();
      try {
        const prompts = (await createPrompts(other.context, ['us'])).map((prompt) => ({ ...prompt, promptId: 'pr_same' }));
        await recordSimulatedRuns(other.context, { prompts, days: ['2026-03-01', '2026-03-02'], engines: ['gemini'] });
        return (await recordedRuns(other.context)).map((run) => (run as RunCompleted).data.content);
      } finally {
        await other.close();
      }
    };
    const [first, second] = [await simulateOnce(), await simulateOnce()];
    expect(first).toEqual(second);
    expect(first[0]).not.toEqual(first[1]);
  });

  test("a workspace's prompts come from the log: deleted prompts and other workspaces' prompts are left out", async () => {
    const { context } = stores;
    const [kept, deleted] = await createPrompts(context, ['us', 'uk']);
    const [elsewhere] = await createPrompts(context, ['us']);
    await handleCommand(context.eventStore, promptStream(deleted!.promptId), promptDecider, {
      type: 'DeletePrompt',
      data: { promptId: deleted!.promptId, workspaceId: deleted!.workspaceId, now: '2026-03-10T09:00:00.000Z' },
    });

    expect(await workspacePromptsFromLog(context.eventStore, kept!.workspaceId)).toEqual([kept]);
    expect(await workspacePromptsFromLog(context.eventStore, elsewhere!.workspaceId)).toEqual([elsewhere]);
  });
});

describe('the demo', () => {
  test('starts with 30 days of simulated runs of every prompt on every engine, today included', async () => {
    const { context } = stores;
    const demo = await seedDemo(context);

    const runs = await recordedRuns(context);
    // 8 prompts (in the US and the UK, where all 7 engines are offered) × 7 engines × 30 days.
    expect(runs).toHaveLength(1_680);
    expect(new Set(runs.map((run) => run.data.runId)).size).toBe(1_680);
    expect(runs.every((run) => run.type === 'RunCompleted' && run.data.source === 'simulator' && run.data.workspaceId === demo.workspaceId)).toBe(true);
    const days = [...new Set(runs.map((run) => runDay(run.data.runDate)))].sort();
    expect([days[0], days.at(-1), days.length]).toEqual(['2026-02-09', '2026-03-10', 30]);
    expect(runs.every((run) => run.data.runDate <= '2026-03-10T08:00:00.000Z')).toBe(true);
  });
});
