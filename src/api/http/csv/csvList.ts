import type { Response } from 'express';
import type { Logger } from 'pino';
import type { Operation } from '../../../app/shared/operation.js';
import { columnName, columnsOf, listItemSchema, type ColumnPath } from './columns.js';
import { csvHeader, csvRecords } from './encode.js';
import { CSV_MEDIA_TYPE } from './negotiate.js';

/** Items read per page of a whole-list download: each page is written before the next is read. */
export const CSV_PAGE_SIZE = 500;

/** A list operation's CSV: its columns, and whether (and how) it can be read page after page. */
export interface CsvList {
  readonly columns: readonly ColumnPath[];
  readonly columnNames: readonly string[];
  /** Query fields that ask for one page; a request without any of them downloads every page. */
  readonly pagingFields: readonly string[];
}

/** The CSV of an operation answering `{items, …}`, or undefined for any other. */
export function csvListOf(operation: Operation): CsvList | undefined {
  const item = listItemSchema(operation.output);
  if (item === undefined) return undefined;
  const columns = columnsOf(item);
  return { columns, columnNames: columns.map(columnName), pagingFields: operation.list?.pagingFields ?? [] };
}

const FILE_NAME_UNSAFE = /[^A-Za-z0-9_.-]+/g;

/** `<operation>-<path ids>-<date>.csv`: a name that says what was downloaded, safe in any file system. */
export function csvFileName(operationName: string, pathValues: readonly unknown[], date: Date): string {
  const ids = pathValues.map((value) => String(value).replace(FILE_NAME_UNSAFE, '_'));
  return `${[operationName, ...ids, date.toISOString().slice(0, 10)].join('-')}.csv`;
}

/** Writes a chunk, waiting for the socket to drain when its buffer is full; false once the client has gone. */
async function write(response: Response, chunk: string): Promise<boolean> {
  if (response.destroyed) return false;
  if (response.write(chunk)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
  return !response.destroyed;
}

/** Writes the pages after the first as they are read; false once the client has gone. */
async function writeRest(response: Response, list: CsvList, pages: AsyncIterator<readonly unknown[]>): Promise<boolean> {
  for (let page = await pages.next(); !page.done; page = await pages.next()) {
    if (!(await write(response, csvRecords(page.value, list.columns)))) return false;
  }
  return true;
}

/**
 * Streams `pages` as one CSV answer. The first page is read before anything is written, so an error reading it
 * (a 404, a 403) is still answered as JSON with its status; each following page is written as it is read. A
 * failure after that cannot change the status: the answer is cut short, which the client sees, and logged.
 */
export async function sendCsv(response: Response, list: CsvList, fileName: string, pages: AsyncIterator<readonly unknown[]>, log: Logger): Promise<void> {
  const first = await pages.next();
  response.status(200);
  response.setHeader('Content-Type', `${CSV_MEDIA_TYPE}; charset=utf-8`);
  response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  try {
    const open = (await write(response, csvHeader(list.columns) + (first.done ? '' : csvRecords(first.value, list.columns)))) && (await writeRest(response, list, pages));
    if (open) response.end();
    else await pages.return?.();
  } catch (error) {
    log.error({ err: error }, 'CSV download failed after its first page');
    response.destroy();
  }
}
