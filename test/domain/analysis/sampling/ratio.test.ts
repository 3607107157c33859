import { describe, expect, test } from '@jest/globals';
import { wilsonInterval } from '../../../../src/domain/analysis/index.js';
import { clusteredInterval, clusterVariance, effectiveRuns, ratioSumsOf, type RatioCell } from '../../../../src/domain/analysis/sampling/index.js';

/** Cells of a coverage: [mentioned runs, runs] each. */
const coverageCells = (...cells: [number, number][]): RatioCell[] => cells.map(([y, x]) => ({ x, y, runs: x }));

describe('the cell-clustered interval of a rate', () => {
  test('the worked example: four cells of three replicates, r = 0.5, v = 4/3 · 5 / 144, 5.4 effective runs, 0.178..0.822', () => {
    const sums = ratioSumsOf(coverageCells([3, 3], [0, 3], [2, 3], [1, 3]));
    expect(clusterVariance(sums)).toBeCloseTo((4 / 3) * (5 / 144), 12);
    const estimate = clusteredInterval(sums);
    expect(estimate.rate).toBe(0.5);
    expect(estimate.cells).toBe(4);
    expect(estimate.effectiveRuns).toBeCloseTo(5.4, 10);
    expect(estimate.interval.low).toBeCloseTo(0.1776, 4);
    expect(estimate.interval.high).toBeCloseTo(0.8224, 4);
    // The plain Wilson interval on the 12 runs would claim 0.254..0.746.
    expect(wilsonInterval(6, 12).low).toBeCloseTo(0.2538, 4);
  });

  test.each([
    // cells, effectiveRuns worked out by hand
    ['replicates that all agree: residuals ±1.5, v = 4/3 · 9 / 144 = 1/12, 0.25 / (1/12) = 3', coverageCells([3, 3], [0, 3], [3, 3], [0, 3]), 3],
    ['replicates that disagree alike in every cell: residuals 0, v = 0, Σx = 9', coverageCells([2, 3], [2, 3], [2, 3]), 9],
    ['a brand never named: r = 0, v = 0, Σx = 6', coverageCells([0, 3], [0, 3]), 6],
    ['one run per cell: Σx = 4 whatever v is', coverageCells([1, 1], [0, 1], [1, 1], [0, 1]), 4],
    ['one cell (m < 2): Σx = 3', coverageCells([2, 3]), 3],
    ['more precise than independent runs (r(1 − r)/v = 8): capped at Σx = 6', coverageCells([1, 2], [2, 2], [1, 2]), 6],
    ['no runs at all: 0', [], 0],
  ])('%s', (_name, cells, expected) => {
    expect(effectiveRuns(ratioSumsOf(cells))).toBeCloseTo(expected, 10);
  });

  test('with one run per cell it is the plain Wilson interval on runs', () => {
    const estimate = clusteredInterval(ratioSumsOf(coverageCells([1, 1], [0, 1], [1, 1], [0, 1], [1, 1])));
    expect(estimate.interval).toEqual(wilsonInterval(3, 5));
  });

  test('share of voice with one run per cell counts its mentions, as before: Wilson on 2 + 3 of 5 + 3 mentions', () => {
    const estimate = clusteredInterval(ratioSumsOf([{ x: 5, y: 2, runs: 1 }, { x: 3, y: 3, runs: 1 }]));
    expect(estimate.effectiveRuns).toBe(8);
    expect(estimate.interval).toEqual(wilsonInterval(5, 8));
  });

  test('a cell without a denominator is not a cell (m counts cells with x > 0)', () => {
    const sums = ratioSumsOf([{ x: 0, y: 0, runs: 2 }, { x: 4, y: 1, runs: 2 }]);
    expect(sums.cells).toBe(1);
    expect(sums.maxRuns).toBe(2);
  });

  test('all replicates named: the bounds are exactly 1 at the top, and {0, 0} without runs', () => {
    expect(clusteredInterval(ratioSumsOf(coverageCells([3, 3], [3, 3]))).interval.high).toBe(1);
    expect(clusteredInterval(ratioSumsOf([])).interval).toEqual({ low: 0, high: 0 });
  });
});
