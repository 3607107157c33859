import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { JOB_LEASES_COLLECTION, LeasedJobRunner, type Job, type JobClaim, type JobKind, type JobRunnerOptions } from '../../src/background/leasedJobRunner.js';
import type { LeaseDoc } from '../../src/background/leases.js';
import { SqliteDocumentStore } from '../../src/infra/documentStore/sqliteDocumentStore.js';

/** Jobs `ids` as a kind whose run is `work`; finished jobs leave the list, as a read model shows them. */
function kindOf(ids: string[], work: (job: Job, claim: JobClaim) => Promise<void>): JobKind & { done: string[] } {
  const done: string[] = [];
  return {
    name: 'test',
    done,
    waiting: async ({ limit, excluding }) =>
      ids
        .filter((id) => !done.includes(id) && !excluding.includes(id))
        .slice(0, limit)
        .map((id) => ({ _id: id })),
    run: async (job, _attempt, claim) => {
      await work(job, claim);
      done.push(job._id);
    },
    abandon: async () => undefined,
  };
}

let dataDir: string;
let documentStore: SqliteDocumentStore;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-job-runner-'));
  documentStore = await SqliteDocumentStore.open(dataDir);
});
afterEach(async () => {
  await documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});

const runnerFor = (kind: JobKind, options: Partial<JobRunnerOptions> = {}) =>
  new LeasedJobRunner(documentStore, [kind], { owner: 'worker-a', logger: pino({ level: 'silent' }), ...options });

const eventually = async (condition: () => boolean, what: string): Promise<void> => {
  for (const deadline = Date.now() + 5_000; !condition(); await new Promise((resolve) => setTimeout(resolve, 5))) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
  }
};

describe('the claim a job runs under', () => {
  test('stop() aborts the signal of the jobs running, and resolves once they have ended', async () => {
    const seen: AbortSignal[] = [];
    const kind = kindOf(['one', 'two'], (_job, claim) => {
      seen.push(claim.signal);
      return new Promise((resolve) => claim.signal.addEventListener('abort', () => resolve(), { once: true }));
    });
    const runner = runnerFor(kind);
    runner.start();
    await eventually(() => seen.length === 2, 'both jobs started');
    await runner.stop();

    expect(seen.map((signal) => signal.aborted)).toEqual([true, true]);
    expect(kind.done.sort()).toEqual(['one', 'two']);
  });

  test('renew() answers true while the lease holds and false once another worker has taken it over', async () => {
    const answers: boolean[] = [];
    const kind = kindOf(['one'], async (_job, claim) => {
      answers.push(await claim.renew());
      await documentStore.collection<LeaseDoc>(JOB_LEASES_COLLECTION).updateOne({ _id: 'test:one' }, { $set: { owner: 'worker-b' } });
      answers.push(await claim.renew());
    });
    await runnerFor(kind).drain();

    expect(answers).toEqual([true, false]);
  });
});

describe('polling', () => {
  test('a job that ends while every slot was taken starts the next waiting job without waiting for the next poll', async () => {
    const kind = kindOf(['one', 'two', 'three'], async () => undefined);
    const runner = runnerFor(kind, { concurrency: 1, pollMs: 60_000 });
    runner.start();
    await eventually(() => kind.done.length === 3, 'the three jobs ran, one after another, within seconds of a one-minute poll');
    await runner.stop();

    expect(kind.done).toEqual(['one', 'two', 'three']);
  });
});
