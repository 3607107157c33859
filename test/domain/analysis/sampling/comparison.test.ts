import { describe, expect, test } from '@jest/globals';
import { twoProportionZTest } from '../../../../src/domain/alerts/statistics.js';
import { changeZTest, compareRates, ratioSumsOf, type RatioCell } from '../../../../src/domain/analysis/sampling/index.js';

/** `count` cells of `runs` runs, `mentioned` of them naming the brand. */
const cells = (count: number, mentioned: number, runs: number): RatioCell[] => Array.from({ length: count }, () => ({ x: runs, y: mentioned, runs }));
const window = (...groups: RatioCell[][]) => ratioSumsOf(groups.flat());

describe('the verdict on a rate between two windows', () => {
  test('one run per cell: the pooled two-proportion test, 10 of 40 against 20 of 40 gives z = 2.3094, p = 0.0209, up', () => {
    const previous = window(cells(10, 1, 1), cells(30, 0, 1));
    const current = window(cells(20, 1, 1), cells(20, 0, 1));
    const comparison = compareRates(previous, current, 100);
    expect(comparison).toMatchObject({ previous: 25, current: 50, change: 25, verdict: 'up' });
    expect(comparison.z).toBeCloseTo(2.3094, 4);
    expect(comparison.pValue).toBeCloseTo(0.0209, 4);
    const pooled = twoProportionZTest({ runs: 40, mentionedRuns: 20 }, { runs: 40, mentionedRuns: 10 });
    expect(comparison.z).toBe(pooled.z);
    expect(comparison.pValue).toBe(pooled.pValue);
    expect(changeZTest(previous, current).test).toBe('two-proportion z');
  });

  test('replicates that agree within days: 50 % against 70 % over 30 cells of 3 is within noise (z = 1.588, p = 0.112)', () => {
    // v₁ = 30/29 · 30 · 2.25 / 90², v₂ = 30/29 · (21 · 0.9² + 9 · 2.1²) / 90²; the run-level test would say p = 0.006.
    const previous = window(cells(15, 3, 3), cells(15, 0, 3));
    const current = window(cells(21, 3, 3), cells(9, 0, 3));
    const comparison = compareRates(previous, current, 100);
    expect(comparison.previous).toBe(50);
    expect(comparison.current).toBeCloseTo(70, 10);
    expect(comparison.z).toBeCloseTo(1.588, 3);
    expect(comparison.pValue).toBeCloseTo(0.1123, 4);
    expect(comparison.verdict).toBe('within_noise');
    expect(changeZTest(previous, current).test).toBe('cell-clustered z');
    expect(twoProportionZTest({ runs: 90, mentionedRuns: 63 }, { runs: 90, mentionedRuns: 45 }).pValue).toBeCloseTo(0.0062, 4);
  });

  test('fewer than 30 cells on either side: not enough data, z and p null', () => {
    const comparison = compareRates(window(cells(29, 0, 3)), window(cells(40, 3, 3)), 100);
    expect(comparison).toEqual({ previous: 0, current: 100, change: 100, z: null, pValue: null, verdict: 'not_enough_data' });
  });

  test.each([
    ['equal rates without variance (every replicate named): within noise', cells(30, 3, 3), cells(30, 3, 3), 'within_noise'],
    ['from never named to always named, without variance: up', cells(30, 0, 3), cells(30, 3, 3), 'up'],
    ['from always to never: down', cells(30, 3, 3), cells(30, 0, 3), 'down'],
    ['one run per cell, always named on both sides (pooled share 1): within noise', cells(30, 1, 1), cells(30, 1, 1), 'within_noise'],
  ])('a zero denominator, %s', (_name, previous, current, verdict) => {
    expect(compareRates(ratioSumsOf(previous), ratioSumsOf(current), 100)).toMatchObject({ z: null, pValue: null, verdict });
  });

  test('a clear fall with replicates is down', () => {
    const comparison = compareRates(window(cells(25, 3, 3), cells(5, 0, 3)), window(cells(5, 3, 3), cells(25, 0, 3)), 1);
    expect(comparison.verdict).toBe('down');
    expect(comparison.change).toBeCloseTo(-2 / 3, 10);
    expect(comparison.pValue).toBeLessThan(0.05);
  });
});
