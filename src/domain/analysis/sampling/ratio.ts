import { wilsonInterval, type Interval } from '../wilson.js';

/**
 * One rate's counts in one cell (a prompt, engine, country and day): `y` the numerator, `x` the denominator, and
 * the cell's runs (which differ from `x` for share of voice, whose denominator is mentions).
 */
export interface RatioCell {
  x: number;
  y: number;
  runs: number;
}

/**
 * What a rate's interval needs from any set of cells, as sums that add over cells, days, engines and windows:
 * `cells` the cells with x > 0 (m), the sums of x, y, x², xy and y², and the most runs any cell holds.
 */
export interface RatioSums {
  cells: number;
  x: number;
  y: number;
  xx: number;
  xy: number;
  yy: number;
  maxRuns: number;
}

export const emptyRatioSums = (): RatioSums => ({ cells: 0, x: 0, y: 0, xx: 0, xy: 0, yy: 0, maxRuns: 0 });

/** Adds one cell into `into`, in place. A cell without a denominator adds nothing but its runs. */
export function addRatioCell(into: RatioSums, { x, y, runs }: RatioCell): void {
  into.maxRuns = Math.max(into.maxRuns, runs);
  if (x <= 0) return;
  into.cells += 1;
  into.x += x;
  into.y += y;
  into.xx += x * x;
  into.xy += x * y;
  into.yy += y * y;
}

/** Adds sums of other cells into `into`, in place. */
export function addRatioSums(into: RatioSums, addition: RatioSums): void {
  into.cells += addition.cells;
  into.x += addition.x;
  into.y += addition.y;
  into.xx += addition.xx;
  into.xy += addition.xy;
  into.yy += addition.yy;
  into.maxRuns = Math.max(into.maxRuns, addition.maxRuns);
}

export function ratioSumsOf(cells: readonly RatioCell[]): RatioSums {
  const sums = emptyRatioSums();
  for (const cell of cells) addRatioCell(sums, cell);
  return sums;
}

/** r = Σy / Σx (0 without a denominator). */
export const ratio = (sums: RatioSums): number => (sums.x > 0 ? sums.y / sums.x : 0);

/**
 * The ratio estimator's cluster variance, v = m/(m − 1) · Σ(y_i − r·x_i)² / (Σx)², with the squares expanded into
 * Σy² − 2r·Σxy + r²·Σx². 0 for fewer than two cells. Rounding can leave a tiny negative residual; it is 0.
 */
export function clusterVariance(sums: RatioSums): number {
  if (sums.cells < 2 || sums.x <= 0) return 0;
  const r = ratio(sums);
  const residuals = Math.max(0, sums.yy - 2 * r * sums.xy + r * r * sums.xx);
  return ((sums.cells / (sums.cells - 1)) * residuals) / (sums.x * sums.x);
}

/**
 * The number of independent runs that would give the same precision: Σx when every cell has at most one run, when
 * m < 2 or when v = 0 (nothing to correct), otherwise min(Σx, r(1 − r)/v).
 */
export function effectiveRuns(sums: RatioSums): number {
  const variance = clusterVariance(sums);
  if (sums.maxRuns <= 1 || sums.cells < 2 || variance === 0) return sums.x;
  const r = ratio(sums);
  return Math.min(sums.x, (r * (1 - r)) / variance);
}

/** A rate with its interval and sample: what every interval of the API is computed from. */
export interface RateEstimate {
  rate: number;
  interval: Interval;
  cells: number;
  effectiveRuns: number;
}

/** The 95 % Wilson score interval of r with n = effectiveRuns (unrounded); with one run per cell, Wilson on runs. */
export function clusteredInterval(sums: RatioSums): RateEstimate {
  const rate = ratio(sums);
  const n = effectiveRuns(sums);
  return { rate, interval: wilsonInterval(rate * n, n), cells: sums.cells, effectiveRuns: n };
}
