import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A provider stand-in on 127.0.0.1: records every request an adapter sends and answers with a documented
 * response shape (a fixture), an error status, a malformed body, or nothing at all (to trip a timeout).
 */

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply =
  | { status?: number; headers?: Record<string, string>; json: unknown }
  | { status?: number; headers?: Record<string, string>; text: string }
  | { hang: true };

export interface FakeProvider {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeProvider(answer: (request: RecordedRequest) => Reply): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: new URL(incoming.url ?? '/', 'http://127.0.0.1'),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      send(response, answer(request));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(response: ServerResponse, reply: Reply): void {
  if ('hang' in reply) return;
  const isJson = 'json' in reply;
  const payload = isJson ? JSON.stringify(reply.json) : reply.text;
  response.writeHead(reply.status ?? 200, {
    'content-type': isJson ? 'application/json' : 'text/html',
    ...reply.headers,
  });
  response.end(payload);
}

export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', name), 'utf8'));
}

export function jsonBody(request: RecordedRequest | undefined): Record<string, unknown> {
  if (request === undefined) throw new Error('no request was recorded');
  return JSON.parse(request.body) as Record<string, unknown>;
}
