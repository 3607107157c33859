import { describe, expect, test } from '@jest/globals';
import { answerCost, cacheKey, ResponseCache } from '../../../src/app/shared/responseCache.js';

const answerOf = (value: unknown) => () => Promise.resolve(value);

describe('ResponseCache', () => {
  test('answers the held value for the same key without computing again', async () => {
    const cache = new ResponseCache({ maxBytes: 1000 });
    let computed = 0;
    const compute = () => Promise.resolve({ figure: ++computed });
    expect(await cache.answer('k', compute)).toEqual({ figure: 1 });
    expect(await cache.answer('k', compute)).toEqual({ figure: 1 });
    expect(computed).toBe(1);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  test('concurrent requests for one key share one computation', async () => {
    const cache = new ResponseCache({ maxBytes: 1000 });
    let computed = 0;
    let finish: (value: string) => void = () => undefined;
    const slow = () => {
      computed++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const answers = Promise.all([cache.answer('k', slow), cache.answer('k', slow), cache.answer('k', slow)]);
    finish('done');
    expect(await answers).toEqual(['done', 'done', 'done']);
    expect(computed).toBe(1);
  });

  test('a failed computation is not held: the next request computes again', async () => {
    const cache = new ResponseCache({ maxBytes: 1000 });
    await expect(cache.answer('k', () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    expect(await cache.answer('k', answerOf('recovered'))).toBe('recovered');
    expect(cache.stats().entries).toBe(1);
  });

  test('holds at most maxBytes of answer costs, dropping the least recently used first', async () => {
    const value = 'x'.repeat(10);
    // Each entry is its 1-character key and the 12 characters of its JSON ("xxxxxxxxxx" with its quotes).
    const cost = answerCost('a', JSON.stringify(value));
    const cache = new ResponseCache({ maxBytes: 3 * cost + 1 });
    for (const key of ['a', 'b', 'c']) await cache.answer(key, answerOf(value));
    await cache.answer('a', answerOf('not computed'));
    await cache.answer('d', answerOf(value));
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 3 * cost });
    let recomputed = 0;
    for (const key of ['a', 'c', 'd', 'b']) {
      await cache.answer(key, () => {
        recomputed++;
        return Promise.resolve(value);
      });
    }
    // b was the least recently used when d came in; reading it back then evicted a.
    expect(recomputed).toBe(1);
  });

  test('an answer costs its key, its text at two bytes a character, its UTF-8 bytes and as much again for its objects', () => {
    expect(answerCost('key', '"abc"')).toBe(3 + 2 * 5 + 2 * 5);
    // A typographic apostrophe is three bytes of UTF-8.
    expect(answerCost('k', '"it’s"')).toBe(1 + 2 * 6 + 2 * 8);
  });

  test('stays within its bound under many answers of mixed sizes, and still answers the recent ones from memory', async () => {
    const maxBytes = 20_000;
    const cache = new ResponseCache({ maxBytes });
    for (let index = 0; index < 2_000; index++) {
      await cache.answer(`key ${index}`, answerOf({ index, text: 'it’s '.repeat(index % 97) }));
      expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes);
    }
    const { entries, misses } = cache.stats();
    expect(entries).toBeGreaterThan(10);
    expect(await cache.answer('key 1999', answerOf('recomputed'))).toEqual({ index: 1999, text: 'it’s '.repeat(1999 % 97) });
    expect(cache.stats().misses).toBe(misses);
  });

  test('an entry unread for maxIdleMs is dropped, and one read since stays', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxBytes: 10_000, maxIdleMs: 1_000, now: () => now });
    await cache.answer('old', answerOf('first'));
    await cache.answer('read', answerOf('second'));
    now = 900;
    await cache.answer('read', answerOf('not computed'));
    now = 1_500;
    expect(await cache.answer('read', answerOf('not computed'))).toBe('second');
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: answerCost('read', '"second"') });
    expect(await cache.answer('old', answerOf('computed again'))).toBe('computed again');
  });

  test('an answer larger than the whole cache is answered but not held', async () => {
    const cache = new ResponseCache({ maxBytes: 10 });
    expect(await cache.answer('k', answerOf('x'.repeat(50)))).toBe('x'.repeat(50));
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  test('held answers are frozen, so no caller can change what the next one gets', async () => {
    const cache = new ResponseCache({ maxBytes: 1000 });
    const held = await cache.answer('k', () => Promise.resolve({ items: [{ figure: 1 }] }));
    expect(() => {
      (held.items[0] as { figure: number }).figure = 2;
    }).toThrow(TypeError);
  });
});

describe('cacheKey', () => {
  test('the same query in another field order, or with absent fields, is the same key', () => {
    expect(cacheKey({ view: 'stats', query: { startDate: '2026-11-01', country: 'us', tagId: undefined } })).toBe(
      cacheKey({ query: { country: 'us', startDate: '2026-11-01' }, view: 'stats' }),
    );
  });

  test('array order is kept: repeated parameters are not assumed to commute', () => {
    expect(cacheKey({ engines: ['chatgpt', 'perplexity'] })).not.toBe(cacheKey({ engines: ['perplexity', 'chatgpt'] }));
  });
});
