import { describe, expect, it } from '@jest/globals';
import { twoSidedP } from '../../../src/domain/alerts/normal.js';
import { alertWindows, coverageStatistics, isSignificantChange, twoProportionZTest } from '../../../src/domain/alerts/statistics.js';

describe('the two-sided p-value of a standard normal statistic', () => {
  // The standard normal table's critical values: z for a two-sided 0.10, 0.05, 0.01 and 0.001 (any statistics reference).
  it.each([
    [0, 1],
    [1, 0.3173],
    [1.644854, 0.1],
    [1.959964, 0.05],
    [-1.959964, 0.05],
    [2.575829, 0.01],
    [3.290527, 0.001],
  ])('z = %p gives p = %p', (z, p) => {
    expect(twoSidedP(z)).toBeCloseTo(p, 4);
    expect(Math.abs(twoSidedP(z) - p) / p).toBeLessThan(1e-3);
  });
});

describe('the pooled two-proportion z-test', () => {
  it('90 of 200 against 120 of 200: pooled 0.525, z = -0.15 / 0.049937 = -3.0038, p = 0.0027', () => {
    const { z, pValue } = twoProportionZTest({ runs: 200, mentionedRuns: 90 }, { runs: 200, mentionedRuns: 120 });
    expect(z).toBeCloseTo(-3.00376, 4);
    expect(pValue).toBeCloseTo(0.002667, 5);
  });

  it('is symmetric: swapping the windows flips z and keeps p', () => {
    const forward = twoProportionZTest({ runs: 50, mentionedRuns: 20 }, { runs: 80, mentionedRuns: 50 });
    const backward = twoProportionZTest({ runs: 80, mentionedRuns: 50 }, { runs: 50, mentionedRuns: 20 });
    expect(backward.z).toBeCloseTo(-forward.z, 10);
    expect(backward.pValue).toBeCloseTo(forward.pValue, 10);
  });

  it.each([
    ['no current runs', { runs: 0, mentionedRuns: 0 }, { runs: 10, mentionedRuns: 5 }],
    ['no baseline runs', { runs: 10, mentionedRuns: 5 }, { runs: 0, mentionedRuns: 0 }],
    ['every run mentions the brand', { runs: 10, mentionedRuns: 10 }, { runs: 30, mentionedRuns: 30 }],
    ['no run mentions the brand', { runs: 10, mentionedRuns: 0 }, { runs: 30, mentionedRuns: 0 }],
  ])('with %s there is no evidence: z 0, p 1', (_, current, baseline) => {
    expect(twoProportionZTest(current, baseline)).toEqual({ z: 0, pValue: 1 });
  });
});

describe('coverage alerts', () => {
  const windows = alertWindows('2026-11-15');

  it('the current window is the 7 days ending on the latest day, the baseline the 28 days before', () => {
    expect(windows).toEqual({ current: { from: '2026-11-09', to: '2026-11-15' }, baseline: { from: '2026-10-12', to: '2026-11-08' } });
  });

  it('a drop from 60 % to 30 % (84 of 140 baseline runs, 10 of 35 current) is raised: p = 0.00085', () => {
    const statistics = coverageStatistics(windows, { runs: 35, mentionedRuns: 10 }, { runs: 140, mentionedRuns: 84 }, 5);
    expect(statistics).toMatchObject({ test: 'two-proportion z', threshold: 5, current: { runs: 35, mentionedRuns: 10, from: '2026-11-09' }, baseline: { runs: 140, mentionedRuns: 84, coverage: 60 } });
    expect(statistics.z).toBeCloseTo(-3.3353, 4);
    expect(statistics.pValue).toBeCloseTo(0.000852, 5);
    expect(statistics.change).toBeCloseTo(-31.43, 2);
    expect(isSignificantChange(statistics, 'drop')).toBe(true);
    expect(isSignificantChange(statistics, 'rise')).toBe(false);
  });

  it('a drop from 60 % to 55 % on 40 runs a window is noise: p = 0.65, nothing raised', () => {
    const statistics = coverageStatistics(windows, { runs: 40, mentionedRuns: 22 }, { runs: 40, mentionedRuns: 24 }, 5);
    expect(statistics.pValue).toBeCloseTo(0.651, 3);
    expect(statistics.change).toBeCloseTo(-5, 10);
    expect(isSignificantChange(statistics, 'drop')).toBe(false);
  });

  it('a significant change smaller than the threshold is not raised', () => {
    const statistics = coverageStatistics(windows, { runs: 4000, mentionedRuns: 2320 }, { runs: 16000, mentionedRuns: 9600 }, 5);
    expect(statistics.pValue).toBeLessThan(0.05);
    expect(statistics.change).toBeCloseTo(-2, 10);
    expect(isSignificantChange(statistics, 'drop')).toBe(false);
    expect(isSignificantChange({ ...statistics, threshold: 2 }, 'drop')).toBe(true);
  });
});
