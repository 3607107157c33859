import { describe, expect, test } from '@jest/globals';
import { signInWaitSeconds } from '../../../src/domain/user/signInDelay.js';

const NOW = Date.parse('2026-11-15T10:00:00Z');
const SECOND = 1000;

describe('sign-in delays', () => {
  test('nothing recorded, or fewer than five failures: no wait', () => {
    expect(signInWaitSeconds(null, NOW)).toBe(0);
    expect(signInWaitSeconds({ count: 4, lastFailureMs: NOW }, NOW)).toBe(0);
  });

  test.each([
    [5, 1],
    [6, 2],
    [7, 4],
    [10, 32],
    [14, 512],
    [15, 900],
    [40, 900],
  ])('after %i failures the next attempt waits %i s (doubling, at most 15 minutes)', (count, seconds) => {
    expect(signInWaitSeconds({ count, lastFailureMs: NOW }, NOW)).toBe(seconds);
  });

  test('the wait runs from the last failure', () => {
    expect(signInWaitSeconds({ count: 7, lastFailureMs: NOW - 3 * SECOND }, NOW)).toBe(1);
    expect(signInWaitSeconds({ count: 7, lastFailureMs: NOW - 4 * SECOND }, NOW)).toBe(0);
  });

  test('failures are forgotten 15 minutes after the last one', () => {
    expect(signInWaitSeconds({ count: 40, lastFailureMs: NOW - 15 * 60 * SECOND + 1 }, NOW)).toBe(1);
    expect(signInWaitSeconds({ count: 40, lastFailureMs: NOW - 15 * 60 * SECOND }, NOW)).toBe(0);
  });
});
