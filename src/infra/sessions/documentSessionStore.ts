import { DuplicateKeyError, type Collection, type Doc, type DocumentStore } from '../../ports/documentStore.js';
import type { SessionStore, StoredSession } from '../../ports/sessionStore.js';
import type { SignInFailureCount, SignInFailures } from '../../ports/signInFailures.js';

export const SESSIONS_COLLECTION = 'sessions';
export const SIGN_IN_FAILURES_COLLECTION = 'signInFailures';

type SessionDoc = Doc & Omit<StoredSession, 'idHash'>;
type FailureDoc = Doc & SignInFailureCount;

/** Sessions as documents keyed by the id's hash, on any document store (the embedded file or MongoDB). */
export class DocumentSessionStore implements SessionStore {
  private constructor(private readonly sessions: Collection<SessionDoc>) {}

  static async on(store: DocumentStore): Promise<DocumentSessionStore> {
    const sessions = store.collection<SessionDoc>(SESSIONS_COLLECTION);
    await sessions.createIndex({ lastSeenDate: 1 });
    return new DocumentSessionStore(sessions);
  }

  async create({ idHash, ...session }: StoredSession): Promise<void> {
    await this.sessions.insertOne({ _id: idHash, ...session });
  }

  async find(idHash: string): Promise<StoredSession | null> {
    const found = await this.sessions.findOne({ _id: idHash });
    if (!found) return null;
    const { _id, userId, createdDate, lastSeenDate } = found;
    return { idHash: _id, userId, createdDate, lastSeenDate };
  }

  async touch(idHash: string, lastSeenDate: string): Promise<void> {
    await this.sessions.updateOne({ _id: idHash, lastSeenDate: { $lt: lastSeenDate } }, { $set: { lastSeenDate } });
  }

  async delete(idHash: string): Promise<void> {
    await this.sessions.deleteOne({ _id: idHash });
  }

  async deleteIdleSince(cutoff: string): Promise<void> {
    await this.sessions.deleteMany({ lastSeenDate: { $lt: cutoff } });
  }
}

/** Failure counts as documents keyed by the throttle key; each change is a compare and set on one document. */
export class DocumentSignInFailures implements SignInFailures {
  private constructor(private readonly failures: Collection<FailureDoc>) {}

  static async on(store: DocumentStore): Promise<DocumentSignInFailures> {
    const failures = store.collection<FailureDoc>(SIGN_IN_FAILURES_COLLECTION);
    await failures.createIndex({ lastFailureDate: 1 });
    return new DocumentSignInFailures(failures);
  }

  async read(key: string): Promise<SignInFailureCount | null> {
    const found = await this.failures.findOne({ _id: key });
    return found && { count: found.count, lastFailureDate: found.lastFailureDate };
  }

  async reserve(key: string, at: string, forgetBefore: string, mayTry: (current: SignInFailureCount | null) => boolean): Promise<SignInFailureCount | null> {
    for (;;) {
      const found = await this.read(key);
      const current = found && found.lastFailureDate > forgetBefore ? found : null;
      if (!mayTry(current)) return current;
      if (await this.replace(key, found, { count: (current?.count ?? 0) + 1, lastFailureDate: found && found.lastFailureDate > at ? found.lastFailureDate : at })) return null;
    }
  }

  /** Writes `next` only if the count is still `found` (compare and set); false when another attempt came first. */
  private async replace(key: string, found: SignInFailureCount | null, next: SignInFailureCount): Promise<boolean> {
    if (found) return (await this.failures.updateOne({ _id: key, ...found }, { $set: next })).matchedCount === 1;
    try {
      await this.failures.insertOne({ _id: key, ...next });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  async clear(key: string): Promise<void> {
    await this.failures.deleteOne({ _id: key });
  }

  async deleteOlderThan(cutoff: string): Promise<void> {
    await this.failures.deleteMany({ lastFailureDate: { $lte: cutoff } });
  }
}
