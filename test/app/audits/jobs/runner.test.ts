import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { JOB_LEASES_COLLECTION as AUDIT_JOB_LEASES, LeasedJobRunner, type Job, type JobKind, type JobRunnerOptions, type WaitingQuery } from '../../../../src/background/leasedJobRunner.js';
import { systemClock } from '../../../../src/background/clock.js';
import { createDocumentStore } from '../../../../src/infra/documentStore/index.js';
import type { DocumentStore } from '../../../../src/ports/documentStore.js';

/**
 * A job kind over a list held here, each job of a team of its own. Like the real kinds it records one outcome per
 * job and does nothing for a job already done; its "read model" never drops finished jobs, as a read model that
 * lags does not.
 */
class ListedJobs implements JobKind {
  readonly name = 'listed';
  readonly runs: Array<{ id: string; attempt: number; by: string }> = [];
  readonly outcomes = new Map<string, string>();
  private listed: string[];

  constructor(
    ids: string[],
    private readonly work: (id: string) => Promise<void> = async () => undefined,
  ) {
    this.listed = [...ids];
  }

  async waiting({ limit, ids, excluding }: WaitingQuery): Promise<Job[]> {
    return this.listed
      .filter((id) => (!ids || ids.includes(id)) && !excluding.includes(id))
      .slice(0, limit)
      .map((id) => ({ _id: id, teamId: `team of ${id}` }));
  }

  /** A job appears in the read model. */
  add(id: string): void {
    this.listed.push(id);
  }

  runner(by: string): (job: Job, attempt: number) => Promise<void> {
    return async ({ _id }, attempt) => {
      if (this.outcomes.has(_id)) return;
      this.runs.push({ id: _id, attempt, by });
      await this.work(_id);
      if (!this.outcomes.has(_id)) this.outcomes.set(_id, `completed by ${by}`);
    };
  }

  run(job: Job, attempt: number): Promise<void> {
    return this.runner('?')(job, attempt);
  }

  async abandon({ _id }: Job, reason: string): Promise<void> {
    if (!this.outcomes.has(_id)) this.outcomes.set(_id, `failed: ${reason}`);
  }
}

/** The same list seen by one named worker, so runs say who ran them. */
const seenBy = (jobs: ListedJobs, by: string): JobKind => ({
  name: jobs.name,
  waiting: (query) => jobs.waiting(query),
  run: jobs.runner(by),
  abandon: (job, reason) => jobs.abandon(job, reason),
});

let dataDir: string;
let documentStore: DocumentStore;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-jobs-'));
  documentStore = await createDocumentStore({ dataDir, mongodbUrl: undefined });
});
afterEach(async () => {
  await documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});

const runnerFor = (kind: JobKind, options: Partial<JobRunnerOptions> & { owner: string }) =>
  new LeasedJobRunner(documentStore, [kind], { logger: pino({ level: 'silent' }), pollMs: 5, ...options });

describe('the leased job runner', () => {
  test('runs every waiting job once', async () => {
    const jobs = new ListedJobs(['a', 'b', 'c', 'd', 'e', 'f']);
    await runnerFor(seenBy(jobs, 'one'), { owner: 'one', concurrency: 2 }).drain();
    expect(jobs.runs.map(({ id }) => id).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect([...jobs.outcomes.values()]).toEqual(Array(6).fill('completed by one'));
  });

  test('never runs more jobs at once than its concurrency', async () => {
    let running = 0;
    let most = 0;
    const jobs = new ListedJobs(['a', 'b', 'c', 'd', 'e'], async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
    });
    await runnerFor(seenBy(jobs, 'one'), { owner: 'one', concurrency: 2 }).drain();
    expect(most).toBe(2);
    expect(jobs.outcomes.size).toBe(5);
  });

  test('two runners draining the same jobs at once never run one twice', async () => {
    const ids = Array.from({ length: 12 }, (_, index) => `job${index}`);
    const jobs = new ListedJobs(ids, () => new Promise((resolve) => setTimeout(resolve, 5)));
    await Promise.all([runnerFor(seenBy(jobs, 'one'), { owner: 'one' }).drain(), runnerFor(seenBy(jobs, 'two'), { owner: 'two' }).drain()]);
    expect(jobs.runs.map(({ id }) => id).sort()).toEqual([...ids].sort());
    expect(jobs.outcomes.size).toBe(12);
  });

  test('a job listed again before the read model catches up is not run again', async () => {
    const jobs = new ListedJobs(['a']);
    const runner = runnerFor(seenBy(jobs, 'one'), { owner: 'one' });
    await runner.drain();
    await runnerFor(seenBy(jobs, 'two'), { owner: 'two' }).drain();
    expect(jobs.runs).toEqual([{ id: 'a', attempt: 1, by: 'one' }]);
  });

  test('a live lease of another worker is left alone; once it has expired the job is taken over as the next attempt', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const jobs = new ListedJobs(['a'], () => released);
    const holder = runnerFor(seenBy(jobs, 'holder'), { owner: 'holder', leaseMs: 60_000 });
    const holding = holder.drain();
    while (jobs.runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    await runnerFor(seenBy(jobs, 'neighbour'), { owner: 'neighbour' }).drain();
    expect(jobs.runs.map(({ by }) => by)).toEqual(['holder']);

    // A worker whose clock is past the holder's lease sees it expired, as one does after the holder died.
    const later = runnerFor(seenBy(jobs, 'later'), { owner: 'later', clock: { ...systemClock, now: () => new Date(Date.now() + 120_000) } });
    const takingOver = later.drain();
    while (jobs.runs.length === 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(jobs.runs).toEqual([{ id: 'a', attempt: 1, by: 'holder' }, { id: 'a', attempt: 2, by: 'later' }]);
    release();
    await Promise.all([holding, takingOver]);
    expect(jobs.outcomes.size).toBe(1);
  });

  test('a job whose workers died holding it more than maxAttempts times is abandoned as failed', async () => {
    const jobs = new ListedJobs(['poison']);
    const expired = new Date(Date.now() - 1_000).toISOString();
    await documentStore.collection(AUDIT_JOB_LEASES).insertOne({ _id: 'listed:poison', owner: 'dead', expires: expired, attempts: 3 });
    await runnerFor(seenBy(jobs, 'one'), { owner: 'one', maxAttempts: 3 }).drain();
    expect(jobs.runs).toEqual([]);
    expect(jobs.outcomes.get('poison')).toBe('failed: its worker stopped 3 times while running it');
  });

  test('a job whose run threw stays waiting, its lease released, and is tried again after a pause', async () => {
    let failures = 1;
    const jobs = new ListedJobs(['a'], async () => {
      if (failures-- > 0) throw new Error('store unavailable');
    });
    const runner = runnerFor(seenBy(jobs, 'one'), { owner: 'one', retryDelayMs: 50 });
    await runner.drain();
    expect(jobs.outcomes.size).toBe(0);
    expect(await documentStore.collection(AUDIT_JOB_LEASES).countDocuments({})).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await runner.drain();
    expect(jobs.outcomes.get('a')).toBe('completed by one');
    expect(jobs.runs.map(({ attempt }) => attempt)).toEqual([1, 1]);
  });

  test('started, it picks up jobs as they appear; stop waits for the job under way', async () => {
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const jobs = new ListedJobs([], () => finished);
    const runner = runnerFor(seenBy(jobs, 'one'), { owner: 'one' });
    runner.start();
    jobs.add('late');
    while (jobs.runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const stopped = runner.stop();
    finish();
    await stopped;
    expect(jobs.outcomes.get('late')).toBe('completed by one');
  });
});
