import { describe, expect, test } from '@jest/globals';
import { emptyRunTotals, type RunTotals } from '../../../src/domain/analysis/metrics.js';
import { digestSummary, digestWeeks } from '../../../src/domain/email/digestSummary.js';

const BRANDS = [
  { brand: 'Nimbus', isMainBrand: true },
  { brand: 'Globex', isMainBrand: false },
];

/** A week's totals: runs, and per brand the runs naming it, its mentions and the sum of its positions. */
function week(runs: number, brands: [mentionedRuns: number, mentions: number, positionSum: number][]): RunTotals {
  const totals = emptyRunTotals(BRANDS);
  totals.runs = runs;
  brands.forEach(([mentionedRuns, mentions, positionSum], index) => Object.assign(totals.brands[index] as object, { mentionedRuns, mentions, positionSum }));
  return totals;
}

describe('the weekly digest summary', () => {
  test('the weeks are the 7 days ending on the last day and the 7 before them', () => {
    expect(digestWeeks('2026-11-21')).toEqual({ current: { from: '2026-11-15', to: '2026-11-21' }, previous: { from: '2026-11-08', to: '2026-11-14' } });
  });

  test('coverage 60 % to 30 % of 200 runs a week is significant: the two-proportion z-test of the alerts (z = -6.03)', () => {
    const summary = digestSummary(digestWeeks('2026-11-21'), week(200, [[60, 90, 120], [100, 110, 150]]), week(200, [[120, 150, 180], [80, 50, 100]]));
    expect(summary.brand).toBe('Nimbus');
    expect(summary.current).toEqual({ runs: 200, mentionedRuns: 60, coverage: 30, shareOfVoice: 45, averagePosition: 2, mentions: 90 });
    expect(summary.previous).toEqual({ runs: 200, mentionedRuns: 120, coverage: 60, shareOfVoice: 75, averagePosition: 1.5, mentions: 150 });
    expect(summary.coverageChange.points).toBeCloseTo(-30, 10);
    // pooled 0.45: z = -0.30 / sqrt(0.45 × 0.55 × (1/200 + 1/200)) = -6.0302
    expect(summary.coverageChange.z).toBeCloseTo(-6.0302, 3);
    expect(summary.coverageChange.pValue).toBeLessThan(1e-8);
    expect(summary.coverageChange.significant).toBe(true);
    expect(summary.shareOfVoiceChange).toBeCloseTo(-30, 10);
  });

  test('coverage 60 % to 55 % of 20 runs a week is within day-to-day variation: p = 0.749, not significant', () => {
    const summary = digestSummary(digestWeeks('2026-11-21'), week(20, [[11, 11, 11], [0, 0, 0]]), week(20, [[12, 12, 12], [0, 0, 0]]));
    expect(summary.coverageChange.points).toBeCloseTo(-5, 10);
    // pooled 0.575: z = -0.05 / sqrt(0.575 × 0.425 × 0.1) = -0.3198, two-sided p = 0.7491
    expect(summary.coverageChange.z).toBeCloseTo(-0.3198, 3);
    expect(summary.coverageChange.pValue).toBeCloseTo(0.7491, 3);
    expect(summary.coverageChange.significant).toBe(false);
  });

  test('a week without runs has zero figures and no position; the change to it is untested (p = 1)', () => {
    const summary = digestSummary(digestWeeks('2026-11-21'), emptyRunTotals(BRANDS), week(10, [[5, 5, 10], [0, 0, 0]]));
    expect(summary.current).toEqual({ runs: 0, mentionedRuns: 0, coverage: 0, shareOfVoice: 0, averagePosition: null, mentions: 0 });
    expect(summary.coverageChange).toMatchObject({ z: 0, pValue: 1, significant: false });
  });
});
