import { describe, expect, test } from '@jest/globals';
import { changedSetting, legacySetting, replicateStart, runsPerDayOn, type RunsPerDaySetting } from '../../../src/domain/workspace/runsPerDay.js';

describe('the replicates a day has', () => {
  test.each<[string, RunsPerDaySetting, string, number]>([
    ['a workspace created before replicates', legacySetting(undefined), '2026-03-10', 1],
    ['a workspace created with 3', legacySetting(3), '2020-01-01', 3],
    ['the day of a change keeps what it had', { runsPerDay: 7, from: '2026-03-11', before: 3 }, '2026-03-10', 3],
    ['the next day takes the new value', { runsPerDay: 7, from: '2026-03-11', before: 3 }, '2026-03-11', 7],
    ['and the days after it', { runsPerDay: 7, from: '2026-03-11', before: 3 }, '2026-04-01', 7],
  ])('%s', (_case, setting, day, expected) => {
    expect(runsPerDayOn(setting, day)).toBe(expected);
  });

  test('two changes on one day leave that day as it was planned, and the last applies from the next day', () => {
    const first = changedSetting(legacySetting(3), 7, '2026-03-10T09:00:00.000Z');
    const second = changedSetting(first, 5, '2026-03-10T23:59:59.000Z');
    expect(second).toEqual({ runsPerDay: 5, from: '2026-03-11', before: 3 });
  });

  test('a change on the day after the last one keeps that day on the value that day started with', () => {
    const first = changedSetting(legacySetting(1), 3, '2026-03-10T09:00:00.000Z');
    expect(changedSetting(first, 5, '2026-03-11T09:00:00.000Z')).toEqual({ runsPerDay: 5, from: '2026-03-12', before: 3 });
  });
});

describe('when replicate k of n starts', () => {
  const hour = (hours: number) => Date.parse('2026-03-10') + hours * 3_600_000;
  test.each([
    [0, 1, hour(0)],
    [0, 3, hour(0)],
    [1, 3, hour(8)],
    [2, 3, hour(16)],
    [1, 7, Date.parse('2026-03-10') + Math.floor(86_400_000 / 7)],
    [9, 10, hour(21.6)],
  ])('replicate %s of %s', (replicate, runsPerDay, expected) => {
    expect(replicateStart('2026-03-10', replicate, runsPerDay)).toBe(expected);
  });
});
