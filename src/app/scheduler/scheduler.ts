import type { Clock } from '../../background/clock.js';
import type { Logger } from 'pino';
import { LeasedJobRunner } from '../../background/leasedJobRunner.js';
import { SubscriptionLoop } from '../../background/subscriptionLoop.js';
import type { Position } from '../../ports/eventStore.js';
import type { EngineId } from '../../domain/shared/engines.js';
import type { Engine } from '../../engines/index.js';
import type { AppContext } from '../shared/context.js';
import type { DayOutcome } from './dayPass.js';
import type { RetryPolicy } from './engineCall.js';
import type { EngineLimit } from './limits.js';
import type { PromptSource } from './plan.js';
import { ScheduledRuns } from './scheduledRuns.js';

export type { DayOutcome, JobOutcome } from './dayPass.js';

export interface SchedulerLimits extends RetryPolicy {
  /** Jobs in progress at once, across engines. */
  concurrency: number;
  /** A job's lease outlasts the call it covers by this much, so a slow store write does not lose it. */
  leaseMarginMs: number;
  /** Pause between two plans of today. */
  tickMs: number;
}

export const DEFAULT_LIMITS: SchedulerLimits = {
  // A team holds at most half the slots, so sixteen give one team alone the eight it had before shares were fair.
  concurrency: 16,
  // Above the adapters' own 120 s deadline: theirs fires first and says which engine; ours is the backstop.
  callTimeoutMs: 150_000,
  maxAttempts: 4,
  backoffBaseMs: 2_000,
  backoffMaxMs: 60_000,
  leaseMarginMs: 60_000,
  tickMs: 5 * 60_000,
};

export const DEFAULT_ENGINE_LIMIT: EngineLimit = { concurrency: 2, minIntervalMs: 1_000 };

export interface RunSchedulerOptions {
  context: AppContext;
  engines: Partial<Record<EngineId, Engine>>;
  prompts: PromptSource;
  /** This worker's name in leases; unique per process. */
  owner: string;
  /** Default: the context's clock. */
  clock?: Clock;
  /** Uniform in [0, 1): the jitter of backoff delays. */
  random?: () => number;
  limits?: Partial<SchedulerLimits>;
  engineLimits?: Partial<Record<EngineId, EngineLimit>>;
  /** Resolves once `prompts` reflects the log up to `position` (the read models' runner); unset: at once. */
  promptsAt?: (position: Position) => Promise<void>;
}

/**
 * Prompts that start being tracked (a report created with them, prompts assigned to a report or created): today's
 * plan is made again and the runner looks for runs at once, so a new report's first runs start now rather than at
 * the next tick. The runs keep their ids (prompt, engine, day), so a run already recorded today is not made again.
 * Follows the log from its head at start: what was appended before is in the first plan anyway.
 */
const NEW_PROMPT_EVENTS = ['BrandReportCreated', 'PromptsAssignedToReport', 'PromptCreated'] as const;

function newPromptsLoop(context: AppContext, logger: Logger, replan: (position: Position) => Promise<void>): SubscriptionLoop {
  let from: Position | null = null;
  const loop: SubscriptionLoop = new SubscriptionLoop(
    context.eventStore,
    {
      checkpoint: async () => (from ??= await context.eventStore.headPosition()),
      handle: async (events, scannedTo) => {
        from = scannedTo;
        const last = events.at(-1);
        if (last) await replan(last.position);
        loop.advance(scannedTo);
      },
    },
    { subject: 'New prompts', eventTypes: NEW_PROMPT_EVENTS, logger, failureMessage: 'new prompts subscription failed; resubscribing', clock: context.clock },
  );
  return loop;
}

/**
 * Runs every active prompt once a day (UTC) on each engine enabled for it, as jobs of the leased job runner
 * (leases `scheduler:<runId>`): the runner claims, renews and releases, the scheduler plans the day and calls
 * the engines. Today's plan is made again every tick, so prompts created during the day are picked up then.
 *
 * Days missed while the service was down are not caught up: an engine answers as of now, and recording
 * today's answer under a past day would make history up. `geolens runs simulate` fills past days on purpose.
 */
export class RunScheduler {
  private readonly runs: ScheduledRuns;
  private readonly runner: LeasedJobRunner;
  private readonly newPrompts: SubscriptionLoop;
  private readonly passes = new Set<Promise<DayOutcome>>();

  constructor(options: RunSchedulerOptions) {
    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    const clock = options.clock ?? options.context.clock;
    const logger = options.context.logger.child({ component: 'scheduler' });
    this.runs = new ScheduledRuns({
      context: options.context,
      engines: options.engines,
      prompts: options.prompts,
      clock,
      random: options.random ?? Math.random,
      policy: limits,
      engineLimits: options.engineLimits ?? {},
      defaultEngineLimit: DEFAULT_ENGINE_LIMIT,
      replanMs: limits.tickMs,
      logger,
    });
    this.runner = new LeasedJobRunner(options.context.documentStore, [this.runs], {
      owner: options.owner,
      logger,
      clock,
      concurrency: limits.concurrency,
      leaseMs: limits.callTimeoutMs + limits.leaseMarginMs,
      pollMs: limits.tickMs,
    });
    const { promptsAt = async () => undefined } = options;
    this.newPrompts = newPromptsLoop(options.context, logger, async (position) => {
      // The plan reads the prompts from a read model: it must hold the new ones first.
      await promptsAt(position);
      this.runs.replanNow();
      this.runner.wakeUp();
    });
  }

  /** Runs today's plan now, and today's plan again every `tickMs`, until stop(). */
  start(): void {
    this.runs.followToday();
    this.runner.start();
    this.newPrompts.start();
  }

  /** Aborts the calls in flight (their jobs are released unrecorded) and resolves once every pass has ended. */
  async stop(): Promise<void> {
    await this.newPrompts.stop();
    await this.runner.stop();
    await Promise.allSettled(this.passes);
  }

  /** One pass over a day's plan, for a scheduler not started; resolves with what became of each job. */
  runDay(day: string): Promise<DayOutcome> {
    const pass = this.pass(day);
    this.passes.add(pass);
    const forget = () => this.passes.delete(pass);
    pass.then(forget, forget);
    return pass;
  }

  private async pass(day: string): Promise<DayOutcome> {
    const pass = await this.runs.planFor(day);
    await this.runner.drain();
    this.runs.logPass(pass);
    return pass.outcome();
  }
}
