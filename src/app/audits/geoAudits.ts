import { geoAuditAllocationDecider, geoAuditAllocationStream, type GeoAuditRequested } from '../../domain/audits/allocation.js';
import type { AuditRequestFacts } from '../../domain/audits/events.js';
import { QuotaExceededError } from '../../domain/shared/errors.js';
import { billingPeriod, type BillingPeriod } from '../../domain/team/billingPeriod.js';
import type { Filter } from '../../ports/documentStore.js';
import type { Position } from '../../ports/eventStore.js';
import { AUDIT_COLLECTION_NAMES, auditCollection } from '../../projections/audits/reader.js';
import { requireTeam } from '../shared/aggregates.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { randomBase62 } from '../shared/ids.js';
import type { OwnedByWorkspace } from '../shared/principal.js';
import type { Services } from '../shared/services.js';

export type AuditIdKind = 'crawlabilityCheck' | 'contentCheck' | 'queryFanOut';
const ID_PREFIXES: Record<AuditIdKind, string> = { crawlabilityCheck: 'cr', contentCheck: 'cn', queryFanOut: 'qf' };

/** Opaque ids whose prefix tells a person which kind of audit they name. */
export const newAuditId = (kind: AuditIdKind): string => `${ID_PREFIXES[kind]}_${randomBase62(16)}`;

export interface RequestedAudit {
  request: GeoAuditRequested;
  /** Where the request was recorded: wait for it before reading the audit back. */
  position: Position | null;
}

/**
 * Requests a GEO audit of a workspace, found and checked by the access step:
 * 429 once the team has used `geoAuditMaxCount` audits in its billing period or
 * has no active plan. The request is counted and recorded in one append, so a refused one creates nothing.
 * The workspace and team are read from their streams, so the CLI works while no server runs.
 */
export async function requestGeoAudit(
  context: AppContext,
  { workspaceId, teamId }: OwnedByWorkspace,
  build: (facts: AuditRequestFacts) => GeoAuditRequested,
): Promise<RequestedAudit> {
  const team = await requireTeam(context.eventStore, teamId);
  const period = billingPeriod(team.subscriptionEndDate, context.clock.now());
  if (period === null) {
    throw new QuotaExceededError(`The subscription ended on ${team.subscriptionEndDate}: no GEO audits are available until it is renewed`);
  }
  const request = build({ teamId: team.teamId, workspaceId, periodStart: period.start, createdDate: nowIso(context) });
  const { position } = await handleCommand(context.eventStore, geoAuditAllocationStream(team.teamId, period.start), geoAuditAllocationDecider, {
    type: 'RequestGeoAudit',
    data: { request, geoAuditsMax: team.limits.geoAuditsMax, periodEnd: period.end },
  });
  return { request, position };
}

/** GEO audits of every kind requested in the period by a team (`{teamId}`) or in one workspace (`{workspaceId}`). */
export async function geoAuditUsedCount(services: Services, scope: { teamId: string } | { workspaceId: string }, period: BillingPeriod): Promise<number> {
  const filter: Filter = { ...scope, periodStart: period.start };
  let used = 0;
  for (const name of AUDIT_COLLECTION_NAMES) used += await (await auditCollection(services.readModels, name)).countDocuments(filter);
  return used;
}
