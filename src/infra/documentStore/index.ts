import type { DocumentStore } from '../../ports/documentStore.js';
import { SqliteDocumentStore, USAGE_FILE } from './sqliteDocumentStore.js';

export interface DocumentStoreConfig {
  /** Directory of the embedded store's `readmodels.sqlite`. */
  dataDir: string;
  /** When set, read models live on this MongoDB server instead. */
  mongodbUrl?: string | undefined;
  /** When set, read models live on this PostgreSQL database instead. */
  databaseUrl?: string | undefined;
}

/** True when the read models live on a server, which then also keeps the usage counters and sessions. */
export const readModelsOnServer = (config: DocumentStoreConfig): boolean => Boolean(config.mongodbUrl ?? config.databaseUrl);

/**
 * The store of the usage counters, which every request writes: on the embedded default a file of its own whose
 * commits do not wait for an fsync (a kill loses nothing; a power loss may forget the last requests counted,
 * which favours the customer), so metering a request costs microseconds, still exact across processes because
 * each count is a SQLite transaction. On MongoDB or PostgreSQL, the read models' database.
 */
export async function createUsageStore(config: DocumentStoreConfig, readModels: DocumentStore): Promise<DocumentStore> {
  if (readModelsOnServer(config)) return readModels;
  return SqliteDocumentStore.open(config.dataDir, { file: USAGE_FILE, durability: 'normal' });
}

export async function createDocumentStore(config: DocumentStoreConfig): Promise<DocumentStore> {
  if (config.databaseUrl) {
    const { PostgresDocumentStore } = await import('./postgresDocumentStore.js');
    return PostgresDocumentStore.connect(config.databaseUrl);
  }
  if (config.mongodbUrl) {
    // Loaded only when configured, so the embedded default does not pay for the driver at startup.
    const { MongoDocumentStore } = await import('./mongoDocumentStore.js');
    return MongoDocumentStore.connect(config.mongodbUrl);
  }
  return SqliteDocumentStore.open(config.dataDir);
}
