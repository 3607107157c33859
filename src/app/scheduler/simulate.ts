import type { RunEvent } from '../../domain/run/events.js';
import { ENGINES, type EngineId } from '../../domain/shared/engines.js';
import { simulateAnswer } from '../../engines/index.js';
import type { AppContext } from '../shared/context.js';
import { answeredRun } from '../runs/runEvents.js';
import { recordRuns, RUN_BATCH } from '../runs/import.js';
import { planDay, jobSubject, type RunJob, type ScheduledPrompt } from './plan.js';

export interface SimulationPlan {
  prompts: readonly ScheduledPrompt[];
  /** UTC days, `YYYY-MM-DD`. */
  days: readonly string[];
  /** Default: every engine; each prompt still runs only on the engines enabled for its country. */
  engines?: readonly EngineId[];
}

/** Simulated runs are dated 06:00 UTC, five minutes apart per engine, so a day's runs read in a stable order. */
const FIRST_RUN_MINUTE = 6 * 60;
const MINUTES_BETWEEN_ENGINES = 5;

/** The simulated run's date: deterministic per day and engine, but never later than now (today's runs). */
export function simulatedRunDate(day: string, engine: EngineId, now: Date): string {
  const minute = FIRST_RUN_MINUTE + ENGINES.indexOf(engine) * MINUTES_BETWEEN_ENGINES;
  const scheduled = Date.parse(day) + minute * 60_000;
  const latest = Math.max(Date.parse(day), now.getTime());
  return new Date(Math.min(scheduled, latest)).toISOString();
}

/**
 * Records the simulator's answer for every prompt, day and enabled engine of the plan, under the scheduler's
 * run ids: a run that exists (simulated, imported or real) is left alone, so simulating twice records nothing
 * the second time. Resolves with the number of runs recorded.
 */
export async function recordSimulatedRuns(context: AppContext, plan: SimulationPlan): Promise<number> {
  const now = context.clock.now();
  let recorded = 0;
  let pending: RunEvent[] = [];
  for (const day of plan.days) {
    for (const job of planDay(plan.prompts, day, plan.engines)) {
      pending.push(simulatedRun(job, now));
      if (pending.length < RUN_BATCH) continue;
      recorded += await recordRuns(context, pending);
      pending = [];
    }
  }
  return recorded + (await recordRuns(context, pending));
}

function simulatedRun(job: RunJob, now: Date): RunEvent {
  const { engine, day, prompt } = job;
  const answer = simulateAnswer({ engine, prompt: prompt.text, country: prompt.country, date: day, promptId: prompt.promptId });
  return answeredRun(jobSubject(job, simulatedRunDate(day, engine, now)), answer);
}
