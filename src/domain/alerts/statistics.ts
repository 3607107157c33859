import { addDays } from '../shared/days.js';
import { twoSidedP } from './normal.js';

/** Runs counted in one window and those among them that name the brand (or the watched competitor). */
export interface WindowCounts {
  runs: number;
  mentionedRuns: number;
}

export interface DayRange {
  from: string;
  to: string;
}

/** The current window is the 7 days ending on the latest day with runs, the baseline the 28 before it. */
export function alertWindows(latestDay: string): { current: DayRange; baseline: DayRange } {
  return {
    current: { from: addDays(latestDay, -6), to: latestDay },
    baseline: { from: addDays(latestDay, -34), to: addDays(latestDay, -7) },
  };
}

/**
 * The pooled two-proportion z-test (two-sided) of `current` against `baseline`. Without runs on either side, or
 * with a pooled share of 0 or 1 (no variance), there is no evidence of a change: z 0, p 1.
 */
export function twoProportionZTest(current: WindowCounts, baseline: WindowCounts): { z: number; pValue: number } {
  const runs = current.runs + baseline.runs;
  if (current.runs === 0 || baseline.runs === 0) return { z: 0, pValue: 1 };
  const pooled = (current.mentionedRuns + baseline.mentionedRuns) / runs;
  const variance = pooled * (1 - pooled) * (1 / current.runs + 1 / baseline.runs);
  if (variance === 0) return { z: 0, pValue: 1 };
  const z = (current.mentionedRuns / current.runs - baseline.mentionedRuns / baseline.runs) / Math.sqrt(variance);
  return { z, pValue: twoSidedP(z) };
}

export type CoverageDirection = 'drop' | 'rise';

export interface CoverageStatistics {
  test: 'two-proportion z';
  z: number;
  pValue: number;
  current: DayRange & WindowCounts & { coverage: number };
  baseline: DayRange & WindowCounts & { coverage: number };
  /** Current coverage minus baseline coverage, in percentage points. */
  change: number;
  threshold: number;
}

/** The significance level of section 14. */
export const SIGNIFICANCE = 0.05;

const percent = (counts: WindowCounts): number => (counts.runs === 0 ? 0 : (100 * counts.mentionedRuns) / counts.runs);

/** The statistics an alert of a coverage kind carries, whether or not it is raised. */
export function coverageStatistics(windows: { current: DayRange; baseline: DayRange }, current: WindowCounts, baseline: WindowCounts, threshold: number): CoverageStatistics {
  const { z, pValue } = twoProportionZTest(current, baseline);
  const currentCoverage = percent(current);
  const baselineCoverage = percent(baseline);
  return {
    test: 'two-proportion z',
    z,
    pValue,
    current: { ...windows.current, ...current, coverage: currentCoverage },
    baseline: { ...windows.baseline, ...baseline, coverage: baselineCoverage },
    change: currentCoverage - baselineCoverage,
    threshold,
  };
}

/** Raised only when the change is significant (p < 0.05) and at least `threshold` points in the watched direction. */
export function isSignificantChange(statistics: CoverageStatistics, direction: CoverageDirection): boolean {
  const signed = direction === 'drop' ? -statistics.change : statistics.change;
  return statistics.pValue < SIGNIFICANCE && signed >= statistics.threshold;
}
