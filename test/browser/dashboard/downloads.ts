import { expect } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { csvObjects, flattened, parseCsv } from '../../api/support/csv.js';
import type { TestApi } from '../../api/support/testApi.js';

interface ListAnswer {
  items: unknown[];
  paging?: { nextCursor?: string | null; totalCount?: number };
}

/** Every item of a list operation, page after page (cursor or offset paging), read with a key as a REST client would. */
export async function everyItem(api: TestApi, source: string, key: string): Promise<unknown[]> {
  const [path, query = ''] = source.split('?', 2) as [string, string?];
  const items: unknown[] = [];
  let next: Record<string, string> = {};
  for (let page = 0; page < 1_000; page++) {
    const parameters = new URLSearchParams(query);
    for (const name of ['format', 'limit', 'offset', 'cursor']) parameters.delete(name);
    for (const [name, value] of Object.entries(next)) parameters.set(name, value);
    const answer = await api.call<ListAnswer>('GET', `${path}?${parameters}`, { key });
    expect(answer.status).toBe(200);
    items.push(...answer.body.items);
    const paging = answer.body.paging ?? {};
    if (typeof paging.nextCursor === 'string') next = { cursor: paging.nextCursor };
    else if (paging.totalCount !== undefined && items.length < paging.totalCount && answer.body.items.length > 0) next = { offset: String(items.length), limit: '25' };
    else return items;
  }
  throw new Error(`${source} did not end after 1,000 pages`);
}

/**
 * Each download link on the screen, clicked as a person would: the file the browser saves is parsed as CSV and its
 * rows must equal every JSON item of the same list with the same filters. Answers the rows compared per link.
 */
export async function expectDownloadsEqualJson(page: Page, api: TestApi, key: string): Promise<Record<string, number>> {
  const links = page.locator('a[data-download]');
  const compared: Record<string, number> = {};
  for (let index = 0; index < (await links.count()); index++) {
    const link = links.nth(index);
    const href = (await link.getAttribute('data-download')) ?? '';
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const { header, rows } = csvObjects(await readFile((await download.path()) as string, 'utf8'));
    const items = await everyItem(api, href, key);
    expect(rows).toEqual(items.map((item) => flattened(item, header)));
    compared[href.split('?')[0] as string] = rows.length;
  }
  return compared;
}

/** What the test reads of the page's elements (the test program is compiled without the DOM's types). */
interface PageNode {
  textContent: string | null;
  getAttribute(name: string): string | null;
  closest(selector: string): PageNode | null;
  querySelectorAll(selector: string): ArrayLike<PageNode>;
}

const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;
const guarded = (text: string) => (!NUMBER.test(text) && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * Each table the page draws from one answer has a CSV button in its caption: the saved file must hold the table's
 * header and rows, each figure as its raw `data-value` (which the parity walk compares with the API), other cells
 * as shown. Answers the rows compared per table.
 */
export async function expectTableDownloadsEqualTables(page: Page): Promise<Record<string, number>> {
  const buttons = page.locator('button[data-table-download]');
  const compared: Record<string, number> = {};
  for (let index = 0; index < (await buttons.count()); index++) {
    const button = buttons.nth(index);
    const name = (await button.getAttribute('data-table-download')) ?? '';
    const shown = await button.evaluate((element) => {
      const table = (element as unknown as PageNode).closest('table');
      return Array.from(table?.querySelectorAll('thead tr, tbody tr') ?? [], (row) =>
        Array.from(row.querySelectorAll('th, td'), (cell) => {
          const figures = cell.querySelectorAll('[data-metric]');
          const figure = figures.length === 1 ? figures[0] : undefined;
          return figure?.getAttribute('data-value') ?? (cell.textContent ?? '').trim();
        }),
      );
    });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`${name}.csv`);
    const saved = parseCsv(await readFile((await download.path()) as string, 'utf8'));
    expect(saved).toEqual(shown.map((row) => row.map(guarded)));
    compared[name] = saved.length - 1;
  }
  return compared;
}
