import { describe, expect, test } from '@jest/globals';
import { errorForStatus, retryAfterMs } from '../../../src/engines/adapters/failures.js';
import { rankCitations } from '../../../src/engines/citations.js';
import { EngineRateLimitedError, EngineResponseError, EngineUnavailableError } from '../../../src/engines/errors.js';

describe('Retry-After', () => {
  const now = Date.parse('2025-08-17T10:00:00Z');
  test.each([
    ['seconds', { 'retry-after': '30' }, 30_000],
    ['milliseconds (OpenAI)', { 'retry-after-ms': '1500', 'retry-after': '2' }, 1_500],
    ['an HTTP date', { 'retry-after': 'Sun, 17 Aug 2025 10:00:45 GMT' }, 45_000],
    ['a date in the past', { 'retry-after': 'Sun, 17 Aug 2025 09:00:00 GMT' }, 0],
    ['no header', {}, null],
    ['garbage', { 'retry-after': 'soon' }, null],
  ])('%s', (_name, headers: Record<string, string>, expected) => {
    expect(retryAfterMs(new Headers(headers), now)).toBe(expected);
  });
});

describe('HTTP status to engine error', () => {
  test.each([
    [429, EngineRateLimitedError],
    [500, EngineUnavailableError],
    [503, EngineUnavailableError],
    [408, EngineUnavailableError],
    [400, EngineResponseError],
    [401, EngineResponseError],
    [403, EngineResponseError],
  ])('%i', (status, errorClass) => {
    expect(errorForStatus('chatgpt', status, new Headers())).toBeInstanceOf(errorClass);
  });
});

test('citations keep one entry per URL, at its first place, and skip empty links', () => {
  expect(
    rankCitations([
      { title: 'A', link: 'https://a.example/' },
      { title: 'no link', link: ' ' },
      { title: 'B', link: 'https://b.example/' },
      { title: 'A again', link: 'https://a.example/' },
    ]),
  ).toEqual([
    { title: 'A', link: 'https://a.example/', rank: 1 },
    { title: 'B', link: 'https://b.example/', rank: 2 },
  ]);
});
