import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { Leases, type LeaseDoc } from '../../src/background/leases.js';
import type { DocumentStore } from '../../src/ports/documentStore.js';

const COLLECTION = 'contractLeases';
const LEASE_MS = 30_000;

/**
 * What `Leases` promise on every document store, tried with owners that race and outlive each other. A store
 * joins with one call of this function in its test file.
 */
export function leasesContract(name: string, makeStore: () => Promise<DocumentStore>, cleanup: (store: DocumentStore) => Promise<void>): void {
  describe(`Leases on the ${name} document store`, () => {
    let store: DocumentStore;
    let time: number;
    const clock = { now: () => new Date(time) };
    const owner = (id: string) => new Leases(store, COLLECTION, id, clock);
    const stored = (key: string) => store.collection<LeaseDoc>(COLLECTION).findOne({ _id: key });

    beforeEach(async () => {
      store = await makeStore();
      time = Date.parse('2026-03-10T08:00:00.000Z');
    });

    afterEach(async () => {
      await cleanup(store);
    });

    test('a free key is acquired as attempt 1, and refused to another owner while the lease lives', async () => {
      expect(await owner('a').tryAcquire('job-1', LEASE_MS)).toBe(1);
      time += LEASE_MS - 1;
      expect(await owner('b').tryAcquire('job-1', LEASE_MS)).toBeNull();
      expect(await stored('job-1')).toMatchObject({ owner: 'a', attempts: 1 });
    });

    test('owners racing on free keys: each key goes to exactly one of them', async () => {
      const keys = Array.from({ length: 10 }, (_, index) => `job-${index}`);
      const racers = ['a', 'b', 'c'].map(owner);
      const results = await Promise.all(keys.flatMap((key) => racers.map((leases) => leases.tryAcquire(key, LEASE_MS))));
      for (const [index] of keys.entries()) {
        expect(results.slice(index * 3, index * 3 + 3).filter((attempt) => attempt !== null)).toEqual([1]);
      }
    });

    test('owners racing on an expired lease: exactly one takes it over, as attempt 2', async () => {
      await owner('dead').tryAcquire('job-1', LEASE_MS);
      time += LEASE_MS;
      const results = await Promise.all(['a', 'b', 'c', 'd'].map((id) => owner(id).tryAcquire('job-1', LEASE_MS)));
      expect(results.filter((attempt) => attempt !== null)).toEqual([2]);
    });

    test('an expired lease is handed over; the former holder can neither renew nor release it', async () => {
      const first = owner('a');
      const second = owner('b');
      await first.tryAcquire('job-1', LEASE_MS);
      time += LEASE_MS;
      expect(await second.tryAcquire('job-1', LEASE_MS)).toBe(2);
      expect(await first.renew('job-1', LEASE_MS)).toBe(false);
      await first.release('job-1');
      expect(await stored('job-1')).toMatchObject({ owner: 'b' });
      expect(await second.renew('job-1', LEASE_MS)).toBe(true);
    });

    test('a renewal by a non-holder is refused and leaves the expiry as it was', async () => {
      await owner('a').tryAcquire('job-1', LEASE_MS);
      const before = await stored('job-1');
      time += 1_000;
      expect(await owner('b').renew('job-1', LEASE_MS)).toBe(false);
      expect(await owner('b').renew('job-never-held', LEASE_MS)).toBe(false);
      expect(await stored('job-1')).toEqual(before);
    });

    test('a renewal by the holder moves the expiry: the lease outlives its first term', async () => {
      const holder = owner('a');
      await holder.tryAcquire('job-1', LEASE_MS);
      time += LEASE_MS - 1_000;
      expect(await holder.renew('job-1', LEASE_MS)).toBe(true);
      time += 2_000;
      expect(await owner('b').tryAcquire('job-1', LEASE_MS)).toBeNull();
    });

    test('a release by a non-holder is ignored; a release by the holder frees the key at once', async () => {
      await owner('a').tryAcquire('job-1', LEASE_MS);
      await owner('b').release('job-1');
      expect(await owner('c').tryAcquire('job-1', LEASE_MS)).toBeNull();
      await owner('a').release('job-1');
      expect(await stored('job-1')).toBeNull();
      expect(await owner('c').tryAcquire('job-1', LEASE_MS)).toBe(1);
    });

    test('a renewal inside a transaction holds only if the transaction commits', async () => {
      const holder = owner('a');
      await holder.tryAcquire('job-1', LEASE_MS);
      const before = await stored('job-1');
      time += 1_000;
      await expect(
        store.withTransaction(async (scope) => {
          expect(await holder.renew('job-1', LEASE_MS, scope)).toBe(true);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await stored('job-1')).toEqual(before);
      expect(await store.withTransaction((scope) => owner('b').renew('job-1', LEASE_MS, scope))).toBe(false);
      expect(await store.withTransaction((scope) => holder.renew('job-1', LEASE_MS, scope))).toBe(true);
      expect((await stored('job-1'))?.expires).toBe(new Date(time + LEASE_MS).toISOString());
    });

    test('attempts count the take-overs since the last release, and start again at 1 after it', async () => {
      const attempts: Array<number | null> = [];
      for (const id of ['a', 'b', 'c']) {
        attempts.push(await owner(id).tryAcquire('job-1', LEASE_MS));
        time += LEASE_MS;
      }
      await owner('c').release('job-1');
      attempts.push(await owner('d').tryAcquire('job-1', LEASE_MS));
      expect(attempts).toEqual([1, 2, 3, 1]);
    });
  });
}
