import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import { pino } from 'pino';
import type { AppContext } from '../../../src/app/shared/context.js';
import type { Services } from '../../../src/app/shared/services.js';
import { compose } from '../../../src/compose.js';
import { loadConfig } from '../../../src/config.js';
import { createTestDatabase, databaseOfDataDir } from '../../support/postgresServer.js';
import { clockAt } from '../../../src/background/clock.js';
import { FirstAdminSetup, newSetupToken } from '../../../src/app/setup/firstAdmin.js';

export interface Answer<Body = unknown> {
  status: number;
  body: Body;
  headers: Headers;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  /** Sent as is with `Content-Type: application/json`, for bodies that are not valid JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestApi {
  url: string;
  app: Express;
  context: AppContext;
  services: Services;
  dataDir: string;
  /** The time every service sees; tests move it to control dates and billing periods. */
  clock: { now: Date };
  /** Every log line the server wrote, as raw JSON text. */
  logLines: string[];
  /** The setup token when `setup` was asked for. */
  setupToken: string | null;
  /** Waits until the read models reflect every event appended so far. */
  settle(): Promise<void>;
  /** Runs every pending report history rebuild to its end in this process (the server's rebuilder is not running). */
  rebuild(): Promise<void>;
  call<Body = unknown>(method: string, path: string, options?: CallOptions): Promise<Answer<Body>>;
  close(): Promise<void>;
}

function captureLines(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
}

/** A loopback server on an ephemeral port, listening before it has a handler: its URL is the app's BASE_URL. */
async function listenOnLoopback(): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  return server;
}

function requestInit(method: string, options: CallOptions): RequestInit {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  return { method, headers, ...(body === undefined ? {} : { body }) };
}

/**
 * The API in-process on an ephemeral loopback port, on real embedded stores in a temporary directory, with
 * the real projection runner. The logger has no redaction of its own: the app must keep secrets out.
 */
export interface TestApiOptions {
  services?: (services: Services) => Services;
  /** Configuration variables beside DATA_DIR, e.g. CORS_ORIGINS. */
  environment?: Record<string, string>;
  /** An existing data directory (one an `events import` filled) instead of a fresh one; removed at close too. */
  dataDir?: string;
  /**
   * `postgres`: both stores on a fresh PostgreSQL database of their own (dropped at close). Default: the
   * embedded stores, or PostgreSQL where GEOLENS_TEST_STORE=postgres, which runs the API suites on it (.ci/run).
   */
  store?: 'embedded' | 'postgres';
  /** Issue a first-admin setup token, as `serve` does on an empty store without the demo (`TestApi.setupToken`). */
  setup?: boolean;
  /** Run the scheduler as `serve` does (every engine on its simulator without keys). */
  scheduler?: boolean;
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'geolens-api-')));
  const logLines: string[] = [];
  const logger = pino({ level: 'info' }, captureLines(logLines));
  const clock = { now: new Date('2026-11-15T10:00:00.000Z') };
  const store = options.store ?? (process.env.GEOLENS_TEST_STORE === 'postgres' ? 'postgres' : 'embedded');
  const database = store === 'postgres' ? await createTestDatabase() : undefined;
  if (database) databaseOfDataDir.set(dataDir, database.url);
  const environment = { ...options.environment, DATA_DIR: dataDir, GEOLENS_DEMO: '0', ...(database && { DATABASE_URL: database.url }) };
  const composition = await compose(loadConfig(environment), logger, { clock: clockAt(() => clock.now) });
  const { context } = composition;
  const runner = composition.createProjectionRunner();
  await runner.start();
  const baseServices = composition.createServices(runner);
  const services = options.services?.(baseServices) ?? baseServices;
  const processes = composition.createProcessRunner(services, { retryDelayMs: 50 });
  processes.start();
  const scheduler = options.scheduler ? composition.createScheduler(runner) : null;
  scheduler?.start();
  const server = await listenOnLoopback();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const setupToken = options.setup ? newSetupToken() : null;
  const setup = setupToken === null ? null : new FirstAdminSetup(FirstAdminSetup.hashOf(setupToken));
  const app = composition.createHttpApp(services, { validateResponses: true, baseUrl: url, setup });
  server.on('request', app);
  return {
    url,
    app,
    context,
    services,
    dataDir,
    clock,
    logLines,
    setupToken,
    // Processes append what they react with, which the projections then apply: settle until the log stands still.
    async settle() {
      for (let head = await context.eventStore.headPosition(); ; ) {
        await services.readYourWrites(head);
        await processes.waitFor(head);
        const after = await context.eventStore.headPosition();
        if (after === head) return;
        head = after;
      }
    },
    rebuild: () => composition.createRebuilder('test', { logger: pino({ level: 'silent' }), retireGraceMs: 0 }).drain(),
    async call<Body>(method: string, path: string, callOptions: CallOptions = {}): Promise<Answer<Body>> {
      const response = await fetch(`${url}${path}`, requestInit(method, callOptions));
      const text = await response.text();
      const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
      return { status: response.status, body: (isJson ? JSON.parse(text) : text) as Body, headers: response.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await scheduler?.stop();
      await processes.stop();
      await runner.stop();
      await composition.close();
      await database?.drop();
      databaseOfDataDir.delete(dataDir);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
