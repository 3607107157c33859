import type { RunEvent } from '../../domain/run/events.js';
import { ENGINES, type EngineId } from '../../domain/shared/engines.js';
import { simulateAnswer } from '../../engines/index.js';
import type { AppContext } from '../shared/context.js';
import { answeredRun } from '../runs/runEvents.js';
import { recordRuns, RUN_BATCH } from '../runs/import.js';
import { replicateStart } from '../../domain/workspace/runsPerDay.js';
import { planDay, jobSubject, type RunJob, type ScheduledPrompt } from './plan.js';

export interface SimulationPlan {
  prompts: readonly ScheduledPrompt[];
  /** UTC days, `YYYY-MM-DD`. */
  days: readonly string[];
  /** Default: every engine; each prompt still runs only on the engines enabled for its country. */
  engines?: readonly EngineId[];
}

/**
 * Simulated runs are dated five minutes apart per engine, so a day's runs read in a stable order: replicate 0 from
 * 06:00 UTC (as before replicates), replicate k ≥ 1 from the start of its part of the day.
 */
const FIRST_RUN_MINUTE = 6 * 60;
const MINUTES_BETWEEN_ENGINES = 5;

/** The simulated run's date: deterministic per day, engine and replicate, but never later than now (today's runs). */
export function simulatedRunDate(day: string, engine: EngineId, now: Date, replicate = 0, runsPerDay = 1): string {
  const offsetMinutes = (replicate === 0 ? FIRST_RUN_MINUTE : 0) + ENGINES.indexOf(engine) * MINUTES_BETWEEN_ENGINES;
  const scheduled = replicateStart(day, replicate, runsPerDay) + offsetMinutes * 60_000;
  const latest = Math.max(Date.parse(day), now.getTime());
  return new Date(Math.min(scheduled, latest)).toISOString();
}

/**
 * Records the simulator's answer for every prompt, day, enabled engine and replicate of the plan that has started
 * by now (each prompt has its workspace's replicates of that day), under the scheduler's run ids: a run that
 * exists (simulated, imported or real) is left alone, so simulating twice records nothing the second time.
 * Resolves with the number of runs recorded.
 */
export async function recordSimulatedRuns(context: AppContext, plan: SimulationPlan): Promise<number> {
  const now = context.clock.now();
  let recorded = 0;
  let pending: RunEvent[] = [];
  for (const day of plan.days) {
    for (const job of planDay(plan.prompts, day, plan.engines, now.getTime())) {
      pending.push(simulatedRun(job, now));
      if (pending.length < RUN_BATCH) continue;
      recorded += await recordRuns(context, pending);
      pending = [];
    }
  }
  return recorded + (await recordRuns(context, pending));
}

function simulatedRun(job: RunJob, now: Date): RunEvent {
  const { engine, day, prompt, replicate, runsPerDay } = job;
  const answer = simulateAnswer({ engine, prompt: prompt.text, country: prompt.country, date: day, promptId: prompt.promptId, replicate });
  return answeredRun(jobSubject(job, simulatedRunDate(day, engine, now, replicate, runsPerDay)), answer);
}
