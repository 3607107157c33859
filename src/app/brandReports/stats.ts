import {
  finalizeRunTotals,
  rankBrands,
  wilsonInterval,
  type BrandMetrics,
  type CompiledDetection,
  type RunTotals,
  type WindowMetrics,
} from '../../domain/analysis/index.js';
import { ENGINES } from '../../domain/shared/engines.js';
import { addCompactTotals, decodeTotals, emptyCompactTotals, type CompactTotals } from '../../projections/reportHistory/compactRows.js';
import type { Principal } from '../shared/principal.js';
import type { Services } from '../shared/services.js';
import { analyticsScope, type AnalyticsQuery } from './analyticsScope.js';
import { daySlices, type DaySlice } from './daySlices.js';
import type { BrandReportStats } from './statsSchema.js';
import { suggestedNames } from './suggestedNames.js';

/** contract.md section 8: rates in /stats are percentages. */
const percent = (fraction: number): number => fraction * 100;

const MAX_DETECTED_BRANDS = 50;

/** A brand's coverage (section 4, by `finalizeRunTotals`) with the evidence behind it, in percent. */
function coverage({ brandCoverage, mentionedRuns }: Pick<BrandMetrics, 'brandCoverage' | 'mentionedRuns'>, runs: number) {
  const { low, high } = wilsonInterval(mentionedRuns, runs);
  return { brandCoverage: percent(brandCoverage), runs, mentionedRuns, brandCoverageInterval: { low: percent(low), high: percent(high) } };
}

const NO_BRAND = { brandCoverage: 0, mentionedRuns: 0 };

/**
 * The window's totals in the analysis module's terms. Stored totals of one version are summed column by
 * column first (as the projection sums runs into them), so a 90-day window decodes one row set, not 630.
 */
function windowTotals(detection: CompiledDetection, stored: readonly CompactTotals[]): RunTotals {
  return decodeTotals(stored.reduce((total, totals) => addCompactTotals(total, totals), emptyCompactTotals(detection.brands.length)), detection.brands);
}

interface DayFigures {
  date: string;
  metrics: WindowMetrics;
  ranks: Map<string, number>;
}

function dayFigures(slices: readonly DaySlice[], detection: CompiledDetection): DayFigures[] {
  return slices
    .map(({ day, totals }) => ({ date: day, metrics: finalizeRunTotals(windowTotals(detection, [totals])) }))
    .filter(({ metrics }) => metrics.runs > 0)
    .map(({ date, metrics }) => ({ date, metrics, ranks: new Map(rankBrands(metrics.brands).map(({ brand, rank }) => [brand, rank])) }));
}

type Histories = Omit<BrandReportStats['allBrandsAnalysis'], 'brandMentions'>;

/** One entry per day with runs; each lists the tracked brands in report order. */
function histories(days: readonly DayFigures[]): Histories {
  const entries = <Extra>(extra: (brand: BrandMetrics, day: DayFigures) => Extra) =>
    days.map((day) => ({ date: day.date, brands: day.metrics.brands.map((brand) => ({ brand: brand.brand, isMainBrand: brand.isMainBrand, ...extra(brand, day) })) }));
  return {
    brandRankHistory: entries((brand, day) => ({ rank: day.ranks.get(brand.brand) ?? 0 })),
    brandCoverageHistory: entries((brand, day) => {
      const { brandCoverage, ...evidence } = coverage(brand, day.metrics.runs);
      return { coverage: brandCoverage, ...evidence };
    }),
    brandPositionHistory: entries((brand) => ({ position: brand.averagePosition })),
  };
}

/** Per engine with runs, in the API's engine order: the main brand's coverage on it. */
function engineBreakdown(slices: readonly DaySlice[], detection: CompiledDetection): BrandReportStats['engines'] {
  return ENGINES.flatMap((engine) => {
    const stored = slices.flatMap(({ engines }) => engines.filter((section) => section.engine === engine).map(({ totals }) => totals));
    const metrics = finalizeRunTotals(windowTotals(detection, stored));
    return metrics.runs === 0 ? [] : [{ engine, ...coverage(metrics.brands[0] ?? NO_BRAND, metrics.runs) }];
  });
}

function detectedBrands(slices: readonly DaySlice[], window: WindowMetrics): BrandReportStats['detectedBrands'] {
  const untracked = suggestedNames(slices.flatMap(({ names }) => names));
  return [...window.brands.map(({ brand, mentions }) => ({ name: brand, mentions })), ...untracked.map(({ name, mentions }) => ({ name, mentions }))]
    .sort((left, right) => right.mentions - left.mentions || (left.name < right.name ? -1 : left.name > right.name ? 1 : 0))
    .slice(0, MAX_DETECTED_BRANDS);
}

/** Every figure of /stats from the days of its window (contract.md sections 4 and 8). Pure. */
function statsOfSlices(slices: readonly DaySlice[], detection: CompiledDetection): Omit<BrandReportStats, 'id' | 'isRecalculating' | 'totalPrompts' | 'brand'> {
  const days = dayFigures(slices, detection);
  const totals = windowTotals(detection, slices.map(({ totals: day }) => day));
  const window = finalizeRunTotals(totals);
  const sentenceCounts = new Map(totals.brands.map(({ brand, sentences }) => [brand, sentences]));
  const ranked = rankBrands(window.brands);
  const main = window.brands[0];
  const mainRanks = days.map(({ ranks }) => ranks.get(main?.brand ?? '') ?? 0);
  const totalMentions = window.brands.reduce((sum, { mentions }) => sum + mentions, 0);
  return {
    summary: {
      averageRank: mainRanks.length === 0 ? null : mainRanks.reduce((sum, rank) => sum + rank, 0) / mainRanks.length,
      averagePosition: main?.averagePosition ?? null,
      totalMentions,
      totalSources: window.domainCategories.reduce((sum, { value }) => sum + value, 0),
      shareOfVoice: percent(main?.shareOfVoice ?? 0),
      domainCoverage: percent(main?.domainCoverage ?? 0),
      mentions: main?.mentions ?? 0,
      domainCitedRuns: main?.domainCitedRuns ?? 0,
      ...coverage(main ?? NO_BRAND, window.runs),
    },
    detectedBrands: detectedBrands(slices, window),
    allBrandsAnalysis: {
      brandMentions: ranked.map((brand) => ({
        brand: brand.brand,
        isMainBrand: brand.isMainBrand,
        rank: brand.rank,
        mentions: brand.mentions,
        shareOfVoice: percent(brand.shareOfVoice),
        ...coverage(brand, window.runs),
        averagePosition: brand.averagePosition,
        sentiment: brand.sentiment,
        sentences: sentenceCounts.get(brand.brand) ?? { positive: 0, neutral: 0, negative: 0 },
      })),
      ...histories(days),
    },
    engines: engineBreakdown(slices, detection),
  };
}

export async function getBrandReportStats(services: Services, principal: Principal, reportId: string, query: AnalyticsQuery): Promise<BrandReportStats> {
  const scope = await analyticsScope(services, principal, reportId, query);
  const { brand, brandDomain, brandDomainWildcard } = scope.version.detection;
  const slices = scope.prompts.length === 0 ? [] : await daySlices(services, scope);
  return {
    id: reportId,
    isRecalculating: scope.isRecalculating,
    totalPrompts: scope.prompts.length,
    brand: { brand, brandDomain, brandDomainWildcard },
    ...statsOfSlices(slices, scope.detection),
  };
}
