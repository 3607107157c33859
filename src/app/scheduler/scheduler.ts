import type { Logger } from 'pino';
import { runStream } from '../../domain/run/events.js';
import type { EngineId } from '../../domain/shared/engines.js';
import type { Engine } from '../../engines/index.js';
import type { AppContext } from '../shared/context.js';
import { answeredRun, errorClass, failedRun } from '../runs/runEvents.js';
import { recordRun } from '../runs/import.js';
import { systemClock, type SchedulerClock } from './clock.js';
import { clampToDay, utcDay } from '../../domain/shared/days.js';
import { callWithRetries, type CallOutcome, type RetryPolicy } from './engineCall.js';
import { Leases } from '../../background/leases.js';
import { EngineGate, type EngineLimit } from './limits.js';
import PQueue from 'p-queue';
import { jobSubject, planDay, type PromptSource, type RunJob } from './plan.js';

export interface SchedulerLimits extends RetryPolicy {
  /** Jobs in progress at once, across engines. */
  concurrency: number;
  /** A job's lease outlasts the call or wait it covers by this much, so a slow store write does not lose it. */
  leaseMarginMs: number;
  /** Pause between two passes over today's plan. */
  tickMs: number;
}

export const DEFAULT_LIMITS: SchedulerLimits = {
  concurrency: 8,
  // Above the adapters' own 120 s deadline: theirs fires first and says which engine; ours is the backstop.
  callTimeoutMs: 150_000,
  maxAttempts: 4,
  backoffBaseMs: 2_000,
  backoffMaxMs: 60_000,
  leaseMarginMs: 60_000,
  tickMs: 5 * 60_000,
};

/** Not a read model: who is calling an engine for which run, so two workers never call it for the same run at once. */
export const JOB_LEASES_COLLECTION = 'schedulerLeases';

export const DEFAULT_ENGINE_LIMIT: EngineLimit = { concurrency: 2, minIntervalMs: 1_000 };

export interface RunSchedulerOptions {
  context: AppContext;
  engines: Partial<Record<EngineId, Engine>>;
  prompts: PromptSource;
  /** This worker's name in leases; unique per process. */
  owner: string;
  clock?: SchedulerClock;
  limits?: Partial<SchedulerLimits>;
  engineLimits?: Partial<Record<EngineId, EngineLimit>>;
}

/**
 * `skipped`: already recorded. `deferred`: not done in this pass (another worker holds it, the lease was lost,
 * or a store write failed); a later pass takes it up. `aborted`: stop() ended it.
 */
export type JobOutcome = 'recorded' | 'failed' | 'skipped' | 'deferred' | 'aborted';
export type DayOutcome = Record<JobOutcome, number>;

class LeaseLostError extends Error {}

/**
 * Runs every active prompt once a day (UTC) on each engine enabled for it. Each pass takes today's plan and
 * does what is not done yet, so prompts created during the day are picked up at the next pass.
 *
 * Days missed while the service was down are not caught up: an engine answers as of now, and recording
 * today's answer under a past day would make history up. `geolens runs simulate` fills past days on purpose.
 */
export class RunScheduler {
  private readonly clock: SchedulerClock;
  private readonly limits: SchedulerLimits;
  private readonly leases: Leases;
  private readonly gates = new Map<EngineId, EngineGate>();
  private readonly logger: Logger;
  private controller = new AbortController();
  private readonly passes = new Set<Promise<DayOutcome>>();
  private loop: Promise<void> | null = null;
  /** Run ids of the current day known to be recorded: later passes skip them without a store read. */
  private settled = { day: '', runIds: new Set<string>() };

  constructor(private readonly options: RunSchedulerOptions) {
    this.clock = options.clock ?? systemClock;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.leases = new Leases(options.context.documentStore, JOB_LEASES_COLLECTION, options.owner, this.clock);
    this.logger = options.context.logger.child({ component: 'scheduler' });
    for (const [engine] of this.engines()) {
      this.gates.set(engine, new EngineGate(options.engineLimits?.[engine] ?? DEFAULT_ENGINE_LIMIT, this.clock));
    }
  }

