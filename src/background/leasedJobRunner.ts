import type { Logger } from 'pino';
import type { DocumentStore } from '../ports/documentStore.js';
import { systemClock, type Clock } from './clock.js';
import { fairShare, nextFair, teamsAtShare, TeamHoldings } from './fairShare.js';
import { Leases } from './leases.js';

/**
 * Where the runner's leases live. The name predates the background kit (audit jobs were its first kind) and is
 * kept, so that the leases of workers running during an upgrade stay valid.
 */
export const JOB_LEASES_COLLECTION = 'auditJobLeases';

/** A job as its read model lists it. */
export interface Job {
  _id: string;
  /** Whose job it is: the runner shares its slots fairly between teams. */
  teamId: string;
}

/**
 * Jobs waiting for a worker as the read models show them, oldest first: at most `limit`, only `ids` when given,
 * never those in `excluding` (the runner's own jobs under way, or finished before the read models show it), nor
 * those of `excludingTeams` (teams holding their share of the slots, whose jobs would hide other teams' jobs).
 */
export interface WaitingQuery {
  limit: number;
  ids?: readonly string[];
  excluding: readonly string[];
  excludingTeams: readonly string[];
}

/** What a running job sees of its claim. */
export interface JobClaim {
  /** Aborts when the runner stops: a job may end early, unrecorded, for a later claim to run it again. */
  readonly signal: AbortSignal;
  /** Extends the lease by the runner's lease time; false when another worker took it over. */
  renew(): Promise<boolean>;
}

/**
 * One kind of background job. `run` must record the job's outcome in the job's own stream, decided against that
 * stream, and do nothing when the stream says it is done already: that is what makes a job complete once
 * although leases expire, read models lag and workers die.
 */
export interface JobKind<J extends Job = Job> {
  /** Names the kind in leases and logs. */
  readonly name: string;
  waiting(query: WaitingQuery): Promise<J[]>;
  /** `attempt` counts the claims of the job since a worker last released it: 2 and more follow a worker's death. */
  run(job: J, attempt: number, claim: JobClaim): Promise<void>;
  /** Records the job as failed for `reason`: it was interrupted too often to try again. */
  abandon(job: J, reason: string): Promise<void>;
}

export interface JobRunnerOptions {
  /** Names this process in leases. */
  owner: string;
  logger: Logger;
  clock?: Clock;
  /** Jobs run at once by this runner. */
  concurrency?: number;
  /** How long a claim holds without renewal; a dead worker's jobs wait this long for another. */
  leaseMs?: number;
  pollMs?: number;
  /** Claims that may follow a worker's death before the job is abandoned as failed. */
  maxAttempts?: number;
  /** Pause before a job whose run threw (a store failure, not the job's own failure) is tried again. */
  retryDelayMs?: number;
}

/** Only these jobs; what `--wait` of the CLI runs. */
export interface JobSelection {
  kind: string;
  id: string;
}

// Eight slots: a team holds at most half of them (four, what one team alone had before shares were fair).
const DEFAULTS = { concurrency: 8, leaseMs: 30_000, pollMs: 500, maxAttempts: 3, retryDelayMs: 5_000 };

/**
 * Runs the jobs of several kinds from their read models, each under a lease in the document store, renewed
 * while it runs and released after. A worker killed mid-job leaves its lease to expire; the next claim (by
 * another worker or the restarted one) runs the job again, and the job's stream lets only one outcome in.
 * No team holds more than half the slots (`fairShare`), whatever kinds its jobs are of, and a free slot goes to
 * the waiting team holding fewest.
 */
export class LeasedJobRunner {
  private readonly settings: typeof DEFAULTS;
  private readonly leases: Leases;
  private readonly clock: Clock;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly holdings = new TeamHoldings();
  private readonly share: number;
  /** Jobs this runner finished, until the read models stop listing them as waiting. */
  private readonly finished = new Map<string, number>();
  private readonly retryAt = new Map<string, number>();
  private loop: Promise<void> | null = null;
  private stopping = false;
  /** Aborted by stop(): ends the pause between polls, so stop() need not wait it out, and signals the jobs running. */
  private halt = new AbortController();
  /**
   * A job that ends while jobs were held back (every slot taken, or their team at its share) ends the pause too:
   * jobs left waiting need not wait a whole poll.
   */
  private wake = new AbortController();
  private heldBack = false;

  constructor(
    documentStore: DocumentStore,
    private readonly kinds: readonly JobKind[],
    private readonly options: JobRunnerOptions,
  ) {
    this.settings = {
      concurrency: options.concurrency ?? DEFAULTS.concurrency,
      leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
      pollMs: options.pollMs ?? DEFAULTS.pollMs,
      maxAttempts: options.maxAttempts ?? DEFAULTS.maxAttempts,
      retryDelayMs: options.retryDelayMs ?? DEFAULTS.retryDelayMs,
    };
    this.share = fairShare(this.settings.concurrency);
    this.clock = options.clock ?? systemClock;
    this.leases = new Leases(documentStore, JOB_LEASES_COLLECTION, options.owner, this.clock);
  }

  start(): void {
    this.stopping = false;
    if (this.halt.signal.aborted) this.halt = new AbortController();
    this.loop ??= this.pollLoop();
  }

