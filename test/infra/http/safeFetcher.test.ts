import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { FetchFailedError } from '../../../src/ports/web.js';
import { AUDIT_MAX_BODY_BYTES, createSafeFetcher } from '../../../src/infra/http/index.js';
import { startFixtureServer, send, type FixtureServer } from '../../support/fixtureSites/server.js';

let server: FixtureServer;
let closedPort: number;

beforeAll(async () => {
  server = await startFixtureServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const hops = Number(url.searchParams.get('hops') ?? 0);
    if (url.pathname === '/chain') {
      if (hops === 0) return send(response, 200, 'text/plain', 'end of chain');
      response.writeHead(301, { location: `/chain?hops=${hops - 1}` });
      return response.end();
    }
    if (url.pathname === '/bytes') return send(response, 200, 'text/plain', 'x'.repeat(Number(url.searchParams.get('n'))));
    if (url.pathname === '/gzip') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      return response.end(gzipSync('<p>compressed page</p>'));
    }
    if (url.pathname === '/latin1') {
      response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      return response.end(Buffer.from('<p>caf\xe9</p>', 'latin1'));
    }
    if (url.pathname === '/silent') return;
    if (url.pathname === '/form' && request.method === 'POST') {
      response.writeHead(303, { location: '/echo' });
      return response.end();
    }
    if (url.pathname === '/cookies') {
      response.writeHead(200, { 'set-cookie': ['a=1', 'b=2'] });
      return response.end();
    }
    send(response, 404, 'text/plain', `${request.method} ${url.pathname} as ${request.headers['user-agent']}`);
  });
  const closed = await startFixtureServer(() => undefined);
  closedPort = closed.port;
  await closed.close();
});

afterAll(() => server.close());

const fetcher = createSafeFetcher({ allowPrivateNetworks: true });

describe('the safe fetcher', () => {
  test('answers 4xx like any answer, with the headers sent', async () => {
    const answer = await fetcher.get(`${server.origin}/missing`, { 'user-agent': 'GPTBot/1.2' });
    expect(answer).toMatchObject({ status: 404, body: 'GET /missing as GPTBot/1.2' });
    expect(answer.headers['content-type']).toBe('text/plain');
  });

  test('follows 5 redirects and reports the final URL', async () => {
    const answer = await fetcher.get(`${server.origin}/chain?hops=5`, {});
    expect(answer).toMatchObject({ url: `${server.origin}/chain?hops=0`, status: 200, body: 'end of chain' });
  });

  test('gives up after 5 redirects', async () => {
    const failure = fetcher.get(`${server.origin}/chain?hops=6`, {});
    await expect(failure).rejects.toThrow(new FetchFailedError('tooManyRedirects', `more than 5 redirects from ${server.origin}/chain?hops=6`));
    await expect(failure).rejects.toMatchObject({ failure: 'tooManyRedirects' });
  });

  test('reads a body of exactly 5 MB and refuses one byte more', async () => {
    const full = await fetcher.get(`${server.origin}/bytes?n=${AUDIT_MAX_BODY_BYTES}`, {});
    expect(full.body).toHaveLength(AUDIT_MAX_BODY_BYTES);
    const failure = fetcher.get(`${server.origin}/bytes?n=${AUDIT_MAX_BODY_BYTES + 1}`, {});
    await expect(failure).rejects.toThrow(`the body of ${server.origin}/bytes?n=${AUDIT_MAX_BODY_BYTES + 1} is larger than 5 MB`);
    await expect(failure).rejects.toMatchObject({ failure: 'tooLarge' });
  });

  test('gives up on a server that does not answer within the request timeout', async () => {
    const impatient = createSafeFetcher({ allowPrivateNetworks: true, timeoutMs: 300 });
    const failure = impatient.get(`${server.origin}/silent`, {});
    await expect(failure).rejects.toThrow(`no answer from ${server.origin}/silent within 0.3 s`);
    await expect(failure).rejects.toMatchObject({ failure: 'timeout' });
  });

  test('says why when nothing listens', async () => {
    const failure = fetcher.get(`http://127.0.0.1:${closedPort}/`, {});
    await expect(failure).rejects.toThrow(`no answer from http://127.0.0.1:${closedPort}/ (ECONNREFUSED)`);
    await expect(failure).rejects.toMatchObject({ failure: 'network' });
  });

  test('says why when the host does not resolve', async () => {
    const resolving = createSafeFetcher({
      resolveHost: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    });
    const failure = resolving.get('https://nowhere.test/', {});
    await expect(failure).rejects.toThrow('could not resolve nowhere.test (ENOTFOUND)');
    await expect(failure).rejects.toMatchObject({ failure: 'unresolved' });
  });

  test.each(['ftp://example.com/file', 'file:///etc/passwd', 'not a url'])('refuses to fetch %s', async (url) => {
    await expect(fetcher.get(url, {})).rejects.toMatchObject({ failure: 'invalidUrl' });
  });

  test('decompresses gzip bodies', async () => {
    expect((await fetcher.get(`${server.origin}/gzip`, {})).body).toBe('<p>compressed page</p>');
  });

  test('decodes the body with the charset of its content type', async () => {
    expect((await fetcher.get(`${server.origin}/latin1`, {})).body).toBe('<p>café</p>');
  });

  test('follow turns a POST answered 303 into a GET', async () => {
    const answer = await fetcher.follow({ url: `${server.origin}/form`, method: 'POST', headers: {}, body: Buffer.from('a=1') });
    expect(answer.body.toString()).toMatch(/^GET \/echo/);
  });

  test('keeps every set-cookie line', async () => {
    const answer = await fetcher.follow({ url: `${server.origin}/cookies`, headers: {} });
    expect(answer.headers['set-cookie']).toBe('a=1\nb=2');
  });
});
