import type { DocumentStore } from '../../ports/documentStore.js';
import { SqliteDocumentStore } from './sqliteDocumentStore.js';

export interface DocumentStoreConfig {
  /** Directory of the embedded store's `readmodels.sqlite`. */
  dataDir: string;
  /** When set, read models live on this MongoDB server instead. */
  mongodbUrl?: string | undefined;
}

export async function createDocumentStore(config: DocumentStoreConfig): Promise<DocumentStore> {
  if (config.mongodbUrl) {
    // Loaded only when configured, so the embedded default does not pay for the driver at startup.
    const { MongoDocumentStore } = await import('./mongoDocumentStore.js');
    return MongoDocumentStore.connect(config.mongodbUrl);
  }
  return SqliteDocumentStore.open(config.dataDir);
}