  /** Stops claiming, and resolves once the jobs running have finished. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.halt.abort(new Error('job runner stopped'));
    await this.loop;
    this.loop = null;
    await Promise.allSettled(this.inFlight.values());
  }

  /** Looks for waiting jobs now instead of at the next poll (new work was announced). */
  wakeUp(): void {
    this.wake.abort();
  }

  /** Runs waiting jobs (only `selection`, when given) in this process until none is left that it could claim. */
  async drain(selection?: JobSelection): Promise<void> {
    for (;;) {
      const started = await this.claimWaiting(selection);
      if (started === 0 && this.inFlight.size === 0) return;
      if (this.inFlight.size > 0) await Promise.race(this.inFlight.values());
    }
  }

  private async pollLoop(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.claimWaiting();
      } catch (error) {
        this.options.logger.error({ err: error }, 'looking for waiting jobs failed; retrying');
      }
      await this.clock.sleep(this.settings.pollMs, AbortSignal.any([this.halt.signal, this.wake.signal])).catch(() => undefined);
      if (this.wake.signal.aborted) this.wake = new AbortController();
    }
  }

  /** Claims and starts waiting jobs while slots are free; answers how many it started. */
  private async claimWaiting(selection?: JobSelection): Promise<number> {
    this.forgetOld();
    this.heldBack = false;
    let started = 0;
    for (const kind of this.kinds) {
      if (selection && selection.kind !== kind.name) continue;
      // Asked again when a team reached its share: its jobs, listed first, may have hidden other teams' jobs.
      for (let asking = true; asking && this.free() > 0 && !this.stopping; ) {
        const limit = this.settings.concurrency * 4;
        const excludingTeams = teamsAtShare(this.holdings.view, this.share);
        this.heldBack ||= excludingTeams.length > 0;
        const jobs = await kind.waiting({ limit, excluding: this.excludedIds(kind), excludingTeams, ...(selection ? { ids: [selection.id] } : {}) });
        const claimed = await this.claimFairly(kind, jobs);
        started += claimed.started;
        asking = claimed.teamReachedShare && jobs.length >= limit;
      }
    }
    this.heldBack ||= this.free() <= 0;
    return started;
  }

  private free(): number {
    return this.settings.concurrency - this.inFlight.size;
  }

  /** This kind's jobs not to list: under way here, finished before the read models show it, or pausing after a failure. */
  private excludedIds(kind: JobKind): string[] {
    const prefix = `${kind.name}:`;
    return [...this.inFlight.keys(), ...this.finished.keys(), ...this.retryAt.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  }

  /** Starts jobs of `listed` in `nextFair` order while slots are free; beyond those, the list has room for jobs other workers hold. */
  private async claimFairly(kind: JobKind, listed: readonly Job[]): Promise<{ started: number; teamReachedShare: boolean }> {
    const waiting = [...listed];
    let started = 0;
    let teamReachedShare = false;
    while (this.free() > 0 && !this.stopping) {
      const index = nextFair(waiting, (job) => job.teamId, this.holdings.view, this.share);
      if (index < 0) {
        this.heldBack ||= waiting.length > 0;
        break;
      }
      const job = waiting.splice(index, 1)[0] as Job;
      const key = `${kind.name}:${job._id}`;
      const attempt = await this.leases.tryAcquire(key, this.settings.leaseMs);
      if (attempt === null) continue;
      this.holdings.take(job.teamId);
      const running = this.execute(kind, job, key, attempt).finally(() => {
        this.inFlight.delete(key);
        this.holdings.giveBack(job.teamId);
      });
      this.inFlight.set(key, running);
      started += 1;
      teamReachedShare ||= (this.holdings.view.get(job.teamId) ?? 0) >= this.share;
    }
    return { started, teamReachedShare };
  }

  private async execute(kind: JobKind, job: Job, key: string, attempt: number): Promise<void> {
    const { leaseMs, maxAttempts, retryDelayMs } = this.settings;
    const log = this.options.logger.child({ job: key, attempt });
    const claim: JobClaim = { signal: this.halt.signal, renew: () => this.leases.renew(key, leaseMs) };
    const renewal = setInterval(() => {
      claim.renew().then(
        (held) => held || log.warn('lease lost to another worker; its outcome will be the only one recorded'),
        (error: unknown) => log.warn({ err: error }, 'renewing a lease failed'),
      );
    }, leaseMs / 3);
    try {
      if (attempt > maxAttempts) await kind.abandon(job, `its worker stopped ${attempt - 1} times while running it`);
      else await kind.run(job, attempt, claim);
      this.finished.set(key, this.clock.now().getTime());
    } catch (error) {
      log.error({ err: error }, 'job could not be recorded; it stays waiting');
      this.retryAt.set(key, this.clock.now().getTime() + retryDelayMs);
    } finally {
      clearInterval(renewal);
      await this.leases.release(key).catch((error: unknown) => log.warn({ err: error }, 'releasing a lease failed'));
      if (this.heldBack) this.wake.abort();
    }
  }

  /** Finished jobs leave the waiting lists once the read models apply their outcome, well within a lease. */
  private forgetOld(): void {
    const now = this.clock.now().getTime();
    for (const [key, at] of this.finished) if (at < now - this.settings.leaseMs) this.finished.delete(key);
    for (const [key, at] of this.retryAt) if (at < now) this.retryAt.delete(key);
  }
}
