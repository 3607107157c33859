import { describe, expect, test } from '@jest/globals';
import { clusteredInterval, precisionOf, ratioSumsOf, runsNeeded } from '../../../../src/domain/analysis/sampling/index.js';

describe('how many runs a figure needs for ±5 points', () => {
  test.each([
    // rate, runs, effective runs, runs needed (by hand)
    ['the worked example: ⌈(12 / 5.4) · 1.96² · 0.25 / 0.05²⌉', 0.5, 12, 5.4, 854],
    ['independent runs at 50 %: ⌈384.16⌉', 0.5, 100, 100, 385],
    ['a rate of 0 is taken as 5 %: ⌈1.96² · 0.0475 / 0.0025⌉ = ⌈72.99⌉', 0, 40, 40, 73],
    ['a rate of 1 is taken as 95 %', 1, 40, 40, 73],
    ['a design effect of 3 at 20 %: ⌈3 · 1.96² · 0.16 / 0.0025⌉ = ⌈737.59⌉', 0.2, 30, 10, 738],
    ['without runs the design effect is 1', 0.5, 0, 0, 385],
  ])('%s', (_name, rate, runs, effective, expected) => {
    expect(runsNeeded(rate, runs, effective)).toBe(expected);
  });

  test('the precision of the worked example, in percent: ±32.2 points, 842 more runs', () => {
    const cells = [[3, 3], [0, 3], [2, 3], [1, 3]].map(([y, x]) => ({ x: x as number, y: y as number, runs: x as number }));
    const precision = precisionOf(clusteredInterval(ratioSumsOf(cells)), 12, 100);
    expect(precision).toMatchObject({ cells: 4, runs: 12, effectiveRuns: 5.4, runsNeeded: 854, moreRunsNeeded: 842 });
    expect(precision.halfWidth).toBeCloseTo(32.24, 2);
  });

  test('a figure that already has its runs needs no more', () => {
    const cells = Array.from({ length: 400 }, (_, index) => ({ x: 1, y: index % 2, runs: 1 }));
    const precision = precisionOf(clusteredInterval(ratioSumsOf(cells)), 400, 1);
    expect(precision.runsNeeded).toBe(385);
    expect(precision.moreRunsNeeded).toBe(0);
    expect(precision.halfWidth).toBeLessThan(0.05);
  });
});
