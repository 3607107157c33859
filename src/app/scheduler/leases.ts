import { DuplicateKeyError, type Collection, type Doc, type DocumentStore } from '../../ports/documentStore.js';
import type { SchedulerClock } from './clock.js';

/** Not a read model: leases are written by workers directly and mean nothing to a replay. */
export const JOB_LEASES_COLLECTION = 'schedulerLeases';

export interface JobLeaseDoc extends Doc {
  owner: string;
  /** ISO timestamp; past it, another worker may take the job over. */
  expires: string;
}

/**
 * Who is calling an engine for which run, so two workers (or two processes) never call it for the same run at
 * once. The lease lives only while a worker holds the job; the recorded run stream is what marks it done, so
 * the holder records before it releases, and a worker that claims a job checks the stream again.
 * Expiry compares the workers' clocks: they are assumed to agree within a small part of a lease.
 */
export class JobLeases {
  private readonly leases: Collection<JobLeaseDoc>;

  constructor(
    documentStore: DocumentStore,
    private readonly owner: string,
    private readonly clock: SchedulerClock,
  ) {
    this.leases = documentStore.collection<JobLeaseDoc>(JOB_LEASES_COLLECTION);
  }

  /** True when this worker now holds the job: nobody held it, or the holder's lease had expired. */
  async claim(runId: string, durationMs: number): Promise<boolean> {
    const expires = this.expiry(durationMs);
    try {
      await this.leases.insertOne({ _id: runId, owner: this.owner, expires });
      return true;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    const takenOver = await this.leases.findOneAndUpdate(
      { _id: runId, expires: { $lte: this.clock.now().toISOString() } },
      { $set: { owner: this.owner, expires } },
    );
    return takenOver !== null;
  }

  /** Extends the lease to `durationMs` from now; false when it was lost (expired and taken over). */
  async extend(runId: string, durationMs: number): Promise<boolean> {
    const result = await this.leases.updateOne({ _id: runId, owner: this.owner }, { $set: { expires: this.expiry(durationMs) } });
    return result.matchedCount === 1;
  }

  async release(runId: string): Promise<void> {
    await this.leases.deleteOne({ _id: runId, owner: this.owner });
  }

  private expiry(durationMs: number): string {
    return new Date(this.clock.now().getTime() + durationMs).toISOString();
  }
}
