import { describe, expect, test } from '@jest/globals';
import { wilsonInterval } from '../../../src/domain/analysis/index.js';

describe('the 95 % Wilson score interval of a coverage', () => {
  test.each([
    // successes, trials, low, high (published values for z = 1.96)
    [5, 10, 0.2366, 0.7634],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [1, 1, 0.2065, 1],
    [81, 263, 0.2553, 0.3662],
    [50, 100, 0.4038, 0.5962],
  ])('%i of %i runs: %f..%f', (successes, trials, low, high) => {
    const interval = wilsonInterval(successes, trials);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  test('is {0, 0} without runs', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 0 });
  });

  test('its bounds are exactly 0 with no success and exactly 1 when every run succeeds', () => {
    expect(wilsonInterval(0, 7).low).toBe(0);
    expect(wilsonInterval(7, 7).high).toBe(1);
  });

  test('contains the observed share and narrows as runs accumulate', () => {
    for (const trials of [4, 40, 400]) {
      const { low, high } = wilsonInterval(trials / 4, trials);
      expect(low).toBeLessThan(0.25);
      expect(high).toBeGreaterThan(0.25);
    }
    const width = (trials: number) => {
      const { low, high } = wilsonInterval(trials / 2, trials);
      return high - low;
    };
    expect(width(400)).toBeLessThan(width(40));
  });
});
