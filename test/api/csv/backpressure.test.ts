import { afterAll, beforeAll, expect, test } from '@jest/globals';
import express from 'express';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { sendCsv, type CsvList } from '../../../src/api/http/csv/csvList.js';

const PAGES = 1000;
const PAGE_ITEMS = 100;
const list: CsvList = { columns: [['id'], ['text']], columnNames: ['id', 'text'], pagingFields: [] };
let pagesRead = 0;
const logLines: string[] = [];
const log = pino(new Writable({ write: (chunk: Buffer, _encoding, done) => done(void logLines.push(chunk.toString('utf8'))) }));
let server: Server;
let port: number;

/** 1,000 pages of about 64 KB each, counting how many the answer has asked for. */
async function* pages(): AsyncGenerator<readonly unknown[]> {
  for (let page = 0; page < PAGES; page++) {
    pagesRead += 1;
    yield Array.from({ length: PAGE_ITEMS }, (_, index) => ({ id: page * PAGE_ITEMS + index, text: 'x'.repeat(640) }));
  }
}

async function* failingAfterFirstPage(): AsyncGenerator<readonly unknown[]> {
  yield [{ id: 1, text: 'first' }];
  throw new Error('the store went away');
}

beforeAll(async () => {
  const app = express();
  app.get('/download', (_request, response, next) => {
    sendCsv(response, list, 'download.csv', pages(), log).catch(next);
  });
  app.get('/failing', (_request, response, next) => {
    sendCsv(response, list, 'failing.csv', failingAfterFirstPage(), log).catch(next);
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('reads the next page only as the client takes the previous ones (backpressure), and ends with every item', async () => {
  const response = await new Promise<IncomingMessage>((resolve) => httpRequest({ port, path: '/download' }, resolve).end());
  response.pause();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const readWhilePaused = pagesRead;
  expect(readWhilePaused).toBeLessThan(PAGES / 10);
  let records = 0;
  response.setEncoding('utf8');
  // Each record ends with CRLF and no field holds a line feed: counting LFs is exact even where a chunk ends between CR and LF.
  for await (const chunk of response as AsyncIterable<string>) records += chunk.split('\n').length - 1;
  expect(records).toBe(PAGES * PAGE_ITEMS + 1);
  expect(pagesRead).toBe(PAGES);
});

test('a failure after the first page cuts the answer short, so the client cannot take it for complete, and is logged', async () => {
  // The status is out with the first page: the connection is closed before the answer ends (or even arrives whole).
  const complete = await new Promise<boolean>((resolve) => {
    const request = httpRequest({ port, path: '/failing' }, (response) => {
      response.on('error', () => undefined).on('close', () => resolve(response.complete));
      response.resume();
    });
    request.on('error', () => resolve(false)).end();
  });
  expect(complete).toBe(false);
  expect(logLines.some((line) => line.includes('CSV download failed after its first page') && line.includes('the store went away'))).toBe(true);
});
