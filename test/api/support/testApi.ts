import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import { pino } from 'pino';
import { createApiApp } from '../../../src/api/app.js';
import type { AppContext } from '../../../src/app/context.js';
import { ApiRequestCounters } from '../../../src/app/quota.js';
import type { Services } from '../../../src/app/services.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../../../src/infra/eventStore/sqliteEventStore.js';
import { allProjections } from '../../../src/projections/index.js';
import { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';

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
  /** Waits until the read models reflect every event appended so far. */
  settle(): Promise<void>;
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

async function listen(app: Express): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(server)));
  });
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
export async function startTestApi(options: { services?: (services: Services) => Services } = {}): Promise<TestApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-api-'));
  const logLines: string[] = [];
  const logger = pino({ level: 'info' }, captureLines(logLines));
  const clock = { now: new Date('2026-11-15T10:00:00.000Z') };
  const context: AppContext = {
    eventStore: new SqliteEventStore(dataDir),
    documentStore: await SqliteDocumentStore.open(dataDir),
    logger,
    now: () => clock.now,
  };
  const runner = new ProjectionRunner(context.eventStore, context.documentStore, allProjections, { logger });
  await runner.start();
  const baseServices: Services = {
    context,
    readModels: new ReadModels(context.documentStore),
    apiRequestCounters: new ApiRequestCounters(context.documentStore),
    readYourWrites: (position) => (position === null ? Promise.resolve() : runner.waitFor(position)),
  };
  const services = options.services?.(baseServices) ?? baseServices;
  const health = async () => ({ status: 'ok' as const, version: 'test', stores: { events: 'sqlite', readModels: 'sqlite' }, projections: [] });
  const app = createApiApp({ logger, services, health, validateResponses: true });
  const server = await listen(app);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    app,
    context,
    services,
    dataDir,
    clock,
    logLines,
    settle: async () => runner.waitFor(await context.eventStore.headPosition()),
    async call<Body>(method: string, path: string, callOptions: CallOptions = {}): Promise<Answer<Body>> {
      const response = await fetch(`${url}${path}`, requestInit(method, callOptions));
      const text = await response.text();
      const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
      return { status: response.status, body: (isJson ? JSON.parse(text) : text) as Body, headers: response.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runner.stop();
      await context.eventStore.close();
      await context.documentStore.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
