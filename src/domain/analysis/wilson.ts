/** A share's plausible range: both bounds in the unit of the share (0..1). */
export interface Interval {
  low: number;
  high: number;
}

/** z for a two-sided 95 % interval. */
const Z_95 = 1.96;

/**
 * The Wilson score interval of `successes` out of `trials` (z = 1.96, `{0, 0}` without
 * trials). Unlike the normal approximation it stays inside 0..1 and is honest about small samples: 1 run out
 * of 1 gives 0.21..1, not 1..1. The bounds at 0 and at `trials` are exact, not rounding noise.
 */
export function wilsonInterval(successes: number, trials: number, z: number = Z_95): Interval {
  if (trials <= 0) return { low: 0, high: 0 };
  const share = successes / trials;
  const zSquared = z * z;
  const denominator = 1 + zSquared / trials;
  const center = (share + zSquared / (2 * trials)) / denominator;
  const halfWidth = (z * Math.sqrt((share * (1 - share)) / trials + zSquared / (4 * trials * trials))) / denominator;
  return {
    low: successes <= 0 ? 0 : Math.max(0, center - halfWidth),
    high: successes >= trials ? 1 : Math.min(1, center + halfWidth),
  };
}
