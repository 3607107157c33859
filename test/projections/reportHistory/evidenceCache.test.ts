import { describe, expect, test } from '@jest/globals';
import { EvidenceDayCache } from '../../../src/projections/reportHistory/evidenceCache.js';
import type { DecodedEvidence } from '../../../src/projections/reportHistory/evidenceDocument.js';

/** A day of one prompt with `runs` kept runs. */
const day = (runs: number): DecodedEvidence[] => [{
  promptId: 'p1',
  engines: [['chatgpt', runs, 0, 0, 0, 0]],
  runs: Array.from({ length: runs }, (_, index) => ({
    runId: `r${index}`, promptId: 'p1', engine: 'chatgpt', runDate: '2026-11-10T09:00:00Z', mentions: [0, 1], citations: [], negativeSentences: [], sentences: { positive: 0, neutral: 0, negative: 0 },
  })),
}];

describe('the decoded evidence a process holds', () => {
  test('a day answers under the revision it was held under and under no other', () => {
    const cache = new EvidenceDayCache(100);
    const decoded = day(3);
    cache.set('a', 'rev-1', decoded);
    expect(cache.get('a', 'rev-1')).toBe(decoded);
    expect(cache.get('a', 'rev-2')).toBeUndefined();
    cache.set('a', 'rev-2', day(5));
    expect(cache.get('a', 'rev-1')).toBeUndefined();
    expect(cache.heldRuns).toBe(5);
  });

  test('holds at most its bound of kept runs, the least recently read day leaving first', () => {
    const cache = new EvidenceDayCache(10);
    cache.set('a', 'r', day(4));
    cache.set('b', 'r', day(4));
    expect(cache.get('a', 'r')).toBeDefined();
    cache.set('c', 'r', day(4));
    expect(cache.get('b', 'r')).toBeUndefined();
    expect(cache.get('a', 'r')).toBeDefined();
    expect(cache.get('c', 'r')).toBeDefined();
    expect(cache.heldRuns).toBe(8);
  });

  test('a day larger than the bound is not held and leaves what is held alone', () => {
    const cache = new EvidenceDayCache(10);
    cache.set('a', 'r', day(4));
    cache.set('big', 'r', day(11));
    expect(cache.get('big', 'r')).toBeUndefined();
    expect(cache.get('a', 'r')).toBeDefined();
    expect(cache.heldRuns).toBe(4);
  });
});
