import { describe, expect, test } from '@jest/globals';
import { dueSend, latestDue, nextDue } from '../../../src/domain/reportSchedules/cadence.js';

describe('report e-mail cadence: weekly on Mondays, monthly on the 1st, at 07:00 UTC', () => {
  test.each([
    ['weekly', '2026-11-15T10:00:00Z', '2026-11-09T07:00:00.000Z', '2026-11-16T07:00:00.000Z'],
    ['weekly', '2026-11-16T06:59:59Z', '2026-11-09T07:00:00.000Z', '2026-11-16T07:00:00.000Z'],
    ['weekly', '2026-11-16T07:00:00Z', '2026-11-16T07:00:00.000Z', '2026-11-23T07:00:00.000Z'],
    ['monthly', '2026-11-15T10:00:00Z', '2026-11-01T07:00:00.000Z', '2026-12-01T07:00:00.000Z'],
    ['monthly', '2026-12-01T06:00:00Z', '2026-11-01T07:00:00.000Z', '2026-12-01T07:00:00.000Z'],
    ['monthly', '2026-12-31T23:00:00Z', '2026-12-01T07:00:00.000Z', '2027-01-01T07:00:00.000Z'],
    ['monthly', '2027-01-01T06:00:00Z', '2026-12-01T07:00:00.000Z', '2027-01-01T07:00:00.000Z'],
  ] as const)('%s at %s: latest due %s, next %s', (cadence, now, latest, next) => {
    expect(latestDue(cadence, new Date(now)).toISOString()).toBe(latest);
    expect(nextDue(cadence, new Date(now)).toISOString()).toBe(next);
  });

  test.each([
    ['created after the latest due time: nothing', '2026-11-16T08:00:00Z', '2026-11-16T09:00:00Z', null],
    ['due a minute ago: on time', '2026-11-10T00:00:00Z', '2026-11-16T07:01:00Z', { dueAt: '2026-11-16T07:00:00.000Z', late: false }],
    ['three due times missed: the latest, once, late', '2026-11-02T07:00:00.000Z', '2026-11-24T09:00:00Z', { dueAt: '2026-11-23T07:00:00.000Z', late: true }],
    ['already sent for the latest due time: nothing', '2026-11-23T07:00:00.000Z', '2026-11-24T09:00:00Z', null],
  ] as const)('%s', (_case, since, now, expected) => {
    expect(dueSend('weekly', since, new Date(now))).toEqual(expected);
  });
});
