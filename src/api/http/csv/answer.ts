import type { Request, Response } from 'express';
import type { OperationContext } from '../../../app/shared/operation.js';
import type { Principal } from '../../../app/shared/principal.js';
import type { Services } from '../../../app/shared/services.js';
import type { Route } from '../route.js';
import { CSV_PAGE_SIZE, csvFileName, sendCsv, type CsvList } from './csvList.js';

/** Every item of a list, read `CSV_PAGE_SIZE` at a time from the operation's own list query. */
async function* everyPage(route: Route, input: unknown, context: OperationContext): AsyncGenerator<readonly unknown[]> {
  const { list } = route.operation;
  if (list === undefined) throw new Error(`${route.operation.name} cannot be read page by page`);
  for (let offset = 0; ; offset += CSV_PAGE_SIZE) {
    const { items, totalCount } = await list.window(input, context, { offset, limit: CSV_PAGE_SIZE });
    yield items;
    if (items.length < CSV_PAGE_SIZE || offset + items.length >= totalCount) return;
  }
}

/** The items of the one answer the handler gives for the input as sent. */
async function* onePage(route: Route, input: unknown, request: Request, principal: Principal | null, services: Services): AsyncGenerator<readonly unknown[]> {
  const answer = (await route.runParsed(input, request, principal, services)) as { items: readonly unknown[] };
  yield answer.items;
}

const sendsPaging = (request: Request, list: CsvList): boolean =>
  typeof request.query === 'object' && request.query !== null && list.pagingFields.some((field) => field in request.query);

/**
 * A list operation's answer as CSV: without paging parameters every item of every page (a list that cannot be
 * read page by page is one answer already), with them the page they name.
 */
export async function answerCsv(route: Route, list: CsvList, request: Request, response: Response, principal: Principal | null, services: Services): Promise<void> {
  const input = route.parse(request);
  const context: OperationContext = {
    principal: principal as Principal,
    deps: services,
    get log() {
      return request.log;
    },
  };
  const whole = route.operation.list !== undefined && !sendsPaging(request, list);
  const pages = whole ? everyPage(route, input, context) : onePage(route, input, request, principal, services);
  const fileName = csvFileName(route.operation.name, Object.values(request.params), services.clock.now());
  await sendCsv(response, list, fileName, pages, request.log);
}
