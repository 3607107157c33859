/**
 * Dashboard sessions. A session is known only by the SHA-256 of its id: the id itself
 * lives in the browser's cookie and nowhere else. Every `serve` process on one data dir shares the store.
 */
export interface StoredSession {
  /** SHA-256 (hex) of the session id. */
  idHash: string;
  userId: string;
  createdDate: string;
  /** When the session was last used (written at most once a minute); it ends 12 h after. */
  lastSeenDate: string;
}

export interface SessionStore {
  create(session: StoredSession): Promise<void>;
  find(idHash: string): Promise<StoredSession | null>;
  /** Moves `lastSeenDate` forward (never back). */
  touch(idHash: string, lastSeenDate: string): Promise<void>;
  delete(idHash: string): Promise<void>;
  /** Deletes every session last seen before `cutoff`. */
  deleteIdleSince(cutoff: string): Promise<void>;
}
