import { describe, expect, test } from '@jest/globals';
import { jsonBody } from '../../../src/api/http/jsonBody.js';

describe('jsonBody', () => {
  test('answers what JSON.stringify answers, for held and other answers alike', () => {
    const answer = { figures: [1, 2.5, null], name: 'Acme "CRM"' };
    expect(jsonBody(answer)).toBe(JSON.stringify(answer));
    expect(jsonBody(Object.freeze({ ...answer }))).toBe(JSON.stringify(answer));
    expect(jsonBody([])).toBe('[]');
  });

  test('a held (frozen) answer is serialized once: later calls answer the same text', () => {
    let serializations = 0;
    const held = Object.freeze({
      toJSON() {
        serializations += 1;
        return { figure: 1 };
      },
    });
    expect(jsonBody(held)).toBe('{"figure":1}');
    expect(jsonBody(held)).toBe('{"figure":1}');
    expect(serializations).toBe(1);
  });

  test('an answer that is not frozen is serialized on every call, since it may change', () => {
    const answer = { figure: 1 };
    expect(jsonBody(answer)).toBe('{"figure":1}');
    answer.figure = 2;
    expect(jsonBody(answer)).toBe('{"figure":2}');
  });
});
