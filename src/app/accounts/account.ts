import { z } from 'zod';
import { billingPeriod, subscriptionEndTimestamp } from '../../domain/team/billingPeriod.js';
import { PLANS } from '../../domain/team/plans.js';
import { requireTeamPrincipal, type Principal } from '../shared/principal.js';
import type { Services } from '../shared/services.js';
import { directoryCollection, requireTeamDocument } from '../shared/directory.js';
import { geoAuditUsedCount } from '../audits/geoAudits.js';

const count = z.number().int().nonnegative();

/** The account information: the team, its plan and quotas, and what the billing period has used. */
export const accountInfoSchema = z
  .object({
    subscriptionPlan: z.enum(PLANS).nullable().describe('null once the subscription has ended'),
    subscriptionEndDate: z.iso.datetime().nullable().describe('00:00 UTC of the end date; null when no end date is set'),
    promptsUsedCount: count.describe('Active prompts of the team'),
    promptsMaxCount: count,
    geoAuditUsedCount: count,
    geoAuditMaxCount: count,
    apiRequestsUsedCount: count.describe('REST requests counted in the current billing period, this one included'),
    apiRequestsMaxCount: count,
    apiRequestsPeriodEnd: z.iso
      .date()
      .nullable()
      .describe('Day the billing period ends at 00:00 UTC: the first day of the next UTC month, clipped to the subscription end; null when no plan is active'),
    mcpRequestsUsedCount: count,
    mcpRequestsMaxCount: count.nullable().describe('null: unlimited; 0: MCP disabled'),
  })
  .meta({ id: 'AccountInfo' });

export type AccountInfo = z.output<typeof accountInfoSchema>;

export async function accountInfo(services: Services, principal: Principal): Promise<AccountInfo> {
  const { teamId } = requireTeamPrincipal(principal);
  const team = await requireTeamDocument(services, teamId);
  const period = billingPeriod(team.subscriptionEndDate, services.clock.now());
  const prompts = await directoryCollection(services, 'prompts');
  return {
    subscriptionPlan: period ? team.plan : null,
    subscriptionEndDate: team.subscriptionEndDate === null ? null : subscriptionEndTimestamp(team.subscriptionEndDate),
    promptsUsedCount: await prompts.countDocuments({ teamId }),
    promptsMaxCount: team.limits.promptsMax,
    geoAuditUsedCount: period ? await geoAuditUsedCount(services, { teamId }, period) : 0,
    geoAuditMaxCount: team.limits.geoAuditsMax,
    apiRequestsUsedCount: period ? await services.usageCount(teamId, period, 'apiRequests') : 0,
    apiRequestsMaxCount: team.limits.apiRequestsMax,
    apiRequestsPeriodEnd: period?.end ?? null,
    mcpRequestsUsedCount: period ? await services.usageCount(teamId, period, 'mcpRequests') : 0,
    mcpRequestsMaxCount: team.limits.mcpRequestsMax,
  };
}
