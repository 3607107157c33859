import { RunScheduler, type RunSchedulerOptions, type SchedulerLimits } from '../../../../src/app/scheduler/scheduler.js';
import type { EngineLimit } from '../../../../src/app/scheduler/limits.js';
import type { ScheduledPrompt } from '../../../../src/app/scheduler/plan.js';
import type { AppContext } from '../../../../src/app/shared/context.js';
import type { EngineId } from '../../../../src/domain/shared/engines.js';
import type { FakeEngine } from './fakeEngine.js';
import { FakeClock } from './fakeClock.js';

export const TEST_LIMITS: SchedulerLimits = {
  concurrency: 4,
  callTimeoutMs: 10_000,
  maxAttempts: 3,
  backoffBaseMs: 100,
  backoffMaxMs: 1_000,
  leaseMarginMs: 5_000,
  tickMs: 60_000,
};

export interface SchedulerSetup {
  context: AppContext;
  engines: readonly FakeEngine[];
  prompts: readonly ScheduledPrompt[] | RunSchedulerOptions['prompts'];
  clock?: FakeClock;
  owner?: string;
  limits?: Partial<SchedulerLimits>;
  /** Default for every engine: as many calls as the global bound allows, no spacing. */
  engineLimit?: EngineLimit;
}

export function schedulerFor(setup: SchedulerSetup): RunScheduler {
  const engineLimit = setup.engineLimit ?? { concurrency: 100, minIntervalMs: 0 };
  const prompts = setup.prompts;
  const clock = setup.clock ?? new FakeClock();
  return new RunScheduler({
    context: setup.context,
    engines: Object.fromEntries(setup.engines.map((engine) => [engine.id, engine])),
    prompts: typeof prompts === 'function' ? prompts : async () => [...prompts],
    owner: setup.owner ?? 'worker-a',
    clock,
    random: () => clock.random(),
    limits: { ...TEST_LIMITS, ...setup.limits },
    engineLimits: Object.fromEntries(setup.engines.map((engine) => [engine.id, engineLimit])) as Partial<Record<EngineId, EngineLimit>>,
  });
}
