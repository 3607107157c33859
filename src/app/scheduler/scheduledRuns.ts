import type { Logger } from 'pino';
import type { Clock } from '../../background/clock.js';
import type { JobClaim, JobKind, WaitingQuery } from '../../background/leasedJobRunner.js';
import { runStream } from '../../domain/run/events.js';
import { clampToDay, utcDay } from '../../domain/shared/days.js';
import type { EngineId } from '../../domain/shared/engines.js';
import type { Engine } from '../../engines/index.js';
import { recordRun } from '../runs/import.js';
import { answeredRun, errorClass, failedRun } from '../runs/runEvents.js';
import type { AppContext } from '../shared/context.js';
import { DayPass, type JobOutcome } from './dayPass.js';
import { callWithRetries, type CallOutcome, type RetryPolicy } from './engineCall.js';
import { EngineGate, type EngineLimit } from './limits.js';
import { jobSubject, planDay, type PromptSource, type RunJob } from './plan.js';

/** A run of the plan as the job runner claims it: under the run id, for the prompt's team. */
export type PlannedRun = RunJob & { _id: string; teamId: string };

export interface ScheduledRunsOptions {
  context: AppContext;
  engines: Partial<Record<EngineId, Engine>>;
  prompts: PromptSource;
  clock: Clock;
  random: () => number;
  policy: RetryPolicy;
  engineLimits: Partial<Record<EngineId, EngineLimit>>;
  defaultEngineLimit: EngineLimit;
  /** How long a plan of today serves before it is made again (prompts created since join it). */
  replanMs: number;
  logger: Logger;
}

class LeaseLostError extends Error {}

/**
 * The scheduler's step on the leased job runner: which runs of the day's plan are waiting, and a run's engine
 * call and record. Either `runDay` sets the day, or `followToday` makes the plan follow the clock's UTC day.
 */
export class ScheduledRuns implements JobKind<PlannedRun> {
  readonly name = 'scheduler';
  private readonly gates = new Map<EngineId, EngineGate>();
  private pass: DayPass | null = null;
  private following = false;
  private planning: Promise<void> | null = null;
  private replanRequested = false;

  constructor(private readonly options: ScheduledRunsOptions) {
    for (const [engine] of this.engines()) {
      this.gates.set(engine, new EngineGate(options.engineLimits[engine] ?? options.defaultEngineLimit, options.clock));
    }
  }

  /** Starts a pass over `day`'s plan, and answers it; the pass before it ends. */
  async planFor(day: string): Promise<DayPass> {
    const engines = this.engines().map(([engine]) => engine);
    const nowMs = this.options.clock.now().getTime();
    // Replicates that have not started yet join a later plan (today's is made again every `replanMs`).
    const planned = planDay(await this.options.prompts(), day, engines, nowMs);
    this.pass = DayPass.after(this.pass, day, planned, nowMs);
    return this.pass;
  }

  /** From now on the plan is today's, made again every `replanMs`. */
  followToday(): void {
    this.following = true;
  }

  /** Today's plan is made again at the next look for waiting runs (prompts joined a report: they run at once). */
  replanNow(): void {
    this.replanRequested = true;
  }

  /** Logs what became of `pass`. */
  logPass(pass: DayPass): void {
    this.options.logger.info({ day: pass.day, jobs: pass.jobs.length, ...pass.outcome() }, 'scheduler pass done');
  }

  async waiting({ limit, ids, excluding, excludingTeams }: WaitingQuery): Promise<PlannedRun[]> {
    if (this.following) await this.planTodayWhenDue();
    const pass = this.pass;
    if (!pass) return [];
    const skip = new Set(excluding);
    const skipTeams = new Set(excludingTeams);
    const found: PlannedRun[] = [];
    for (const job of pass.jobs) {
      if (found.length >= limit) break;
      if (pass.settled.has(job.runId) || skip.has(job.runId) || skipTeams.has(job.prompt.teamId) || (ids && !ids.includes(job.runId))) continue;
      if (await this.runExists(job.runId)) pass.count(job.runId, 'skipped');
      else found.push({ _id: job.runId, teamId: job.prompt.teamId, ...job });
    }
    return found;
  }

