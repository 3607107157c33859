import {
  createContentCheckOperation,
  createCrawlabilityCheckOperation,
  getContentCheckOperation,
  getCrawlabilityCheckOperation,
  listContentChecksOperation,
  listCrawlabilityChecksOperation,
} from '../../app/audits/operations.js';
import { createQueryFanOutOperation, getQueryFanOutOperation, listQueryFanOutsOperation } from '../../app/audits/fanOuts/operations.js';
import { restRoute, type Route } from '../http/route.js';

const CRAWLABILITY = '/v1/audits/geo/crawlability-checks';
const CONTENT = '/v1/audits/geo/content-checks';
const FAN_OUTS = '/v1/audits/query-fan-outs';

/** The GEO audit endpoints and the query fan-outs; creations answer 201. */
export const auditRoutes: readonly Route[] = [
  restRoute(listCrawlabilityChecksOperation, { method: 'get', path: CRAWLABILITY }),
  restRoute(createCrawlabilityCheckOperation, { method: 'post', path: CRAWLABILITY, status: 201 }),
  restRoute(getCrawlabilityCheckOperation, { method: 'get', path: `${CRAWLABILITY}/{checkId}` }),
  restRoute(listContentChecksOperation, { method: 'get', path: CONTENT }),
  restRoute(createContentCheckOperation, { method: 'post', path: CONTENT, status: 201 }),
  restRoute(getContentCheckOperation, { method: 'get', path: `${CONTENT}/{checkId}` }),
  restRoute(listQueryFanOutsOperation, { method: 'get', path: FAN_OUTS }),
  restRoute(createQueryFanOutOperation, { method: 'post', path: FAN_OUTS, status: 201 }),
  restRoute(getQueryFanOutOperation, { method: 'get', path: `${FAN_OUTS}/{id}`, pathFields: { id: 'fanOutId' } }),
];
