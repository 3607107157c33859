import { utcDay } from '../shared/days.js';

/**
 * The public API billing period of a team (`apiRequestsPeriodEnd`).
 *
 * Every plan counts API requests per UTC calendar month. The hosted API states this for custom plans; the
 * standard tiers follow it too, because a self-hosted service has no payment processor whose renewal
 * anniversaries could anchor them, and one rule keeps usage comparable across plan changes (a plan change
 * mid-month keeps counting in the same period). A subscription end date clips the period for every plan.
 *
 * A subscription ends at 00:00:00 UTC of its end date, the same instant a clipped period ends, so the
 * period end and the subscription end never disagree. From that instant no usable plan is active: there is
 * no period (null), and no API request can be counted against one.
 */
export interface BillingPeriod {
  /** First day of the period, YYYY-MM-DD (UTC), inclusive. */
  start: string;
  /** Day the period ends at 00:00 UTC, YYYY-MM-DD, exclusive: what `apiRequestsPeriodEnd` shows. */
  end: string;
}


/** The instant a subscription with this end date (YYYY-MM-DD) stops: 00:00:00.000 UTC of that day. */
export const subscriptionEndTimestamp = (subscriptionEndDate: string): string => `${subscriptionEndDate}T00:00:00.000Z`;

export function billingPeriod(subscriptionEndDate: string | null, now: Date): BillingPeriod | null {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const monthStart = Date.UTC(year, month, 1);
  const nextMonthStart = Date.UTC(year, month + 1, 1);
  if (subscriptionEndDate === null) return { start: utcDay(monthStart), end: utcDay(nextMonthStart) };
  const subscriptionEnd = Date.parse(subscriptionEndTimestamp(subscriptionEndDate));
  if (Number.isNaN(subscriptionEnd) || now.getTime() >= subscriptionEnd) return null;
  return { start: utcDay(monthStart), end: utcDay(Math.min(nextMonthStart, subscriptionEnd)) };
}
