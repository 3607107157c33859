import { describe, expect, test } from '@jest/globals';
import { statsStatus } from '../../../../src/app/brandReports/analytics/statsStatus.js';

describe('the status of /stats', () => {
  test.each([
    ['the only version is still building, with runs already in', 'building', 'building', 3, 'pending'],
    ['the only version is still building, without runs', 'building', 'building', 0, 'pending'],
    ['the latest rebuild failed: figures come from the version before it', 'active', 'failed', 4, 'failed'],
    ['the latest rebuild failed and the window has no runs', 'active', 'failed', 0, 'failed'],
    ['a readable history, a window without runs', 'active', 'active', 0, 'no_data'],
    ['a readable history while a newer version builds', 'active', 'building', 2, 'finished'],
    ['a readable history with runs', 'active', 'active', 5, 'finished'],
  ] as const)('%s', (_case, read, newest, runs, expected) => {
    expect(statsStatus({ state: read }, newest, runs)).toBe(expected);
  });
});
