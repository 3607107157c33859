import type { ReferralDayCounts, ReferralPageCounts } from '../../domain/agentLogs/referralCounts.js';
import type { DayWindow } from '../../domain/agentLogs/window.js';
import type { ReadModels } from '../runner/readModels.js';
import { AI_REFERRAL_COLLECTIONS, referralDayCounts, referralPageCounts, type ReferralDayDoc, type ReferralPageDoc } from './documents.js';
import { aiReferralsProjection } from './projection.js';

const inWindow = (reportId: string, { startDate, endDate }: DayWindow) => ({ reportId, day: { $gte: startDate, $lte: endDate } });

/** What the application asks of the referral read model: a report's days and page days in a window. */
export class ReferralReader {
  constructor(private readonly readModels: ReadModels) {}

  /** The report's referrals of each day of the window that has any, in date order. */
  async days(reportId: string, window: DayWindow): Promise<ReferralDayCounts[]> {
    const days = await this.readModels.collection<ReferralDayDoc>(aiReferralsProjection, AI_REFERRAL_COLLECTIONS.days);
    return (await days.find(inWindow(reportId, window), { sort: { day: 1 } })).map(referralDayCounts);
  }

  /** The report's pages with referrals on each day of the window. */
  async pages(reportId: string, window: DayWindow): Promise<ReferralPageCounts[]> {
    const pages = await this.readModels.collection<ReferralPageDoc>(aiReferralsProjection, AI_REFERRAL_COLLECTIONS.pages);
    return (await pages.find(inWindow(reportId, window))).map(referralPageCounts);
  }
}

export const referralReader = (readModels: ReadModels): ReferralReader => new ReferralReader(readModels);
