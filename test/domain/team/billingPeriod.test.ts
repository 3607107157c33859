import { describe, expect, test } from '@jest/globals';
import { billingPeriod, subscriptionEndTimestamp } from '../../../src/domain/team/billingPeriod.js';

describe('billing period', () => {
  test.each([
    ['mid-month, no end date', '2026-11-15T10:00:00.000Z', null, { start: '2026-11-01', end: '2026-12-01' }],
    ['first instant of a month', '2026-11-01T00:00:00.000Z', null, { start: '2026-11-01', end: '2026-12-01' }],
    ['last millisecond of a month', '2026-11-30T23:59:59.999Z', null, { start: '2026-11-01', end: '2026-12-01' }],
    ['December rolls into the next year', '2026-12-31T12:00:00.000Z', null, { start: '2026-12-01', end: '2027-01-01' }],
    ['February of a leap year', '2028-02-29T08:00:00.000Z', null, { start: '2028-02-01', end: '2028-03-01' }],
    ['end date in a later month does not clip', '2026-11-15T10:00:00.000Z', '2027-03-10', { start: '2026-11-01', end: '2026-12-01' }],
    ['end date on the first of next month', '2026-11-15T10:00:00.000Z', '2026-12-01', { start: '2026-11-01', end: '2026-12-01' }],
    ['end date later this month clips the period', '2026-11-15T10:00:00.000Z', '2026-11-20', { start: '2026-11-01', end: '2026-11-20' }],
    ['end date tomorrow clips to tomorrow', '2026-11-15T23:59:59.999Z', '2026-11-16', { start: '2026-11-01', end: '2026-11-16' }],
  ])('%s', (_case, now, subscriptionEndDate, expected) => {
    expect(billingPeriod(subscriptionEndDate, new Date(now))).toEqual(expected);
  });

  test.each([
    ['the subscription ends today at 00:00 UTC', '2026-11-15T00:00:00.000Z', '2026-11-15'],
    ['the subscription ended yesterday', '2026-11-15T10:00:00.000Z', '2026-11-14'],
    ['the subscription ended last year', '2026-11-15T10:00:00.000Z', '2025-01-31'],
  ])('no usable plan when %s', (_case, now, subscriptionEndDate) => {
    expect(billingPeriod(subscriptionEndDate, new Date(now))).toBeNull();
  });

  test('a subscription ends at midnight UTC of its end date', () => {
    expect(subscriptionEndTimestamp('2027-01-31')).toBe('2027-01-31T00:00:00.000Z');
  });
});
