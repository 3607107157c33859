import {
  alertWindows,
  coverageStatistics,
  isSignificantChange,
  type CoverageStatistics,
  type DayRange,
  type WindowCounts,
} from '../../domain/alerts/statistics.js';
import { combineRunTotals, compileDetection, emptyRunTotals, type RunTotals, type TrackedBrand } from '../../domain/analysis/index.js';
import type { BrandReportDoc } from '../../projections/brandReports/reader.js';
import { historyReader, type ReportVersionDoc } from '../../projections/reportHistory/reader.js';
import type { ReadModels } from '../../projections/index.js';
import type { Services } from '../shared/services.js';
import type { Watch } from './resource.js';
import type { AlertCandidate } from './candidates.js';

/** The kinds decided by the two-proportion z-test on coverage. */
const COVERAGE_KINDS = ['coverage_drop', 'coverage_rise', 'competitor_surge'] as const;
type CoverageKind = (typeof COVERAGE_KINDS)[number];
type CoverageWatch = Watch & { kind: CoverageKind };

export const isCoverageWatch = (watch: Watch): watch is CoverageWatch => (COVERAGE_KINDS as readonly string[]).includes(watch.kind);

/** Prompts named in an alert's evidence: those that moved most in the watched direction. */
const EVIDENCE_PROMPTS = 5;

/** One window's totals over every country of the report: the report's and each prompt's. */
interface WindowTotals {
  report: RunTotals;
  prompts: Map<string, RunTotals>;
}

/** The report's totals over `range` in every country, under `version`, and each prompt's (alerts and digests read them). */
export async function windowTotals(readModels: ReadModels, report: BrandReportDoc, version: ReportVersionDoc, brands: readonly TrackedBrand[], range: DayRange, engines: readonly string[] | null): Promise<WindowTotals> {
  const reader = historyReader(readModels);
  const promptIds = new Set(version.promptIds);
  const prompts = new Map<string, RunTotals>();
  for (const country of report.countries) {
    const window = { country, startDate: range.from, endDate: range.to };
    const found = await reader.windowPromptTotals(version, window, engines ? new Set(engines) : null, promptIds, brands);
    for (const [promptId, totals] of found) prompts.set(promptId, combineRunTotals(prompts.get(promptId) ?? emptyRunTotals(brands), totals));
  }
  return { report: combineRunTotals(emptyRunTotals(brands), ...prompts.values()), prompts };
}

const countsOf = (totals: RunTotals, brandIndex: number): WindowCounts => ({ runs: totals.runs, mentionedRuns: totals.brands[brandIndex]?.mentionedRuns ?? 0 });

const share = (counts: WindowCounts): number => (counts.runs === 0 ? 0 : counts.mentionedRuns / counts.runs);

/** The prompts whose share of runs naming the brand moved most in the watched direction, with their counts. */
function movedPrompts(current: WindowTotals, baseline: WindowTotals, brandIndex: number, sign: 1 | -1) {
  return [...current.prompts]
    .map(([promptId, totals]) => {
      const now = countsOf(totals, brandIndex);
      const before = countsOf(baseline.prompts.get(promptId) ?? emptyRunTotals([]), brandIndex);
      return { promptId, current: now, baseline: before, change: 100 * (share(now) - share(before)) };
    })
    .filter(({ change, baseline: before }) => before.runs > 0 && sign * change > 0)
    .sort((left, right) => sign * (right.change - left.change) || left.promptId.localeCompare(right.promptId))
    .slice(0, EVIDENCE_PROMPTS);
}

/** The brands a coverage watch tests: the main brand, or the competitors (one, when the watch names it). */
function watchedBrands(watch: Watch, brands: readonly TrackedBrand[]): number[] {
  if (watch.kind !== 'competitor_surge') return [0];
  const key = watch.competitor?.toLocaleLowerCase('en');
  return brands.flatMap(({ brand, isMainBrand }, index) => (!isMainBrand && (key === undefined || brand.toLocaleLowerCase('en') === key) ? [index] : []));
}

interface Tested {
  brand: string;
  statistics: CoverageStatistics;
  brandIndex: number;
}

const TITLES: Record<CoverageKind, (brand: string, statistics: CoverageStatistics) => string> = {
  coverage_drop: (brand, { change }) => `${brand}'s coverage fell ${Math.abs(change).toFixed(1)} points`,
  coverage_rise: (brand, { change }) => `${brand}'s coverage rose ${change.toFixed(1)} points`,
  competitor_surge: (brand, { change }) => `Competitor ${brand}'s coverage rose ${change.toFixed(1)} points`,
};

/**
 * The coverage watches' alerts for the current window ending on each watch's `latestDay`: one per
 * watch at most, the most significant brand's when a competitor_surge watch covers several.
 */
export async function coverageAlerts(
  services: Services,
  report: BrandReportDoc,
  version: ReportVersionDoc,
  watches: readonly Watch[],
  latestDayOf: (watch: Watch) => string | null,
): Promise<AlertCandidate[]> {
  const { brands } = compileDetection(version.detection);
  const candidates: AlertCandidate[] = [];
  for (const watch of watches.filter(isCoverageWatch)) {
    const latestDay = latestDayOf(watch);
    if (latestDay === null) continue;
    const windows = alertWindows(latestDay);
    const current = await windowTotals(services.readModels, report, version, brands, windows.current, watch.engines);
    const baseline = await windowTotals(services.readModels, report, version, brands, windows.baseline, watch.engines);
    const direction = watch.kind === 'coverage_drop' ? 'drop' : 'rise';
    const significant: Tested[] = watchedBrands(watch, brands)
      .map((brandIndex) => ({ brandIndex, brand: brands[brandIndex]?.brand ?? '', statistics: coverageStatistics(windows, countsOf(current.report, brandIndex), countsOf(baseline.report, brandIndex), watch.threshold) }))
      .filter(({ statistics }) => isSignificantChange(statistics, direction))
      .sort((left, right) => left.statistics.pValue - right.statistics.pValue);
    const [found] = significant;
    if (!found) continue;
    candidates.push({
      reportId: report._id,
      watchId: watch.id,
      kind: watch.kind,
      date: latestDay,
      title: TITLES[watch.kind](found.brand, found.statistics),
      statistics: { ...found.statistics },
      evidence: { brand: found.brand, engines: watch.engines, prompts: movedPrompts(current, baseline, found.brandIndex, direction === 'drop' ? -1 : 1) },
    });
  }
  return candidates;
}
