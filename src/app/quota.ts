import { QuotaExceededError } from '../domain/shared/errors.js';
import { billingPeriod, type BillingPeriod } from '../domain/team/billingPeriod.js';
import type { Collection, Doc, DocumentStore } from '../ports/documentStore.js';
import type { Principal } from './principal.js';
import { requireTeamDocument } from './queries/directory.js';
import type { Services } from './services.js';

/**
 * Usage counters live outside the projections: they are not derived from events, so no rebuild may reset
 * them. One document per team and billing period; a new period starts a new document.
 */
export const USAGE_COLLECTION = 'usage';

export interface UsageDoc extends Doc {
  teamId: string;
  periodStart: string;
  apiRequests: number;
}

const usageId = (teamId: string, period: BillingPeriod): string => `${teamId}:${period.start}`;

const usage = (documentStore: DocumentStore): Collection<UsageDoc> => documentStore.collection<UsageDoc>(USAGE_COLLECTION);

/**
 * Counts one request unless the period's count has reached `max`. The guarded increment is one atomic
 * operation, so concurrent requests never push the count past `max`. It cannot upsert: when the guard fails
 * on a full counter, an upsert would insert a second counter. So the first request of a period creates the
 * counter at zero with an upsert that only inserts (racing creators all end with the one document), then
 * increments it like any other request.
 */
async function countRequest(documentStore: DocumentStore, teamId: string, period: BillingPeriod, max: number): Promise<boolean> {
  const counters = usage(documentStore);
  const _id = usageId(teamId, period);
  const increment = () => counters.findOneAndUpdate({ _id, apiRequests: { $lt: max } }, { $inc: { apiRequests: 1 } });
  if (await increment()) return true;
  if (max <= 0) return false;
  await counters.updateOne({ _id }, { $setOnInsert: { teamId, periodStart: period.start, apiRequests: 0 } }, { upsert: true });
  return (await increment()) !== null;
}

export async function apiRequestsUsed(documentStore: DocumentStore, teamId: string, period: BillingPeriod): Promise<number> {
  return (await usage(documentStore).findOne({ _id: usageId(teamId, period) }))?.apiRequests ?? 0;
}

export interface MeterOptions {
  /** Answer even when no plan is active (and count nothing): lets the account endpoint say why. */
  answerWithoutPlan?: boolean;
}

/** Counts an authenticated REST request against its team's quota, or refuses it with 429. */
export async function meterApiRequest(services: Services, principal: Principal, options: MeterOptions = {}): Promise<void> {
  const team = await requireTeamDocument(services, principal.teamId);
  const period = billingPeriod(team.subscriptionEndDate, services.context.now());
  if (period === null) {
    if (options.answerWithoutPlan) return;
    throw new QuotaExceededError(`The subscription ended on ${team.subscriptionEndDate}: no API requests are available until it is renewed`);
  }
  const { apiRequestsMax } = team.limits;
  if (!(await countRequest(services.context.documentStore, principal.teamId, period, apiRequestsMax))) {
    throw new QuotaExceededError(
      `API request quota exhausted: ${apiRequestsMax} requests per billing period; the period ends on ${period.end}`,
    );
  }
}