  /** Runs today's plan now and again every `tickMs`, until stop(). */
  start(): void {
    if (this.loop) return;
    if (this.controller.signal.aborted) this.controller = new AbortController();
    const signal = this.controller.signal;
    this.loop = (async () => {
      while (!signal.aborted) {
        await this.runDay(utcDay(this.clock.now())).catch((error: unknown) => {
          this.logger.error({ errorClass: errorClass(error) }, 'scheduler pass failed; trying again at the next one');
        });
        await this.clock.sleep(this.limits.tickMs, signal).catch(() => undefined);
      }
    })();
  }

  /** Aborts the calls in flight (their jobs are released unrecorded) and resolves once every pass has ended. */
  async stop(): Promise<void> {
    this.controller.abort(new Error('scheduler stopped'));
    await Promise.allSettled([this.loop, ...this.passes]);
    this.loop = null;
  }

  /** One pass over a day's plan; resolves with what became of each job. */
  runDay(day: string): Promise<DayOutcome> {
    const pass = this.pass(day, this.controller.signal);
    this.passes.add(pass);
    const forget = () => this.passes.delete(pass);
    pass.then(forget, forget);
    return pass;
  }

  private async pass(day: string, signal: AbortSignal): Promise<DayOutcome> {
    if (this.settled.day !== day) this.settled = { day, runIds: new Set() };
    const engines = this.engines().map(([engine]) => engine);
    const jobs = planDay(await this.options.prompts(), day, engines).filter((job) => !this.settled.runIds.has(job.runId));
    const outcome: DayOutcome = { recorded: 0, failed: 0, skipped: 0, deferred: 0, aborted: 0 };
    const queue = new PQueue({ concurrency: this.limits.concurrency });
    const runOne = async (job: RunJob) => {
      const result = await this.runJob(job, signal).catch((error: unknown): JobOutcome => {
        this.logger.error({ runId: job.runId, errorClass: errorClass(error) }, 'job not recorded; the next pass tries again');
        return 'deferred';
      });
      outcome[result] += 1;
      if (result === 'recorded' || result === 'failed' || result === 'skipped') this.settled.runIds.add(job.runId);
    };
    // Once `signal` aborts, jobs still queued are dropped unstarted; those running end through the same signal.
    const dropQueued = () => queue.clear();
    signal.addEventListener('abort', dropQueued, { once: true });
    try {
      if (!signal.aborted) for (const job of jobs) void queue.add(() => runOne(job));
      await queue.onIdle();
    } finally {
      signal.removeEventListener('abort', dropQueued);
    }
    this.logger.info({ day, jobs: jobs.length, ...outcome }, 'scheduler pass done');
    return outcome;
  }

  private async runJob(job: RunJob, signal: AbortSignal): Promise<JobOutcome> {
    if (await this.runExists(job.runId)) return 'skipped';
    if ((await this.leases.tryAcquire(job.runId, this.limits.callTimeoutMs + this.limits.leaseMarginMs)) === null) return 'deferred';
    try {
      // Checked again under the lease: the previous holder records before it releases.
      if (await this.runExists(job.runId)) return 'skipped';
      return await this.callAndRecord(job, signal);
    } catch (error) {
      if (signal.aborted) return 'aborted';
      if (error instanceof LeaseLostError) return 'deferred';
      throw error;
    } finally {
      await this.leases.release(job.runId);
    }
  }

  private async callAndRecord(job: RunJob, signal: AbortSignal): Promise<JobOutcome> {
    const engine = this.options.engines[job.engine] as Engine;
    const logger = this.logger.child({ engine: job.engine, promptId: job.prompt.promptId, runId: job.runId });
    const outcome = await callWithRetries({
      engine,
      request: { engine: job.engine, prompt: job.prompt.text, country: job.prompt.country, date: job.day, promptId: job.prompt.promptId },
      gate: this.gates.get(job.engine) as EngineGate,
      policy: this.limits,
      clock: this.clock,
      signal,
      keepLease: async (ms) => {
        if (!(await this.leases.renew(job.runId, ms + this.limits.leaseMarginMs))) throw new LeaseLostError(job.runId);
      },
      logger,
    });
    return this.record(job, engine.kind, outcome, logger);
  }

  private async record(job: RunJob, source: 'api' | 'simulator', outcome: CallOutcome, logger: Logger): Promise<JobOutcome> {
    const subject = jobSubject(job, clampToDay(this.clock.now(), job.day));
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
