import type { EventStore } from '../../ports/eventStore.js';
import { SqliteEventStore } from './sqliteEventStore.js';

export interface EventStoreConfig {
  /** Directory of the embedded store's `events.sqlite`. */
  dataDir: string;
  /** EventStoreDB/KurrentDB connection string (from EVENTSTORE_URL); when set, the embedded store is unused. */
  eventStoreUrl?: string | undefined;
  /** PostgreSQL connection string (from DATABASE_URL); when set, the embedded store is unused. */
  databaseUrl?: string | undefined;
}

export async function createEventStore({ dataDir, eventStoreUrl, databaseUrl }: EventStoreConfig): Promise<EventStore> {
  if (databaseUrl) {
    const { PostgresEventStore } = await import('./postgresEventStore.js');
    return PostgresEventStore.connect(databaseUrl);
  }
  if (!eventStoreUrl) return new SqliteEventStore(dataDir);
  // Loaded only when configured: the gRPC client is heavy and the embedded default never needs it.
  const { EventStoreDbEventStore } = await import('./eventStoreDbEventStore.js');
  return EventStoreDbEventStore.connect(eventStoreUrl);
}

export { SqliteEventStore } from './sqliteEventStore.js';
