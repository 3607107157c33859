import { describe, expect, test } from '@jest/globals';
import { resolveWindow, windowIssues } from '../../../src/domain/agentLogs/index.js';

const today = '2026-11-15';

describe('resolveWindow', () => {
  test.each([
    ['both omitted: the last 14 days ending today', {}, { startDate: '2026-11-02', endDate: '2026-11-15' }],
    ['startDate alone: from it to today', { startDate: '2026-10-01' }, { startDate: '2026-10-01', endDate: '2026-11-15' }],
    ['endDate alone: 13 days before it to it', { endDate: '2026-03-10' }, { startDate: '2026-02-25', endDate: '2026-03-10' }],
    ['both given: as given', { startDate: '2026-01-01', endDate: '2026-01-31' }, { startDate: '2026-01-01', endDate: '2026-01-31' }],
    ['endDate alone across a leap day', { endDate: '2028-03-05' }, { startDate: '2028-02-21', endDate: '2028-03-05' }],
  ])('%s', (_case, requested, expected) => {
    expect(resolveWindow(requested, today)).toEqual(expected);
  });
});

describe('windowIssues', () => {
  const issuesOf = (requested: { startDate?: string; endDate?: string }) => windowIssues(resolveWindow(requested, today), requested);

  test.each([
    ['a window of one day', { startDate: today, endDate: today }],
    ['a window of 366 days', { startDate: '2025-11-15', endDate: '2026-11-15' }],
    ['the default window', {}],
  ])('accept %s', (_case, requested) => {
    expect(issuesOf(requested)).toEqual([]);
  });

  test.each([
    ['startDate after endDate', { startDate: '2026-11-10', endDate: '2026-11-09' }, 'startDate', /after endDate/],
    ['startDate alone after today', { startDate: '2026-11-16' }, 'startDate', /after today \(2026-11-15\)/],
    ['367 days', { startDate: '2025-11-14', endDate: '2026-11-15' }, 'endDate', /at most 366 days, not 367/],
    ['startDate alone more than 366 days ago', { startDate: '2024-01-01' }, 'startDate', /at most 366 days/],
  ])('refuse %s, on the parameter sent', (_case, requested, path, message) => {
    const issues = issuesOf(requested);
    expect(issues).toEqual([{ path, message: expect.stringMatching(message), code: 'custom' }]);
  });
});
