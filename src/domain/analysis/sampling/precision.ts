import type { RateEstimate } from './ratio.js';

/** How sure a coverage is, and how many runs a window of its kind needs for ±5 points. */
export interface Precision {
  cells: number;
  runs: number;
  /** Rounded to one decimal. */
  effectiveRuns: number;
  /** Half the interval's width, in the coverage's unit. */
  halfWidth: number;
  runsNeeded: number;
  moreRunsNeeded: number;
}

const Z_95 = 1.96;
/** The half-width `runsNeeded` aims at: 5 points. */
const TARGET_HALF_WIDTH = 0.05;

/** Rounds to one decimal, as the API shows `effectiveRuns`. */
export const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

/** ⌈value⌉ once floating-point noise (384.00000000001) is rounded off. */
const ceilOfExact = (value: number): number => Math.ceil(Math.round(value * 1e9) / 1e9);

/**
 * Runs for a 95 % half-width of 5 points (or `halfWidth`): ⌈deff · 1.96² · r′(1 − r′) / 0.05²⌉, deff = runs /
 * effectiveRuns (1 without runs) and r′ = r clamped to [0.05, 0.95] so that a rate near 0 or 1 still asks for a sample.
 */
export function runsNeeded(rate: number, runs: number, effective: number, halfWidth = TARGET_HALF_WIDTH): number {
  const designEffect = effective > 0 ? runs / effective : 1;
  const clamped = Math.min(0.95, Math.max(0.05, rate));
  return ceilOfExact((designEffect * Z_95 * Z_95 * clamped * (1 - clamped)) / (halfWidth * halfWidth));
}

/** A coverage's precision; `scale` is its unit (100 for percent, 1 for fractions), applied to `halfWidth` only. */
export function precisionOf(estimate: RateEstimate, runs: number, scale: number): Precision {
  const needed = runsNeeded(estimate.rate, runs, estimate.effectiveRuns);
  return {
    cells: estimate.cells,
    runs,
    effectiveRuns: oneDecimal(estimate.effectiveRuns),
    halfWidth: (scale * (estimate.interval.high - estimate.interval.low)) / 2,
    runsNeeded: needed,
    moreRunsNeeded: Math.max(0, needed - runs),
  };
}
