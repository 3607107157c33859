import {
  finalizeRunTotals,
  rankBrands,
  wilsonInterval,
  type BrandMetrics,
  type WindowMetrics,
} from '../../../domain/analysis/index.js';
import type { WindowDay } from '../../../projections/reportHistory/reader.js';
import type { BrandReportStats } from './statsSchema.js';

/** Rates in /stats are percentages. */
export const percent = (fraction: number): number => fraction * 100;

export const logoUrl = (domain: string): string => `https://${domain}/favicon.ico`;

/** A brand's coverage (section 4, by `finalizeRunTotals`) with the evidence behind it, in percent. */
export function coverage({ brandCoverage, mentionedRuns }: Pick<BrandMetrics, 'brandCoverage' | 'mentionedRuns'>, runs: number) {
  const { low, high } = wilsonInterval(mentionedRuns, runs);
  return { brandCoverage: percent(brandCoverage), runs, mentionedRuns, brandCoverageInterval: { low: percent(low), high: percent(high) } };
}

export interface DayFigures {
  date: string;
  metrics: WindowMetrics;
  ranks: Map<string, number>;
}

/** The days of the window that have runs, with each brand's figures and brandRank that day. */
export function dayFigures(days: readonly WindowDay[]): DayFigures[] {
  return days
    .map(({ day, totals }) => ({ date: day, metrics: finalizeRunTotals(totals) }))
    .filter(({ metrics }) => metrics.runs > 0)
    .map(({ date, metrics }) => ({ date, metrics, ranks: new Map(rankBrands(metrics.brands).map(({ brand, rank }) => [brand, rank])) }));
}

/** Mean of a brand's daily rank over the days with runs (`averageRank`); null without days. */
export function averageRank(days: readonly DayFigures[], brand: string): number | null {
  if (days.length === 0) return null;
  return days.reduce((sum, { ranks }) => sum + (ranks.get(brand) ?? 0), 0) / days.length;
}

export type Series = Omit<BrandReportStats['allBrandsAnalysis'], 'brandMentions'>;

/**
 * The five daily series of /stats: one entry per day with runs; each lists the tracked brands in report order
 * (domains: the brands that have one). `domains` is aligned with the detection's brands ('' for none).
 */
export function dailySeries(days: readonly DayFigures[], domains: readonly string[]): Series {
  const entries = <Extra>(extra: (brand: BrandMetrics, day: DayFigures) => Extra) =>
    days.map((day) => ({ date: day.date, brands: day.metrics.brands.map((brand) => ({ brand: brand.brand, isMainBrand: brand.isMainBrand, ...extra(brand, day) })) }));
  return {
    brandRankHistory: entries((brand, day) => ({ rank: day.ranks.get(brand.brand) ?? 0 })),
    brandCoverageHistory: entries((brand, day) => {
      const { brandCoverage, ...evidence } = coverage(brand, day.metrics.runs);
      return { coverage: brandCoverage, ...evidence };
    }),
    brandPositionHistory: entries((brand) => ({ position: brand.averagePosition })),
    brandVisibilityIndex: entries((brand) => ({
      visibilityScore: percent(brand.visibilityScore),
      brandCoverage: percent(brand.brandCoverage),
      likelihoodToBuy: percent(brand.likelihoodToBuy),
    })),
    domainCoverageHistory: days.map(({ date, metrics }) => ({
      date,
      domains: metrics.brands.flatMap((brand, index) => {
        const domain = domains[index] ?? '';
        if (domain === '') return [];
        return [{ domain, brand: brand.brand, isMainBrand: brand.isMainBrand, logoUrl: logoUrl(domain), coverage: percent(brand.domainCoverage) }];
      }),
    })),
  };
}
