/**
 * The complementary error function, erfc(x), by the Chebyshev fit of Numerical Recipes (2nd ed., section 6.2,
 * `erfcc`): fractional error below 1.2e-7 everywhere, enough for p-values read to four significant digits.
 */
export function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const polynomial =
    -x * x -
    1.26551223 +
    t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const value = t * Math.exp(polynomial);
  return x >= 0 ? value : 2 - value;
}

/** The two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|) = erfc(|z| / √2). */
export const twoSidedP = (z: number): number => Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
