import { describe, expect, test } from '@jest/globals';
import { nextAttemptDate } from '../../../src/domain/webhooks/retrySchedule.js';

const CREATED = '2026-11-15T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(CREATED) + seconds * 1000).toISOString();
const offset = (date: string | null) => (date === null ? null : (Date.parse(date) - Date.parse(CREATED)) / 1000);

describe('the retry schedule of a failed delivery', () => {
  test.each([
    [1, 0, 5],
    [2, 5, 35],
    [3, 35, 155],
    [4, 155, 755],
    [5, 755, 4355],
    [6, 4355, 4355 + 7200],
    [9, 30_000, 30_000 + 7200],
  ])('after attempt %i made at +%i s, the next is due at +%i s (no jitter)', (attempts, attemptSeconds, dueSeconds) => {
    expect(offset(nextAttemptDate({ createdDate: CREATED, attemptDate: at(attemptSeconds), attempts, jitter: 0 }))).toBe(dueSeconds);
  });

  test('jitter stretches or shrinks each delay by at most 10 %', () => {
    const due = (jitter: number) => offset(nextAttemptDate({ createdDate: CREATED, attemptDate: at(755), attempts: 5, jitter }));
    expect(due(1)).toBe(755 + 3960);
    expect(due(-1)).toBe(755 + 3240);
    expect(due(5)).toBe(755 + 3960);
  });

  test('no attempt is scheduled past 24 h after the message was created: the delivery has failed', () => {
    expect(offset(nextAttemptDate({ createdDate: CREATED, attemptDate: at(79_200), attempts: 16, jitter: 0 }))).toBe(86_400);
    expect(nextAttemptDate({ createdDate: CREATED, attemptDate: at(79_201), attempts: 16, jitter: 0 })).toBeNull();
  });
});
