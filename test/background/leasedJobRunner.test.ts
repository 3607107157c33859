import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { JOB_LEASES_COLLECTION, LeasedJobRunner, type Job, type JobClaim, type JobKind, type JobRunnerOptions } from '../../src/background/leasedJobRunner.js';
import type { LeaseDoc } from '../../src/background/leases.js';
import { SqliteDocumentStore } from '../../src/infra/documentStore/sqliteDocumentStore.js';

/**
 * Jobs `ids` as a kind whose run is `work`, of the team `teamOf` names (by default each of a team of its own);
 * finished jobs leave the list, as a read model shows them.
 */
function kindOf(ids: string[], work: (job: Job, claim: JobClaim) => Promise<void>, teamOf = (id: string) => `team of ${id}`): JobKind & { done: string[] } {
  const done: string[] = [];
  return {
    name: 'test',
    done,
    waiting: async ({ limit, excluding, excludingTeams }) =>
      ids
        .filter((id) => !done.includes(id) && !excluding.includes(id) && !excludingTeams.includes(teamOf(id)))
        .slice(0, limit)
        .map((id) => ({ _id: id, teamId: teamOf(id) })),
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

/** Jobs held until the test lets them go (one, or all from then on): which run now, and the most at once. */
function heldWork(): { running: Set<string>; most: () => number; work: (job: Job) => Promise<void>; release: (id: string) => void; releaseAll: () => void } {
  const running = new Set<string>();
  const releases = new Map<string, () => void>();
  let most = 0;
  let holding = true;
  return {
    running,
    most: () => most,
    work: (job) =>
      new Promise<void>((resolve) => {
        running.add(job._id);
        most = Math.max(most, running.size);
        const release = () => {
          running.delete(job._id);
          resolve();
        };
        if (holding) releases.set(job._id, release);
        else release();
      }),
    release: (id) => releases.get(id)?.(),
    releaseAll: () => {
      holding = false;
      [...releases.values()].forEach((release) => release());
    },
  };
}

/** The team is the id's letter: `b3` is team b's. */
const teamByLetter = (id: string) => `team ${id[0]}`;

describe('fair shares of the slots', () => {
  test('a team alone holds at most half the slots', async () => {
    const held = heldWork();
    const kind = kindOf(['b1', 'b2', 'b3', 'b4', 'b5', 'b6'], held.work, teamByLetter);
    // A one-minute poll: a job ending while its team was at its share starts the team's next one at once.
    const runner = runnerFor(kind, { concurrency: 4, pollMs: 60_000 });
    runner.start();
    await eventually(() => held.running.size === 2, 'two of team b’s jobs started');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...held.running].sort()).toEqual(['b1', 'b2']);
    held.release('b1');
    await eventually(() => held.running.has('b3'), 'the next of team b’s jobs took the freed slot');
    held.releaseAll();
    await eventually(() => kind.done.length === 6, 'every job ran');
    await runner.stop();
    expect(held.most()).toBe(2);
  });

  test('a team at its share leaves the other slots to another team, even when its own waiting jobs fill every list', async () => {
    const held = heldWork();
    const teamB = Array.from({ length: 40 }, (_, index) => `b${index}`);
    const kind = kindOf([...teamB, 'a1'], held.work, teamByLetter);
    const runner = runnerFor(kind, { concurrency: 4, pollMs: 60_000 });
    runner.start();
    await eventually(() => held.running.has('a1'), 'team a’s job started');
    expect([...held.running].sort()).toEqual(['a1', 'b0', 'b1']);
    held.releaseAll();
    await runner.stop();
  });

  test('a free slot goes to the team holding fewest, before older jobs of teams holding more', async () => {
    const held = heldWork();
    const kind = kindOf(['b1', 'b2', 'c1', 'c2', 'd1'], held.work, teamByLetter);
    const runner = runnerFor(kind, { concurrency: 4, pollMs: 10 });
    runner.start();
    await eventually(() => held.running.size === 4, 'four jobs started');
    expect([...held.running].sort()).toEqual(['b1', 'b2', 'c1', 'd1']);
    held.releaseAll();
    await eventually(() => kind.done.length === 5, 'every job ran');
    await runner.stop();
  });
});
