import type { RunJob } from './plan.js';

/**
 * `skipped`: already recorded. `deferred`: not done in this pass (another worker holds it, the lease was lost,
 * or a store write failed); a later pass takes it up. `aborted`: stop() ended it.
 */
export type JobOutcome = 'recorded' | 'failed' | 'skipped' | 'deferred' | 'aborted';
export type DayOutcome = Record<JobOutcome, number>;

/**
 * One pass over a day's plan: its jobs, and what became of each. `settled` (run ids of the day known to be
 * recorded) is shared by the passes of one day, so later passes skip those without a store read.
 */
export class DayPass {
  private readonly counts: DayOutcome = { recorded: 0, failed: 0, skipped: 0, deferred: 0, aborted: 0 };

  private constructor(
    readonly day: string,
    readonly jobs: readonly RunJob[],
    readonly plannedAtMs: number,
    readonly settled: Set<string>,
  ) {}

  /** The pass over `planned` that follows `previous`: the jobs `previous` settled on the same day are left out. */
  static after(previous: DayPass | null, day: string, planned: readonly RunJob[], plannedAtMs: number): DayPass {
    const settled = previous?.day === day ? previous.settled : new Set<string>();
    return new DayPass(day, planned.filter((job) => !settled.has(job.runId)), plannedAtMs, settled);
  }

  count(runId: string, outcome: Exclude<JobOutcome, 'deferred'>): void {
    this.counts[outcome] += 1;
    if (outcome !== 'aborted') this.settled.add(runId);
  }

  /** Deferred are the jobs of the plan this pass did nothing with. */
  outcome(): DayOutcome {
    const { recorded, failed, skipped, aborted } = this.counts;
    return { ...this.counts, deferred: Math.max(0, this.jobs.length - recorded - failed - skipped - aborted) };
  }
}
