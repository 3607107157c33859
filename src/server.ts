import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { seedDemo, type DemoCredentials } from './app/demo/seedDemo.js';
import type { Config } from './config.js';
import { compose, processOwner } from './compose.js';
import { START } from './ports/eventStore.js';

export interface RunningServer {
  url: string;
  /** Set when this start seeded the demo team (first start on an empty store). */
  demo: DemoCredentials | null;
  close(): Promise<void>;
}

/**
 * `geolens serve`: HTTP API, projection runner, report rebuilder, run scheduler, audit worker and, on an empty
 * store, the demo team.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const composition = await compose(config, logger);
  const { context } = composition;
  const emptyStore = (await context.eventStore.headPosition()) === START;
  const demo = config.demo && emptyStore ? await seedDemo(context) : null;
  const runner = composition.createProjectionRunner();
  await runner.start();
  // Report versions opened by detection changes (or by the demo's prompt assignment) fill in the background.
  const rebuilder = composition.createRebuilder(processOwner('serve'));
  rebuilder.start();
  // The banner's curl example must work the moment it is printed.
  if (demo) await runner.waitFor(await context.eventStore.headPosition());
  const scheduler = composition.createScheduler();
  scheduler.start();

  const services = composition.createServices(runner);
  const processes = composition.createProcessRunner(services);
  processes.start();
  const auditWorker = composition.createAuditWorker();
  auditWorker.start();
  const app = composition.createHttpApp(services);
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
      await auditWorker.stop();
      await processes.stop();
      await rebuilder.stop();
      await runner.stop();
      await composition.close();
    },
  };
}

function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(server)));
  });
}
