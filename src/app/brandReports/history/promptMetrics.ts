import {
  combineRunTotals,
  coverageHistory,
  emptyRunTotals,
  finalizeRunTotals,
  rankBrands,
  type CompiledDetection,
  type CoveragePoint,
  type DayTotals,
} from '../../../domain/analysis/index.js';
import { decodeTotals } from '../../../projections/reportHistory/compactRows.js';
import type { DayDoc } from '../../../projections/reportHistory/reader.js';

export interface BrandRankEntry {
  brand: string;
  rank: number;
  mentions: number;
  brandCoverage: number;
  sentiment: { positive: number; neutral: number; negative: number; nss: number };
}

export interface PromptMetrics {
  brandCoverageHistory: CoveragePoint[];
  brandRank: BrandRankEntry[];
  domainCategories: { category: string; value: number }[];
}

/**
 * The figures of a prompt detail from the day documents of its window (contract.md section 4): every tracked
 * brand is ranked even when the window has no run, so the answer always lists the report's brands.
 */
export function promptMetrics(days: readonly DayDoc[], detection: CompiledDetection, engines?: ReadonlySet<string>): PromptMetrics {
  const dayTotals: DayTotals[] = days.flatMap(({ day, all, engines: engineDays }) =>
    engines
      ? engineDays.filter(({ engine }) => engines.has(engine)).map(({ totals }) => ({ date: day, totals: decodeTotals(totals, detection.brands) }))
      : [{ date: day, totals: decodeTotals(all, detection.brands) }],
  );
  const window = finalizeRunTotals(combineRunTotals(emptyRunTotals(detection.brands), ...dayTotals.map(({ totals }) => totals)));
  return {
    brandCoverageHistory: coverageHistory(dayTotals),
    brandRank: rankBrands(window.brands).map(({ brand, rank, mentions, brandCoverage, sentiment }) => ({
      brand,
      rank,
      mentions,
      brandCoverage,
      sentiment,
    })),
    domainCategories: window.domainCategories,
  };
}
