import { DuplicateKeyError, type Collection, type Doc, type DocumentStore, type TransactionScope } from '../ports/documentStore.js';
import type { Clock } from './clock.js';

export interface LeaseDoc extends Doc {
  owner: string;
  /** ISO timestamp; past it, another owner may take the key over. */
  expires: string;
  /** Acquisitions since the key was last released: more than one means earlier holders died holding it. */
  attempts: number;
}

/**
 * Who holds which key (a job, a run), so that two workers or two processes never work on it at once, and a
 * worker that dies (SIGKILL) leaves a lease that expires for another to take over. Built on the DocumentStore
 * port only, so every document store has them. Not a read model: leases are written by workers directly and
 * mean nothing to a replay. Expiry compares the owners' clocks, assumed to agree within a small part of a lease.
 * `renew` and `release` also run inside a transaction, so that work committed under a lease commits only while
 * the lease holds (the renewal is a write, so a concurrent take-over conflicts with it).
 */
export class Leases {
  constructor(
    private readonly documentStore: DocumentStore,
    private readonly collection: string,
    private readonly owner: string,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  /** The attempt this acquisition starts (1 for a key nobody held), or null while another owner's live lease holds it. */
  async tryAcquire(key: string, ms: number): Promise<number | null> {
    const expires = this.expiry(ms);
    try {
      await this.leases().insertOne({ _id: key, owner: this.owner, expires, attempts: 1 });
      return 1;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    const takenOver = await this.leases().findOneAndUpdate(
      { _id: key, expires: { $lte: this.clock.now().toISOString() } },
      { $set: { owner: this.owner, expires }, $inc: { attempts: 1 } },
      { returnDocument: 'after' },
    );
    return takenOver?.attempts ?? null;
  }

  /** Extends this owner's lease to `ms` from now; false when it was lost (expired and taken over, or never held). */
  async renew(key: string, ms: number, scope: TransactionScope = this.documentStore): Promise<boolean> {
    const result = await this.leases(scope).updateOne({ _id: key, owner: this.owner }, { $set: { expires: this.expiry(ms) } });
    return result.matchedCount === 1;
  }

  /** Ends this owner's lease; a lease another owner holds is left alone. */
  async release(key: string, scope: TransactionScope = this.documentStore): Promise<void> {
    await this.leases(scope).deleteOne({ _id: key, owner: this.owner });
  }

  private leases(scope: TransactionScope = this.documentStore): Collection<LeaseDoc> {
    return scope.collection<LeaseDoc>(this.collection);
  }

  private expiry(ms: number): string {
    return new Date(this.clock.now().getTime() + ms).toISOString();
  }
}
