import { ForbiddenError, QuotaExceededError } from '../../domain/shared/errors.js';
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

/** What is counted per billing period: answered REST requests and answered MCP tool calls. */
export type UsageCounter = 'apiRequests' | 'mcpRequests';

export interface UsageDoc extends Doc {
  teamId: string;
  periodStart: string;
  apiRequests: number;
  mcpRequests?: number;
}

interface Waiter {
  resolve: (counted: boolean) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  teamId: string;
  period: BillingPeriod;
  /** null: unlimited. */
  max: number | null;
  counter: UsageCounter;
  waiting: Waiter[];
}

/**
 * Counts usage per team, billing period and counter. Every write is guarded so that the count never passes
 * `max`, whatever other requests or processes do meanwhile. Concurrent requests of a team are counted
 * together by one write: on the embedded store each write waits for an fsync, and one per request would cap
 * the whole API at a few hundred requests per second.
 */
export class UsageCounters {
  private readonly batches = new Map<string, Batch>();

  constructor(private readonly documentStore: DocumentStore) {}

  /** Counts one request unless the period's count has reached `max` (null: no maximum); true when counted. */
  count(teamId: string, period: BillingPeriod, max: number | null, counter: UsageCounter = 'apiRequests'): Promise<boolean> {
    const key = `${teamId}:${period.start}:${max}:${counter}`;
    let batch = this.batches.get(key);
    const scheduled = batch !== undefined;
    if (!batch) {
      batch = { teamId, period, max, counter, waiting: [] };
      this.batches.set(key, batch);
    }
    const counted = new Promise<boolean>((resolve, reject) => batch.waiting.push({ resolve, reject }));
    // The embedded store's writes block the event loop until their fsync, so requests cannot queue up behind
    // a write in flight; the first write of a batch waits instead until the requests read in this turn of
    // the event loop have reached this point.
    if (!scheduled) setImmediate(() => void this.drain(key, batch));
    return counted;
  }

  used(teamId: string, period: BillingPeriod, counter: UsageCounter = 'apiRequests'): Promise<number> {
    return usageCount(this.documentStore, teamId, period, counter);
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
  private async grant({ teamId, period, max, counter }: Batch, wanted: number): Promise<number> {
    const counters = this.counters();
    const _id = counterId(teamId, period);
    if (max !== null && max <= 0) return 0;
    const room = max === null ? {} : { $or: [{ [counter]: { $lte: max - wanted } }, ...(max >= wanted ? [{ [counter]: { $exists: false } }] : [])] };
    const roomForAll = await counters.findOneAndUpdate({ _id, ...room }, { $inc: { [counter]: wanted } });
    if (roomForAll) return wanted;
    // Near the limit, or the period's first request: grant what is left by compare-and-set on the count read.
    for (;;) {
      const current = await counters.findOne({ _id });
      if (!current) {
        // Insert-only upsert: racing creators all end with the one document.
        const created = { teamId, periodStart: period.start, apiRequests: 0, mcpRequests: 0 };
        await counters.updateOne({ _id }, { $setOnInsert: created }, { upsert: true });
        continue;
      }
      const used = current[counter] ?? 0;
      const granted = max === null ? wanted : Math.min(wanted, max - used);
      if (granted <= 0) return 0;
      const unchanged = current[counter] === undefined ? { [counter]: { $exists: false } } : { [counter]: used };
      const set = await counters.findOneAndUpdate({ _id, ...unchanged }, { $inc: { [counter]: granted } });
      if (set) return granted;
    }
  }

  private counters(): Collection<UsageDoc> {
    return this.documentStore.collection<UsageDoc>(USAGE_COLLECTION);
  }
}

const counterId = (teamId: string, period: BillingPeriod): string => `${teamId}:${period.start}`;

/** Usage counted for the team in the period. */
export async function usageCount(documentStore: DocumentStore, teamId: string, period: BillingPeriod, counter: UsageCounter): Promise<number> {
  return (await documentStore.collection<UsageDoc>(USAGE_COLLECTION).findOne({ _id: counterId(teamId, period) }))?.[counter] ?? 0;
}

export interface MeterOptions {
  /** Answer even when no plan is active (and count nothing): lets the account endpoint say why. */
  answerWithoutPlan?: boolean;
}

/** Counts an authenticated REST request against its team's quota, or refuses it with 429. */
export async function meterApiRequest(
  services: Services,
  counters: UsageCounters,
  principal: TeamPrincipal,
  options: MeterOptions = {},
): Promise<void> {
  const team = await requireTeamDocument(services, principal.teamId);
  const period = billingPeriod(team.subscriptionEndDate, services.clock.now());
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

/**
 * Counts an answered MCP tool call: a plan with `mcpRequestsMax` 0 has MCP disabled
 * (403), at the maximum the call is refused (429) and not counted, `null` never refuses.
 */
export async function meterMcpCall(services: Services, counters: UsageCounters, principal: TeamPrincipal): Promise<void> {
  const team = await requireTeamDocument(services, principal.teamId);
  const { mcpRequestsMax } = team.limits;
  if (mcpRequestsMax === 0) throw new ForbiddenError('MCP is disabled for this plan');
  const period = billingPeriod(team.subscriptionEndDate, services.clock.now());
  if (period === null) throw new QuotaExceededError(`The subscription ended on ${team.subscriptionEndDate}: no MCP tool calls are available until it is renewed`);
  if (!(await counters.count(principal.teamId, period, mcpRequestsMax, 'mcpRequests'))) {
    throw new QuotaExceededError(`MCP tool call quota exhausted: ${mcpRequestsMax} calls per billing period; the period ends on ${period.end}`);
  }
}
