import type { Logger } from 'pino';
import type { AppContext } from './app/context.js';
import { ApiRequestCounters } from './app/quota.js';
import type { Services } from './app/services.js';
import type { Config } from './config.js';
import { createDocumentStore } from './infra/documentStore/index.js';
import { createEventStore } from './infra/eventStore/index.js';
import { allProjections } from './projections/index.js';
import { ProjectionRunner } from './projections/runner/projectionRunner.js';
import { ReadModels } from './projections/runner/readModels.js';

/** The composition root: the one place that turns configuration into adapters. */
export interface Composition {
  context: AppContext;
  storeKinds: { events: string; readModels: string };
  createProjectionRunner(): ProjectionRunner;
  /** Query-side services whose writes wait for `runner` before answering (read-your-writes). */
  createServices(runner: ProjectionRunner): Services;
  close(): Promise<void>;
}

export async function compose(config: Config, logger: Logger): Promise<Composition> {
  const eventStore = await createEventStore({ dataDir: config.dataDir, eventStoreUrl: config.eventStoreUrl });
  const documentStore = await createDocumentStore({ dataDir: config.dataDir, mongodbUrl: config.mongodbUrl });
  const context: AppContext = { eventStore, documentStore, logger, now: () => new Date() };
  const readModels = new ReadModels(documentStore);
  const apiRequestCounters = new ApiRequestCounters(documentStore);
  return {
    context,
    storeKinds: {
      events: config.eventStoreUrl ? 'eventstoredb' : 'embedded-sqlite',
      readModels: config.mongodbUrl ? 'mongodb' : 'embedded-sqlite',
    },
    createProjectionRunner: () => new ProjectionRunner(eventStore, documentStore, allProjections, { logger }),
    createServices: (runner) => ({
      context,
      readModels,
      apiRequestCounters,
      readYourWrites: (position) => (position === null ? Promise.resolve() : runner.waitFor(position)),
    }),
    async close() {
      await eventStore.close();
      await documentStore.close();
    },
  };
}
