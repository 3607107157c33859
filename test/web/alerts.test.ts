import { describe, expect, test } from '@jest/globals';
import { WATCH_KINDS as API_KINDS } from '../../src/domain/alerts/schema.js';
import { coverageStatisticsOf, formatPValue, issuesOf, leafLabel, leavesOf, usesThreshold, watchBody, watchKindOrder } from '../../web/src/lib/alerts.js';

describe('the watch kinds the form offers', () => {
  test('are the API’s kinds, in its order', () => {
    expect(watchKindOrder).toEqual([...API_KINDS]);
  });
  test('only the coverage kinds take a threshold', () => {
    expect(watchKindOrder.filter(usesThreshold)).toEqual(['coverage_drop', 'coverage_rise', 'competitor_surge']);
  });
});

describe('formatPValue', () => {
  test.each([
    [0.75, '0.750'],
    [0.049, '0.049'],
    [0.001, '0.001'],
    [6.6e-6, '6.60e-6'],
    [0, '0'],
  ])('%p reads %p', (pValue, text) => {
    expect(formatPValue(pValue)).toBe(text);
  });
});

describe('coverageStatisticsOf', () => {
  test('answers the z-test’s statistics, and null for another kind’s', () => {
    const statistics = { test: 'two-proportion z', z: -4.5, pValue: 0.00001 };
    expect(coverageStatisticsOf(statistics)).toBe(statistics);
    expect(coverageStatisticsOf({ runs: 3, sentences: 5, negativeSentences: 1 })).toBeNull();
  });
});

describe('leavesOf', () => {
  test('every scalar with its dotted path; an array of scalars is one figure, arrays of objects are left out', () => {
    const statistics = { currentDailyMean: 1.5, ratio: 0.25, current: { from: '2026-11-07', top: ['Freshdesk', 'Zendesk'] }, blocked: true, rows: [{ a: 1 }], none: null };
    expect(leavesOf(statistics)).toEqual([
      { path: 'currentDailyMean', value: 1.5 },
      { path: 'ratio', value: 0.25 },
      { path: 'current.from', value: '2026-11-07' },
      { path: 'current.top', value: 'Freshdesk,Zendesk' },
      { path: 'blocked', value: 'true' },
      { path: 'none', value: null },
    ]);
  });
  test('a path reads as words', () => {
    expect(leafLabel('baseline.negativeSentences')).toBe('baseline negative sentences');
  });
});

describe('watchBody', () => {
  test('leaves empty fields out so the API’s defaults apply', () => {
    expect(watchBody({ kind: 'coverage_drop', engines: [], threshold: ' ', competitor: '' })).toEqual({ kind: 'coverage_drop' });
  });
  test('sends what the form holds, the threshold as a number', () => {
    expect(watchBody({ kind: 'competitor_surge', engines: ['chatgpt'], threshold: '12.5', competitor: 'Initech' })).toEqual({
      kind: 'competitor_surge',
      engines: ['chatgpt'],
      threshold: 12.5,
      competitor: 'Initech',
    });
  });
});

describe('issuesOf', () => {
  test('the messages of one field, an array item’s counting as its field’s', () => {
    const issues = [
      { path: 'threshold', message: 'Too big' },
      { path: 'engines.0', message: 'Invalid option' },
      { path: 'thresholds', message: 'other' },
    ];
    expect(issuesOf(issues, 'threshold')).toEqual(['Too big']);
    expect(issuesOf(issues, 'engines')).toEqual(['Invalid option']);
    expect(issuesOf(issues, 'kind')).toEqual([]);
  });
});
