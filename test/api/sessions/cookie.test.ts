import { describe, expect, test } from '@jest/globals';
import { clearedSessionCookie, sessionCookie, sessionIdOf } from '../../../src/api/sessions/cookie.js';

describe('the session cookie', () => {
  test('is Secure when BASE_URL is https', () => {
    expect(sessionCookie('abc', true)).toBe('geolens_session=abc; HttpOnly; SameSite=Strict; Path=/; Secure');
    expect(clearedSessionCookie(true)).toBe('geolens_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0; Secure');
  });

  test.each([
    ['geolens_session=abc', 'abc'],
    ['theme=dark; geolens_session=abc; other=1', 'abc'],
    ['xgeolens_session=abc', undefined],
    ['theme=dark', undefined],
    [undefined, undefined],
  ])('is read from the Cookie header %p', (header, sessionId) => {
    expect(sessionIdOf(header)).toBe(sessionId);
  });
});
