/**
 * The store selection in one place: DATABASE_URL puts both stores on PostgreSQL,
 * EVENTSTORE_URL and MONGODB_URL each one store on its server, and the embedded SQLite files serve the rest.
 */
import type { DocumentStore } from '../ports/documentStore.js';
import type { EventStore } from '../ports/eventStore.js';
import { createDocumentStore, type DocumentStoreConfig } from './documentStore/index.js';
import { createEventStore, type EventStoreConfig } from './eventStore/index.js';

export type StoreConfig = EventStoreConfig & DocumentStoreConfig;

export interface StoreKinds {
  events: string;
  readModels: string;
}

export function describeStores(config: StoreConfig): StoreKinds {
  if (config.databaseUrl) return { events: 'postgres', readModels: 'postgres' };
  return {
    events: config.eventStoreUrl ? 'eventstoredb' : 'embedded-sqlite',
    readModels: config.mongodbUrl ? 'mongodb' : 'embedded-sqlite',
  };
}

export interface Stores {
  eventStore: EventStore;
  documentStore: DocumentStore;
  close(): Promise<void>;
}

/** The event store and the read-model store a configuration names, opened (and, on PostgreSQL, migrated). */
export async function openStores(config: StoreConfig): Promise<Stores> {
  const eventStore = await createEventStore(config);
  try {
    const documentStore = await createDocumentStore(config);
    return { eventStore, documentStore, close: async () => void (await Promise.all([eventStore.close(), documentStore.close()])) };
  } catch (error) {
    await eventStore.close();
    throw error;
  }
}
