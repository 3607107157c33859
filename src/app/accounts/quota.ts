import { QuotaExceededError } from '../../domain/shared/errors.js';
import { billingPeriod, type BillingPeriod } from '../../domain/team/billingPeriod.js';
import type { Collection, Doc, DocumentStore } from '../../ports/documentStore.js';
import type { TeamPrincipal } from '../shared/principal.js';
import { requireTeamDocument } from '../shared/directory.js';
import type { Services } from '../shared/services.js';

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

interface Waiter {
  resolve: (counted: boolean) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  teamId: string;
  period: BillingPeriod;
  max: number;
  waiting: Waiter[];
}

/**
 * Counts API requests per team and billing period. Every write is guarded so that the count never passes
 * `max`, whatever other requests or processes do meanwhile. Concurrent requests of a team are counted
 * together by one write: on the embedded store each write waits for an fsync, and one per request would cap
 * the whole API at a few hundred requests per second.
 */
export class ApiRequestCounters {
  private readonly batches = new Map<string, Batch>();

  constructor(private readonly documentStore: DocumentStore) {}

  /** Counts one request unless the period's count has reached `max`; true when counted. */
  count(teamId: string, period: BillingPeriod, max: number): Promise<boolean> {
    const key = `${teamId}:${period.start}:${max}`;
    let batch = this.batches.get(key);
    const scheduled = batch !== undefined;
    if (!batch) {
      batch = { teamId, period, max, waiting: [] };
      this.batches.set(key, batch);
    }
    const counted = new Promise<boolean>((resolve, reject) => batch.waiting.push({ resolve, reject }));
    // The embedded store's writes block the event loop until their fsync, so requests cannot queue up behind
    // a write in flight; the first write of a batch waits instead until the requests read in this turn of
    // the event loop have reached this point.
    if (!scheduled) setImmediate(() => void this.drain(key, batch));
    return counted;
  }

  used(teamId: string, period: BillingPeriod): Promise<number> {
    return apiRequestsUsed(this.documentStore, teamId, period);
  }

  private async drain(key: string, batch: Batch): Promise<void> {
    while (batch.waiting.length > 0) {
      const waiters = batch.waiting.splice(0);
      try {
        const granted = await this.grant(batch, waiters.length);
        waiters.forEach((waiter, index) => waiter.resolve(index < granted));
      } catch (error) {
        waiters.forEach((waiter) => waiter.reject(error));
      }
    }
    this.batches.delete(key);
  }

  /** Adds up to `wanted` to the counter without passing the batch's `max`; returns how many were added. */
  private async grant({ teamId, period, max }: Batch, wanted: number): Promise<number> {
    const counters = this.counters();
    const _id = counterId(teamId, period);
    if (max <= 0) return 0;
    const roomForAll = await counters.findOneAndUpdate({ _id, apiRequests: { $lte: max - wanted } }, { $inc: { apiRequests: wanted } });
    if (roomForAll) return wanted;
    // Near the limit, or the period's first request: grant what is left by compare-and-set on the count read.
    for (;;) {
      const current = await counters.findOne({ _id });
      if (!current) {
        // Insert-only upsert: racing creators all end with the one document.
        const created = { teamId, periodStart: period.start, apiRequests: 0 };
        await counters.updateOne({ _id }, { $setOnInsert: created }, { upsert: true });
        continue;
      }
      const granted = Math.min(wanted, max - current.apiRequests);
      if (granted <= 0) return 0;
      const set = await counters.findOneAndUpdate({ _id, apiRequests: current.apiRequests }, { $inc: { apiRequests: granted } });
      if (set) return granted;
    }
  }

  private counters(): Collection<UsageDoc> {
    return this.documentStore.collection<UsageDoc>(USAGE_COLLECTION);
  }
}

const counterId = (teamId: string, period: BillingPeriod): string => `${teamId}:${period.start}`;

/** REST requests counted for the team in the period. */
export async function apiRequestsUsed(documentStore: DocumentStore, teamId: string, period: BillingPeriod): Promise<number> {
  return (await documentStore.collection<UsageDoc>(USAGE_COLLECTION).findOne({ _id: counterId(teamId, period) }))?.apiRequests ?? 0;
}

export interface MeterOptions {
  /** Answer even when no plan is active (and count nothing): lets the account endpoint say why. */
  answerWithoutPlan?: boolean;
}

/** Counts an authenticated REST request against its team's quota, or refuses it with 429. */
export async function meterApiRequest(
  services: Services,
  counters: ApiRequestCounters,
  principal: TeamPrincipal,
  options: MeterOptions = {},
): Promise<void> {
  const team = await requireTeamDocument(services, principal.teamId);
  const period = billingPeriod(team.subscriptionEndDate, services.context.now());
  if (period === null) {
    if (options.answerWithoutPlan) return;
    throw new QuotaExceededError(`The subscription ended on ${team.subscriptionEndDate}: no API requests are available until it is renewed`);
  }
  const { apiRequestsMax } = team.limits;
  if (!(await counters.count(principal.teamId, period, apiRequestsMax))) {
    throw new QuotaExceededError(
      `API request quota exhausted: ${apiRequestsMax} requests per billing period; the period ends on ${period.end}`,
    );
  }
}
