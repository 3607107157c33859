import { emptyRunTotals, finalizeRunTotals, rankBrands, type WindowMetrics } from '../../../domain/analysis/index.js';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import { normalizeDomain } from '../../../domain/brandReport/normalizeDomain.js';
import { ENGINES } from '../../../domain/shared/engines.js';
import type { Services } from '../../shared/services.js';
import { historyReader, type WindowSlices } from '../../../projections/reportHistory/reader.js';
import { analyticsScope, historyFilter, type AnalyticsQuery } from '../history/analyticsScope.js';
import type { BrandReportStats } from './statsSchema.js';
import { averageRank, coverage, dailySeries, dayFigures, logoUrl, percent, type DayFigures } from './statsSeries.js';
import { newestVersionState, statsStatus } from './statsStatus.js';
import { suggestedNames } from './suggestedNames.js';

const MAX_DETECTED_BRANDS = 50;

const NO_BRAND = { brandCoverage: 0, mentionedRuns: 0 };

/** Per engine with runs, in the API's engine order: the main brand's coverage on it. */
function engineBreakdown(slices: WindowSlices): BrandReportStats['engines'] {
  return ENGINES.flatMap((engine) => {
    const totals = slices.engines.get(engine);
    const metrics = totals && finalizeRunTotals(totals);
    return !metrics || metrics.runs === 0 ? [] : [{ engine, ...coverage(metrics.brands[0] ?? NO_BRAND, metrics.runs) }];
  });
}

/** Untracked names only (the suggestions' extractor leaves the tracked ones out), most mentions first. */
function detectedBrands(slices: WindowSlices): BrandReportStats['detectedBrands'] {
  return suggestedNames(slices.names)
    .map(({ name, mentions }) => ({ name, mentions }))
    .sort((left, right) => right.mentions - left.mentions || (left.name < right.name ? -1 : left.name > right.name ? 1 : 0))
    .slice(0, MAX_DETECTED_BRANDS);
}

/** The tracked brands in report order with the real API's competitor figures, in percent. */
function competitorBrands(window: WindowMetrics, days: readonly DayFigures[], domains: readonly string[]): BrandReportStats['competitorBrandsAnalysis']['brandMentions'] {
  return window.brands.map((brand, index) => {
    const domain = domains[index] ?? '';
    return {
      brand: brand.brand,
      domain,
      logoUrl: domain === '' ? null : logoUrl(domain),
      isMainBrand: brand.isMainBrand,
      mentions: brand.mentions,
      shareOfVoice: percent(brand.shareOfVoice),
      domainCoverage: percent(brand.domainCoverage),
      domainCitations: brand.domainCitations,
      averageRank: averageRank(days, brand.brand),
      averagePosition: brand.averagePosition,
      visibilityScore: percent(brand.visibilityScore),
      likelihoodToBuy: percent(brand.likelihoodToBuy),
      sentiment: brand.sentiment,
      ...coverage(brand, window.runs),
    };
  });
}

function summary(window: WindowMetrics, days: readonly DayFigures[]): BrandReportStats['summary'] {
  const main = window.brands[0];
  return {
    averageRank: main ? averageRank(days, main.brand) : null,
    averagePosition: main?.averagePosition ?? null,
    totalMentions: window.brands.reduce((sum, { mentions }) => sum + mentions, 0),
    totalSources: window.domainCategories.reduce((sum, { value }) => sum + value, 0),
    shareOfVoice: percent(main?.shareOfVoice ?? 0),
    domainCoverage: percent(main?.domainCoverage ?? 0),
    mentions: main?.mentions ?? 0,
    domainCitedRuns: main?.domainCitedRuns ?? 0,
    ...coverage(main ?? NO_BRAND, window.runs),
  };
}

type SliceFigures = Omit<BrandReportStats, 'id' | 'status' | 'isRecalculating' | 'totalPrompts' | 'brand'>;

/**
 * Every figure of /stats from the days of its window. Pure. `domains` is the
 * domain of each tracked brand, in the detection's order ('' for none).
 */
function statsOfSlices(slices: WindowSlices, domains: readonly string[]): SliceFigures {
  const days = dayFigures(slices.days);
  const { totals } = slices;
  const window = finalizeRunTotals(totals);
  const sentenceCounts = new Map(totals.brands.map(({ brand, sentences }) => [brand, sentences]));
  const series = dailySeries(days, domains);
  return {
    summary: summary(window, days),
    detectedBrands: detectedBrands(slices),
    allBrandsAnalysis: {
      brandMentions: rankBrands(window.brands).map((brand) => ({
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
      ...series,
    },
    competitorBrandsAnalysis: { brandMentions: competitorBrands(window, days, domains), ...series },
    engines: engineBreakdown(slices),
  };
}

export async function getBrandReportStats(services: Services, report: BrandReportDoc, query: AnalyticsQuery): Promise<BrandReportStats> {
  const scope = await analyticsScope(services, report, query);
  const { detection } = scope.version;
  const slices =
    scope.prompts.length === 0
      ? { days: [], totals: emptyRunTotals(scope.detection.brands), engines: new Map(), names: [] }
      : await historyReader(services.readModels).windowSlices(scope.version, scope.window, historyFilter(scope), scope.detection.brands);
  const figures = statsOfSlices(slices, [detection, ...detection.competitors].map(({ brandDomain }) => normalizeDomain(brandDomain)));
  return {
    id: report._id,
    status: statsStatus(scope.version, await newestVersionState(services, scope.version), figures.summary.runs),
    isRecalculating: scope.isRecalculating,
    totalPrompts: scope.prompts.length,
    brand: { brand: detection.brand, brandDomain: detection.brandDomain, brandDomainWildcard: detection.brandDomainWildcard },
    ...figures,
  };
}
