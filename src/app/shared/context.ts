import type { Logger } from 'pino';
import type { DocumentStore } from '../../ports/documentStore.js';
import type { EventStore } from '../../ports/eventStore.js';

/** What the application services need; the composition root builds it from configuration. */
export interface AppContext {
  eventStore: EventStore;
  documentStore: DocumentStore;
  logger: Logger;
  /** Injected so that tests and benchmarks control time. */
  now: () => Date;
}

export const nowIso = (context: AppContext): string => context.now().toISOString();
