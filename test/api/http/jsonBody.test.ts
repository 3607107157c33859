import { describe, expect, test } from '@jest/globals';
import { jsonBody } from '../../../src/api/http/jsonBody.js';
import { ResponseCache } from '../../../src/app/shared/responseCache.js';

describe('jsonBody', () => {
  test('answers what JSON.stringify answers', () => {
    const answer = { figures: [1, 2.5, null], name: 'Acme "CRM"' };
    expect(jsonBody(answer)).toBe(JSON.stringify(answer));
    expect(jsonBody([])).toBe('[]');
  });

  test('an answer of the response cache is sent with the text the cache measured, serialized once', async () => {
    let serializations = 0;
    const computed = {
      toJSON() {
        serializations += 1;
        return { figure: 1 };
      },
    };
    const held = await new ResponseCache({ maxBytes: 1000 }).answer('k', () => Promise.resolve(computed));
    expect(jsonBody(held)).toBe('{"figure":1}');
    expect(jsonBody(held)).toBe('{"figure":1}');
    expect(serializations).toBe(1);
  });

  test('an answer the cache did not compute is serialized on every call', () => {
    const answer = { figure: 1 };
    expect(jsonBody(answer)).toBe('{"figure":1}');
    answer.figure = 2;
    expect(jsonBody(answer)).toBe('{"figure":2}');
  });
});
