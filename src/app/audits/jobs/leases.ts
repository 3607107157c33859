import { DuplicateKeyError, type Collection, type Doc, type DocumentStore } from '../../../ports/documentStore.js';

/** Not a read model: leases are written by workers directly and mean nothing to a replay. */
export const AUDIT_JOB_LEASES = 'auditJobLeases';

interface JobLeaseDoc extends Doc {
  owner: string;
  /** ISO timestamp; past it, another worker may take the job over. */
  expires: string;
  /** Claims since the job was last released: more than one means its earlier holders died holding it. */
  attempts: number;
}

/**
 * Who runs which GEO audit job, so that two workers (or two processes) never run one at once, and a worker
 * that dies (SIGKILL) leaves a lease that expires for another to take over. The lease lives only while a
 * worker holds the job; the job's own stream says whether it is done. Expiry compares the workers' clocks,
 * assumed to agree within a small part of a lease.
 */
export class JobLeases {
  private readonly leases: Collection<JobLeaseDoc>;

  constructor(
    documentStore: DocumentStore,
    private readonly owner: string,
    private readonly now: () => Date,
  ) {
    this.leases = documentStore.collection<JobLeaseDoc>(AUDIT_JOB_LEASES);
  }

  /** The attempt this claim starts (1 for a job nobody held), or null when a live lease of another worker holds it. */
  async claim(jobKey: string, durationMs: number): Promise<number | null> {
    const expires = this.expiry(durationMs);
    try {
      await this.leases.insertOne({ _id: jobKey, owner: this.owner, expires, attempts: 1 });
      return 1;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    const takenOver = await this.leases.findOneAndUpdate(
      { _id: jobKey, expires: { $lte: this.now().toISOString() } },
      { $set: { owner: this.owner, expires }, $inc: { attempts: 1 } },
      { returnDocument: 'after' },
    );
    return takenOver?.attempts ?? null;
  }

  /** Extends the lease to `durationMs` from now; false when it was lost (expired and taken over). */
  async renew(jobKey: string, durationMs: number): Promise<boolean> {
    const result = await this.leases.updateOne({ _id: jobKey, owner: this.owner }, { $set: { expires: this.expiry(durationMs) } });
    return result.matchedCount === 1;
  }

  async release(jobKey: string): Promise<void> {
    await this.leases.deleteOne({ _id: jobKey, owner: this.owner });
  }

  private expiry(durationMs: number): string {
    return new Date(this.now().getTime() + durationMs).toISOString();
  }
}
