import { twoSidedP } from '../../alerts/normal.js';
import { clusterVariance, ratio, type RatioSums } from './ratio.js';

export type Verdict = 'up' | 'down' | 'within_noise' | 'not_enough_data';

/** One rate of two windows: rates in `scale`'s unit (100: percent), `change` in the same unit (points). */
export interface RateComparison {
  previous: number;
  current: number;
  change: number;
  z: number | null;
  pValue: number | null;
  verdict: Verdict;
}

/** Fewer cells than this in either window is not enough data for a verdict. */
export const COMPARISON_MIN_CELLS = 30;
export const COMPARISON_SIGNIFICANCE = 0.05;

export type ChangeTest = 'two-proportion z' | 'cell-clustered z';

/** Whether any cell of either window holds replicates: then the test is the cell-clustered one. */
export const changeTest = (previous: RatioSums, current: RatioSums): ChangeTest =>
  Math.max(previous.maxRuns, current.maxRuns) <= 1 ? 'two-proportion z' : 'cell-clustered z';

/**
 * The denominator of z: √(v₁ + v₂) with each window's cluster variance, or, when no cell of either window has more
 * than one run, the pooled two-proportion test's √(p(1 − p)(1/n₁ + 1/n₂)) with n the windows' denominators.
 */
export function changeStandardError(previous: RatioSums, current: RatioSums): number {
  if (changeTest(previous, current) === 'cell-clustered z') return Math.sqrt(clusterVariance(previous) + clusterVariance(current));
  if (previous.x <= 0 || current.x <= 0) return 0;
  const pooled = (previous.y + current.y) / (previous.x + current.x);
  return Math.sqrt(pooled * (1 - pooled) * (1 / previous.x + 1 / current.x));
}

/** z = (r₂ − r₁) / the standard error above, and its two-sided p; z 0 and p 1 when the error is 0 (no evidence). */
export function changeZTest(previous: RatioSums, current: RatioSums): { test: ChangeTest; z: number; pValue: number } {
  const test = changeTest(previous, current);
  const error = changeStandardError(previous, current);
  if (error === 0) return { test, z: 0, pValue: 1 };
  const z = (ratio(current) - ratio(previous)) / error;
  return { test, z, pValue: twoSidedP(z) };
}

const direction = (change: number): Verdict => (change > 0 ? 'up' : 'down');

/**
 * The verdict on a rate between the previous and the current window: `not_enough_data` under 30 cells on either
 * side; with a zero standard error, `within_noise` when the rates are equal and `up` or `down` otherwise; else `up`
 * or `down` when p < 0.05 and `within_noise` otherwise.
 */
export function compareRates(previous: RatioSums, current: RatioSums, scale: number): RateComparison {
  const rates = { previous: scale * ratio(previous), current: scale * ratio(current) };
  const change = rates.current - rates.previous;
  const absent = { ...rates, change, z: null, pValue: null };
  if (previous.cells < COMPARISON_MIN_CELLS || current.cells < COMPARISON_MIN_CELLS) return { ...absent, verdict: 'not_enough_data' };
  const error = changeStandardError(previous, current);
  if (error === 0) return { ...absent, verdict: ratio(current) === ratio(previous) ? 'within_noise' : direction(change) };
  const z = (ratio(current) - ratio(previous)) / error;
  const pValue = twoSidedP(z);
  return { ...rates, change, z, pValue, verdict: pValue < COMPARISON_SIGNIFICANCE ? direction(change) : 'within_noise' };
}
