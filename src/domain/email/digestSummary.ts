/**
 * The summary cards of a weekly digest: the brand's figures over the digest's week beside the week before, and
 * whether the change of coverage is more than day-to-day variation (the two-proportion z-test of the alerts,
 *). Share of voice, position and mentions are shown with their change, untested: they are
 * not shares of independent runs.
 */
import { finalizeRunTotals, type BrandMetrics, type RunTotals } from '../analysis/metrics.js';
import { SIGNIFICANCE, twoProportionZTest, type DayRange } from '../alerts/statistics.js';
import { addDays } from '../shared/days.js';

export interface DigestWeeks {
  current: DayRange;
  previous: DayRange;
}

/** The 7 days ending on `lastDay`, and the 7 before them. */
export const digestWeeks = (lastDay: string): DigestWeeks => ({
  current: { from: addDays(lastDay, -6), to: lastDay },
  previous: { from: addDays(lastDay, -13), to: addDays(lastDay, -7) },
});

export interface WeekFigures {
  runs: number;
  mentionedRuns: number;
  /** Percent of runs naming the brand. */
  coverage: number;
  /** Percent of the tracked brands' mentions that are the brand's. */
  shareOfVoice: number;
  /** Mean position over the runs naming the brand; null when none does. */
  averagePosition: number | null;
  mentions: number;
}

export interface DigestSummary {
  brand: string;
  weeks: DigestWeeks;
  current: WeekFigures;
  previous: WeekFigures;
  coverageChange: {
    /** Percentage points, current minus previous. */
    points: number;
    z: number;
    pValue: number;
    /** p < 0.05: the change is unlikely to be day-to-day variation. */
    significant: boolean;
  };
  /** Percentage points, current minus previous. */
  shareOfVoiceChange: number;
}

function figures(brand: BrandMetrics | undefined, runs: number): WeekFigures {
  return {
    runs,
    mentionedRuns: brand?.mentionedRuns ?? 0,
    coverage: 100 * (brand?.brandCoverage ?? 0),
    shareOfVoice: 100 * (brand?.shareOfVoice ?? 0),
    averagePosition: brand?.averagePosition ?? null,
    mentions: brand?.mentions ?? 0,
  };
}

/** The main brand's cards from the two weeks' totals (named by the same tracked brands, main brand first). */
export function digestSummary(weeks: DigestWeeks, current: RunTotals, previous: RunTotals): DigestSummary {
  const now = finalizeRunTotals(current);
  const before = finalizeRunTotals(previous);
  const main = (metrics: typeof now) => metrics.brands.find(({ isMainBrand }) => isMainBrand);
  const currentFigures = figures(main(now), now.runs);
  const previousFigures = figures(main(before), before.runs);
  const { z, pValue } = twoProportionZTest(currentFigures, previousFigures);
  return {
    brand: main(now)?.brand ?? main(before)?.brand ?? '',
    weeks,
    current: currentFigures,
    previous: previousFigures,
    coverageChange: { points: currentFigures.coverage - previousFigures.coverage, z, pValue, significant: pValue < SIGNIFICANCE },
    shareOfVoiceChange: currentFigures.shareOfVoice - previousFigures.shareOfVoice,
  };
}
