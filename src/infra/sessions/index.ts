import type { DocumentStore } from '../../ports/documentStore.js';
import type { SessionStore } from '../../ports/sessionStore.js';
import type { SignInFailures } from '../../ports/signInFailures.js';
import { readModelsOnServer, type DocumentStoreConfig } from '../documentStore/index.js';
import { SqliteDocumentStore } from '../documentStore/sqliteDocumentStore.js';
import { DocumentSessionStore, DocumentSignInFailures } from './documentSessionStore.js';

/** Dashboard sessions and sign-in failures: written only at sign-in, sign-out and once a minute per session. */
export const SESSIONS_FILE = 'sessions.sqlite';

export interface SessionStores {
  sessions: SessionStore;
  signInFailures: SignInFailures;
  close(): Promise<void>;
}

/**
 * On the embedded default a SQLite file of its own in DATA_DIR, shared by every process on it (a signed-out
 * session must stay dead after a power loss, so commits wait for their fsync); on MongoDB or PostgreSQL, the read models'
 * database. Neither is derived from events, so no rebuild touches them.
 */
export async function createSessionStores(config: DocumentStoreConfig, readModels: DocumentStore): Promise<SessionStores> {
  const store = readModelsOnServer(config) ? readModels : await SqliteDocumentStore.open(config.dataDir, { file: SESSIONS_FILE });
  return {
    sessions: await DocumentSessionStore.on(store),
    signInFailures: await DocumentSignInFailures.on(store),
    close: async () => {
      if (store !== readModels) await store.close();
    },
  };
}
