import { describe, expect, test } from '@jest/globals';
import { SignInThrottle } from '../../../src/app/oauth/signInThrottle.js';

const SECOND = 1000;

function throttleAt(start = Date.parse('2026-11-15T10:00:00Z')) {
  const clock = { nowMs: start };
  return { clock, throttle: new SignInThrottle(() => new Date(clock.nowMs)) };
}

describe('sign-in throttle for one e-mail address', () => {
  test('five failures are free', () => {
    const { throttle } = throttleAt();
    for (let failure = 0; failure < 4; failure++) throttle.recordFailure('ana@acme.example');
    expect(throttle.secondsToWait('ana@acme.example')).toBe(0);
    throttle.recordFailure('ana@acme.example');
    expect(throttle.secondsToWait('ana@acme.example')).toBe(1);
  });

  test.each([
    [5, 1],
    [6, 2],
    [7, 4],
    [10, 32],
    [14, 512],
    [15, 900],
    [40, 900],
  ])('after %i failures the next attempt waits %i s (doubling, at most 15 minutes)', (failures, seconds) => {
    const { throttle } = throttleAt();
    for (let failure = 0; failure < failures; failure++) throttle.recordFailure('ana@acme.example');
    expect(throttle.secondsToWait('ana@acme.example')).toBe(seconds);
  });

  test('the wait runs from the last failure on the injected clock', () => {
    const { clock, throttle } = throttleAt();
    for (let failure = 0; failure < 7; failure++) throttle.recordFailure('ana@acme.example');
    clock.nowMs += 3 * SECOND;
    expect(throttle.secondsToWait('ana@acme.example')).toBe(1);
    clock.nowMs += SECOND;
    expect(throttle.secondsToWait('ana@acme.example')).toBe(0);
  });

  test('other addresses are not slowed down, and a success forgets the failures', () => {
    const { throttle } = throttleAt();
    for (let failure = 0; failure < 6; failure++) throttle.recordFailure('ana@acme.example');
    expect(throttle.secondsToWait('bob@acme.example')).toBe(0);
    throttle.recordSuccess('ana@acme.example');
    expect(throttle.secondsToWait('ana@acme.example')).toBe(0);
  });

  test('failures are forgotten 15 minutes after the last one', () => {
    const { clock, throttle } = throttleAt();
    for (let failure = 0; failure < 20; failure++) throttle.recordFailure('ana@acme.example');
    clock.nowMs += 15 * 60 * SECOND;
    expect(throttle.secondsToWait('ana@acme.example')).toBe(0);
    throttle.recordFailure('ana@acme.example');
    expect(throttle.secondsToWait('ana@acme.example')).toBe(0);
  });
});
