import type { Logger } from 'pino';
import type { Clock } from '../../background/clock.js';
import type { DocumentStore } from '../../ports/documentStore.js';
import type { EventStore } from '../../ports/eventStore.js';

/** What the application services need; the composition root builds it from configuration. */
export interface AppContext {
  eventStore: EventStore;
  documentStore: DocumentStore;
  logger: Logger;
  /** The composition root's one clock; tests and benchmarks control time through it. */
  clock: Clock;
}

export const nowIso = (context: AppContext): string => context.clock.now().toISOString();
