import type { QueryFanOutRequested } from '../fanOut/events.js';
import type { DomainCommand } from '../shared/command.js';
import type { Decider } from '../shared/decider.js';
import { QuotaExceededError } from '../shared/errors.js';
import type { CheckRequestedEvent } from './events.js';

/**
 * The GEO audits a team has requested in one billing period: crawlability
 * checks, content checks and query fan-outs, each counted once toward `geoAuditUsedCount`. The request itself
 * is the event of this stream, appended with the expected revision: counting and creating are one append, so
 * concurrent requests (of any process) never pass `geoAuditMaxCount`, and a refused one creates nothing.
 */
export const geoAuditAllocationStream = (teamId: string, periodStart: string): string => `geoAuditAllocation-${teamId}-${periodStart}`;

export type GeoAuditRequested = CheckRequestedEvent | QueryFanOutRequested;

export const GEO_AUDIT_REQUEST_TYPES: readonly GeoAuditRequested['type'][] = ['CrawlabilityCheckRequested', 'ContentCheckRequested', 'QueryFanOutRequested'];

export interface GeoAuditAllocationState {
  /** Ids of the audits requested in the period. */
  requested: ReadonlySet<string>;
}

export type RequestGeoAudit = DomainCommand<
  'RequestGeoAudit',
  { request: GeoAuditRequested; geoAuditsMax: number; /** Day the period ends (exclusive), for the refusal's message. */ periodEnd: string }
>;

export const requestedAuditId = (request: GeoAuditRequested): string =>
  request.type === 'QueryFanOutRequested' ? request.data.fanOutId : request.data.checkId;

function evolve(state: GeoAuditAllocationState, event: GeoAuditRequested): GeoAuditAllocationState {
  return { requested: new Set([...state.requested, requestedAuditId(event)]) };
}

function decide(command: RequestGeoAudit, state: GeoAuditAllocationState): GeoAuditRequested[] {
  const { request, geoAuditsMax, periodEnd } = command.data;
  if (state.requested.has(requestedAuditId(request))) return [];
  if (state.requested.size >= geoAuditsMax) {
    throw new QuotaExceededError(
      `GEO audit quota exhausted: ${state.requested.size} of ${geoAuditsMax} audits used in this billing period, which ends on ${periodEnd}`,
    );
  }
  return [request];
}

export const geoAuditAllocationDecider: Decider<GeoAuditAllocationState, RequestGeoAudit, GeoAuditRequested> = {
  initialState: () => ({ requested: new Set() }),
  evolve,
  decide,
};
