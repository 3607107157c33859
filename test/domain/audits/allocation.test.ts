import { describe, test } from '@jest/globals';
import { geoAuditAllocationDecider, type GeoAuditRequested } from '../../../src/domain/audits/allocation.js';
import { QuotaExceededError } from '../../../src/domain/shared/errors.js';
import { specFor } from '../spec.js';

const given = specFor(geoAuditAllocationDecider);
const facts = { teamId: 'tm_1', workspaceId: 'ws_1', periodStart: '2026-11-01', createdDate: '2026-11-15T10:00:00.000Z' };

const crawlability = (checkId: string): GeoAuditRequested => ({
  type: 'CrawlabilityCheckRequested',
  data: { ...facts, checkId, url: 'https://acme.com/', domain: 'acme.com' },
});
const content = (checkId: string): GeoAuditRequested => ({
  type: 'ContentCheckRequested',
  data: { ...facts, checkId, url: 'https://acme.com/', crawlerIdentity: 'ChatGPT-User', sendServiceHeader: false },
});
const fanOut = (fanOutId: string): GeoAuditRequested => ({
  type: 'QueryFanOutRequested',
  data: { ...facts, fanOutId, query: 'best crm', country: 'us', engines: ['chatgpt'] },
});
const request = (audit: GeoAuditRequested, geoAuditsMax: number) =>
  ({ type: 'RequestGeoAudit', data: { request: audit, geoAuditsMax, periodEnd: '2026-12-01' } }) as const;

describe('the GEO audit allocation of a team and period', () => {
  test('a request within geoAuditMaxCount is recorded as the event that creates the audit', () => {
    given([crawlability('cc_1')]).when(request(content('ct_1'), 2)).then([content('ct_1')]);
  });

  test('checks and fan-outs count together toward the one maximum', () => {
    given([crawlability('cc_1'), content('ct_1')]).when(request(fanOut('qf_1'), 3)).then([fanOut('qf_1')]);
    given([crawlability('cc_1'), content('ct_1'), fanOut('qf_1')]).when(request(crawlability('cc_2'), 3)).thenThrows(QuotaExceededError);
  });

  test('at the maximum a request is refused with 429 and creates nothing', () => {
    given([crawlability('cc_1'), fanOut('qf_1')]).when(request(content('ct_9'), 2)).thenThrows(QuotaExceededError, {
      status: 429,
      message: 'GEO audit quota exhausted: 2 of 2 audits used in this billing period, which ends on 2026-12-01',
    });
  });

  test('a plan with no GEO audits refuses the first request', () => {
    given([]).when(request(crawlability('cc_1'), 0)).thenThrows(QuotaExceededError);
  });

  test('a request already recorded is not counted twice', () => {
    given([crawlability('cc_1')]).when(request(crawlability('cc_1'), 1)).then([]);
  });
});
