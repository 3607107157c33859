import { describe, expect, test } from '@jest/globals';
import { formatChange, formatInterval, formatNumber, formatPosition, formatRate, formatRatio, formatScore, formatTimestamp } from '../../web/src/lib/format.js';

describe('formatting the API figures', () => {
  test.each([
    [1234, 0, '1,234'],
    [0.5, 1, '0.5'],
    [null, 0, '—'],
    [Number.NaN, 1, '—'],
  ])('formatNumber(%p, %p) is %p', (value, digits, expected) => {
    expect(formatNumber(value, digits)).toBe(expected);
  });

  test('a /stats percentage and a fraction of the other operations read the same', () => {
    expect(formatRate(33.49, 'percent')).toBe('33.5 %');
    expect(formatRate(0.3349, 'fraction')).toBe('33.5 %');
    expect(formatRate(null, 'fraction')).toBe('—');
  });

  test('an interval reads low–high in percent', () => {
    expect(formatInterval({ low: 0.299, high: 0.3731 }, 'fraction')).toBe('29.9–37.3 %');
    expect(formatInterval({ low: 0, high: 0 }, 'percent')).toBe('0.0–0.0 %');
  });

  test('a ratio reads n / N with separators', () => {
    expect(formatRatio(211, 6300)).toBe('211 / 6,300');
  });

  test('positions keep one decimal; a missing one is a dash', () => {
    expect(formatPosition(3.875)).toBe('3.9');
    expect(formatPosition(null)).toBe('—');
  });

  test('a net sentiment score is signed with two decimals', () => {
    expect(formatScore(0.2134)).toBe('+0.21');
    expect(formatScore(-0.5)).toBe('−0.50');
    expect(formatScore(0)).toBe('0.00');
  });
});

describe('the change against the previous period', () => {
  test.each([
    [40, 37.5, 'points', { text: '+2.5 pts', direction: 'up' }],
    [30, 37.5, 'points', { text: '−7.5 pts', direction: 'down' }],
    [30.01, 30, 'points', { text: '0.0 pts', direction: 'flat' }],
    [611, 600, 'count', { text: '+11', direction: 'up' }],
    [3.2, 3.9, 'mean', { text: '−0.7', direction: 'down' }],
    [3.2, null, 'mean', { text: 'no previous figure', direction: 'none' }],
    [null, 3.2, 'mean', { text: 'no previous figure', direction: 'none' }],
  ] as const)('%p against %p (%s) is %p', (current, previous, kind, expected) => {
    expect(formatChange(current, previous, kind)).toEqual(expected);
  });

  test('a timestamp shows its UTC date and minute', () => {
    expect(formatTimestamp('2026-11-15T10:04:59.123Z')).toBe('2026-11-15 10:04');
  });
});
