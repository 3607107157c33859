import { describe, expect, test } from '@jest/globals';
import { jsonEqual } from '../../../src/domain/shared/jsonEqual.js';

describe('jsonEqual', () => {
  test.each([
    ['same scalars', 'a', 'a', true],
    ['null and null', null, null, true],
    ['objects in another key order', { a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }, true],
    ['arrays in another order', [1, 2], [2, 1], false],
    ['a missing key', { a: 1 }, { a: 1, b: undefined }, false],
    ['null and an empty object', null, {}, false],
    ['an array and an object with index keys', [1], { 0: 1 }, false],
    ['a number and its string', 1, '1', false],
  ])('%s', (_name, left, right, expected) => {
    expect(jsonEqual(left, right)).toBe(expected);
  });
});
