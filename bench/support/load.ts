import { spawn } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express from 'express';

export interface LoadJob {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Paths cycled through by successive requests (else `url`'s own path). */
  paths?: string[];
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
}

const worker = join(import.meta.dirname, 'loadWorker.ts');

/** Runs `job` from a separate process (autocannon there), so the load never shares the server's event loop. */
export function loadFromAnotherProcess(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
      else resolve(JSON.parse(output) as LoadResult);
    });
  });
}

/** Fails when any request of a load was not answered 2xx: a figure of errors is no figure. */
export function assertClean(name: string, result: LoadResult): LoadResult {
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  return result;
}

export interface RecordedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One GET answer of the real server as it went over the wire (node:http inflates nothing): with
 * `accept-encoding: gzip` among `headers`, the compressed bytes and their Content-Encoding, for a floor that
 * replays exactly what a browser received.
 */
export function recordAnswerAsSent(url: string, headers: Record<string, string>): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: IncomingHttpHeaders = { 'content-type': response.headers['content-type'] ?? 'application/json' };
        if (response.headers['content-encoding']) kept['content-encoding'] = response.headers['content-encoding'];
        resolve({ status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

/** One answer of the real server, kept to be replayed by the floor. */
export async function recordAnswer(url: string, init: RequestInit = {}): Promise<RecordedAnswer> {
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  const headers: IncomingHttpHeaders = { 'content-type': response.headers.get('content-type') ?? 'application/json' };
  return { status: response.status, headers, body };
}

/**
 * The floor of an HTTP figure: bare node:http answering the same bytes the real server answered, with no
 * routing, no store and no serialization. Measured in the same run, beside the real figure, because these
 * machines are shared and only ratios compare across runs.
 */
export async function startFloorServer(answer: RecordedAnswer): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
      response.end(answer.body);
    });
  });
  return listening(server);
}

/**
 * The framework's own ceiling, measured beside the floor: express 5 with the JSON body parser and one route
 * answering the same bytes. What geolens adds on top of it is its own work; what separates it from the floor
 * is express's.
 */
export async function startExpressFloorServer(answer: RecordedAnswer): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.use(express.json());
  app.get('/{*path}', (_request, response) => {
    response.status(answer.status).type(String(answer.headers['content-type'] ?? 'application/json')).send(answer.body);
  });
  const server: Server = createServer(app);
  return listening(server);
}

/** Listens on a loopback port; `close` ends open connections too. */
export async function listening(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A figure beside its floor, and the ratio (higher is better for rates: figure / floor). */
export const ratio = (figure: number, floor: number): number => (floor === 0 ? 0 : figure / floor);
