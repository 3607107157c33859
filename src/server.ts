import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { createApiApp } from './api/app.js';
import { seedDemo, type DemoCredentials } from './app/demo.js';
import { createRunScheduler } from './app/scheduler/index.js';
import type { Config } from './config.js';
import { compose } from './compose.js';
import { START } from './ports/eventStore.js';
import { ReportRebuilder } from './projections/reportHistory/rebuilder.js';
import { describeEngines } from './engines/index.js';
import { hostname } from 'node:os';

export interface RunningServer {
  url: string;
  /** Set when this start seeded the demo team (first start on an empty store). */
  demo: DemoCredentials | null;
  close(): Promise<void>;
}

const VERSION = '0.1.0';

/** `geolens serve`: HTTP API, projection runner and, on an empty store, the demo team. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const composition = await compose(config, logger);
  const { context } = composition;
  const emptyStore = (await context.eventStore.headPosition()) === START;
  const demo = config.demo && emptyStore ? await seedDemo(context) : null;
  const runner = composition.createProjectionRunner();
  await runner.start();
  // Report versions opened by detection changes (or by the demo's prompt assignment) fill in the background.
  const rebuilder = new ReportRebuilder(context.eventStore, context.documentStore, { owner: `${hostname()}:${process.pid}`, logger });
  rebuilder.start();
  // The banner's curl example must work the moment it is printed.
  if (demo) await runner.waitFor(await context.eventStore.headPosition());
  const scheduler = createRunScheduler(context, config.engineKeys);
  scheduler.start();

  const app = createApiApp({
    logger,
    services: composition.createServices(runner),
    engines: () => describeEngines(config.engineKeys),
    health: async () => ({
      status: 'ok',
      version: VERSION,
      stores: composition.storeKinds,
      projections: (await runner.status()).map(({ name, version, state, lag }) => ({ name, version, state, lag })),
    }),
  });
  const server = await listen(app, config.port, config.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ host: config.host, port, stores: composition.storeKinds }, 'geolens is listening');
  return {
    url: `http://${config.host}:${port}`,
    demo,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await scheduler.stop();
      await rebuilder.stop();
      await runner.stop();
      await composition.close();
    },
  };
}

function listen(app: ReturnType<typeof createApiApp>, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(server)));
  });
}