  async run(job: PlannedRun, _attempt: number, claim: JobClaim): Promise<void> {
    const pass = this.pass;
    const outcome = await this.attempt(job, claim);
    if (outcome !== 'deferred') pass?.count(job.runId, outcome);
  }

  /** Workers died holding the run too often: it is recorded as failed, as an engine failure would be. */
  async abandon(job: PlannedRun, reason: string): Promise<void> {
    const { kind: source } = this.options.engines[job.engine] as Engine;
    const subject = jobSubject(job, clampToDay(this.options.clock.now(), job.day));
    await recordRun(this.options.context, { type: 'RunFailed', data: { ...subject, source, model: null, error: `${job.engine}: abandoned, ${reason}` } });
    this.pass?.count(job.runId, 'failed');
  }

  private async planTodayWhenDue(): Promise<void> {
    const now = this.options.clock.now();
    const due = this.replanRequested || !this.pass || this.pass.day !== utcDay(now) || now.getTime() >= this.pass.plannedAtMs + this.options.replanMs;
    if (!due) return;
    this.replanRequested = false;
    const previous = this.pass;
    this.planning ??= this.planFor(utcDay(now)).then(
      () => {
        if (previous) this.logPass(previous);
      },
      (error: unknown) => this.options.logger.error({ errorClass: errorClass(error) }, 'scheduler pass failed; trying again at the next one'),
    );
    await this.planning;
    this.planning = null;
  }

  private async attempt(job: PlannedRun, claim: JobClaim): Promise<JobOutcome> {
    try {
      // Checked again under the lease: the previous holder records before it releases.
      if (await this.runExists(job.runId)) return 'skipped';
      return await this.callAndRecord(job, claim);
    } catch (error) {
      if (claim.signal.aborted) return 'aborted';
      if (error instanceof LeaseLostError) return 'deferred';
      throw error;
    }
  }

  private async callAndRecord(job: PlannedRun, claim: JobClaim): Promise<JobOutcome> {
    const engine = this.options.engines[job.engine] as Engine;
    const logger = this.options.logger.child({ engine: job.engine, promptId: job.prompt.promptId, runId: job.runId });
    const outcome = await callWithRetries({
      engine,
      request: { engine: job.engine, prompt: job.prompt.text, country: job.prompt.country, date: job.day, promptId: job.prompt.promptId, replicate: job.replicate },
      gate: this.gates.get(job.engine) as EngineGate,
      policy: this.options.policy,
      clock: this.options.clock,
      random: this.options.random,
      signal: claim.signal,
      keepLease: async () => {
        if (!(await claim.renew())) throw new LeaseLostError(job.runId);
      },
      logger,
    });
    return this.record(job, engine.kind, outcome, logger);
  }

  private async record(job: RunJob, source: 'api' | 'simulator', outcome: CallOutcome, logger: Logger): Promise<JobOutcome> {
    const subject = jobSubject(job, clampToDay(this.options.clock.now(), job.day));
    const event = outcome.ok ? answeredRun(subject, outcome.answer) : failedRun(subject, source, outcome.error);
    if (!(await recordRun(this.options.context, event))) return 'skipped';
    if (event.type === 'RunCompleted') {
      logger.debug({ attempts: outcome.attempts, source: event.data.source }, 'run recorded');
      return 'recorded';
    }
    const errorName = outcome.ok ? 'AnswerRejected' : errorClass(outcome.error);
    logger.warn({ attempts: outcome.attempts, errorClass: errorName, error: event.data.error }, 'run failed');
    return 'failed';
  }

  private async runExists(runId: string): Promise<boolean> {
    return (await this.options.context.eventStore.readStream(runStream(runId), { maxCount: 1 })).length > 0;
  }

  private engines(): Array<[EngineId, Engine]> {
    return Object.entries(this.options.engines).filter((entry): entry is [EngineId, Engine] => entry[1] !== undefined);
  }
}
