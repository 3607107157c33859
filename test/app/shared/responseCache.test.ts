import { describe, expect, test } from '@jest/globals';
import { cacheKey, ResponseCache } from '../../../src/app/shared/responseCache.js';

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

  test('holds at most maxBytes of keys and JSON, dropping the least recently used first', async () => {
    // Each entry is its 1-character key plus 12 bytes of JSON ("xxxxxxxxxx" with its quotes): 13 bytes.
    const cache = new ResponseCache({ maxBytes: 40 });
    const value = 'x'.repeat(10);
    for (const key of ['a', 'b', 'c']) await cache.answer(key, answerOf(value));
    await cache.answer('a', answerOf('not computed'));
    await cache.answer('d', answerOf(value));
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 39 });
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
