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
 * The figures of a prompt detail from the decoded days of its window: every tracked
 * brand is ranked even when the window has no run, so the answer always lists the report's brands.
 */
export function promptMetrics(dayTotals: readonly DayTotals[], detection: CompiledDetection): PromptMetrics {
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
