import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { seedDemo, type DemoCredentials } from './app/demo/seedDemo.js';
import type { Config } from './config.js';
import { compose, processOwner } from './compose.js';
import { START } from './ports/eventStore.js';
import { FirstAdminSetup, newSetupToken } from './app/setup/firstAdmin.js';

export interface RunningServer {
  url: string;
  /** The public URL: BASE_URL, or the listening port's when it is unset. */
  baseUrl: string;
  /** Set when this start seeded the demo team (first start on an empty store). */
  demo: DemoCredentials | null;
  /** Set when this start found an empty store without the demo: the one-time URL that creates the first admin. */
  setupUrl: string | null;
  close(): Promise<void>;
}

/**
 * `geolens serve`: HTTP API, projection runner, report rebuilder, run scheduler, audit worker and, on an empty
 * store, the demo team.
 */
export interface ServerOptions {
  /** Listen only once the read models hold every event stored at start (a cluster worker after the demo seed). */
  catchUpBeforeListening?: boolean;
  /**
   * The setup token's hash when a cluster's primary issued it (null: it issued none). Unset: this process issues
   * one itself when it starts on an empty store without the demo.
   */
  setupTokenHash?: string | null;
}

export async function startServer(config: Config, logger: Logger, options: ServerOptions = {}): Promise<RunningServer> {
  const composition = await compose(config, logger);
  const { context } = composition;
  const emptyStore = (await context.eventStore.headPosition()) === START;
  const demo = config.demo && emptyStore ? await seedDemo(context) : null;
  const setupToken = options.setupTokenHash === undefined && !config.demo && emptyStore ? newSetupToken() : null;
  const setupTokenHash = options.setupTokenHash ?? (setupToken === null ? null : FirstAdminSetup.hashOf(setupToken));
  const runner = composition.createProjectionRunner();
  await runner.start();
  // Report versions opened by detection changes (or by the demo's prompt assignment) fill in the background.
  const rebuilder = composition.createRebuilder(processOwner('serve'));
  rebuilder.start();
  // The banner's curl example must work the moment it is printed.
  if (demo || options.catchUpBeforeListening) await runner.waitFor(await context.eventStore.headPosition(), 120_000);
  const scheduler = composition.createScheduler(runner);
  scheduler.start();

  const services = composition.createServices(runner);
  const processes = composition.createProcessRunner(services);
  processes.start();
  const auditWorker = composition.createAuditWorker();
  auditWorker.start();
  const webhookWorker = composition.createWebhookWorker();
  webhookWorker.start();
  const reportSendWorker = composition.createReportSendWorker(services);
  reportSendWorker?.start();
  // Listening first tells the port, which names the service (OAuth issuer, MCP resource) when BASE_URL is unset.
  const server = await listen(config.port, config.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const baseUrl = config.baseUrlSet ? config.baseUrl : `http://localhost:${port}`;
  server.on('request', composition.createHttpApp(services, { baseUrl, setup: setupTokenHash === null ? null : new FirstAdminSetup(setupTokenHash) }));
  logger.info({ host: config.host, port, baseUrl, stores: composition.storeKinds }, 'geolens is listening');
  return {
    url: `http://${config.host}:${port}`,
    baseUrl,
    demo,
    setupUrl: setupToken === null ? null : setupUrl(baseUrl, setupToken),
    async close() {
      // The workers stop beside the HTTP edge: each ends or gives back its jobs without waiting for another.
      await Promise.all([closeHttp(server, HTTP_CLOSE_GRACE_MS), scheduler.stop(), auditWorker.stop(), webhookWorker.stop(), reportSendWorker?.stop()]);
      await processes.stop();
      await rebuilder.stop();
      await runner.stop();
      await composition.close();
    },
  };
}

export const setupUrl = (baseUrl: string, token: string): string => `${baseUrl.replace(/\/$/, '')}/setup?token=${token}`;

/** How long requests under way (a stream held open, a slow client) may go on once serve is stopping. */
const HTTP_CLOSE_GRACE_MS = 3_000;

/** Stops listening and closes idle keep-alive connections now, those still busy after `graceMs`. */
function closeHttp(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(cutOff);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function listen(port: number, host: string): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject).listen(port, host, () => resolve(server));
  });
}
