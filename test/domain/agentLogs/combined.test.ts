import { describe, expect, test } from '@jest/globals';
import { parseApacheTime, parseCombinedLine, parseVhostCombinedLine } from '../../../src/domain/agentLogs/index.js';

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot';

describe('parseApacheTime', () => {
  test.each([
    ['10/Oct/2025:13:55:36 -0700', '2025-10-10T20:55:36.000Z'],
    ['10/Oct/2025:13:55:36 +0000', '2025-10-10T13:55:36.000Z'],
    ['01/Jan/2026:00:30:00 +0100', '2025-12-31T23:30:00.000Z'],
    ['31/Dec/2025:23:59:59 -0530', '2026-01-01T05:29:59.000Z'],
    ['29/Feb/2028:12:00:00 +0000', '2028-02-29T12:00:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseApacheTime(text)).toBe(iso);
  });

  test.each([
    '31/Feb/2025:12:00:00 +0000',
    '10/Foo/2025:13:55:36 -0700',
    '10/Oct/2025:24:00:00 +0000',
    '10/Oct/2025:13:55:36',
    '10-Oct-2025 13:55:36 +0000',
    '2025-10-10T13:55:36Z',
    '1x/Oct/2025:13:55:36 +0000',
    '',
  ])('refuses %j', (text) => {
    expect(parseApacheTime(text)).toBeNull();
  });
});

describe('parseCombinedLine', () => {
  test('reads every field of an nginx/Apache combined line; it names no host', () => {
    const line = `20.171.206.7 - - [10/Oct/2025:13:55:36 -0700] "GET /pricing?plan=pro HTTP/1.1" 200 2326 "https://chatgpt.com/" "${GPTBOT}"`;
    expect(parseCombinedLine(line)).toEqual({
      host: null,
      path: '/pricing?plan=pro',
      userAgent: GPTBOT,
      ip: '20.171.206.7',
      time: '2025-10-10T20:55:36.000Z',
      status: 200,
      referrer: 'https://chatgpt.com/',
      method: 'GET',
    });
  });

  test.each([
    ['no referrer, logged as -', '"-"', ''],
    ['an empty referrer', '""', ''],
    ['a referrer with an escaped quote', '"https://a.b/\\"x"', 'https://a.b/"x'],
    ['a referrer that is a single character other than -', '"x"', 'x'],
  ])('reads %s', (_description, field, referrer) => {
    const line = `1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "POST /form HTTP/1.1" 303 0 ${field} "${GPTBOT}"`;
    expect(parseCombinedLine(line)).toMatchObject({ referrer, method: 'POST', path: '/form', status: 303 });
  });

  test.each([
    ['an IPv6 client and a logged user', `2001:db8::7 - alice [10/Oct/2025:13:55:36 +0000] "HEAD / HTTP/2.0" 304 - "-" "${GPTBOT}"`, { ip: '2001:db8::7', path: '/', status: 304 }],
    ['an HTTP/0.9 request line without protocol', `1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET /old" 200 10 "-" "${GPTBOT}"`, { path: '/old' }],
    ['escaped quotes in the user agent', '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 10 "-" "Agent \\"quoted\\" \\\\ end"', { userAgent: 'Agent "quoted" \\ end' }],
    ['an escaped quote in the referer', `1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 10 "https://a.b/\\"x" "${GPTBOT}"`, { userAgent: GPTBOT }],
    ['fields nginx appends after the user agent', `1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET /a HTTP/1.1" 200 10 "-" "${GPTBOT}" "5.6.7.8" rt=0.012`, { path: '/a', userAgent: GPTBOT }],
    ['an empty user agent', '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET /a HTTP/1.1" 404 0 "-" ""', { userAgent: '', status: 404 }],
    ['an absolute-form request target', `1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET http://acme.com/a HTTP/1.1" 200 1 "-" "${GPTBOT}"`, { path: 'http://acme.com/a' }],
  ])('reads a line with %s', (_description, line, expected) => {
    expect(parseCombinedLine(line)).toMatchObject(expected);
  });

  test.each([
    ['an empty line', ''],
    ['a TLS handshake logged as garbage', '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "\\x16\\x03\\x01" 400 157 "-" "-"'],
    ['a request line of one word', `1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "-" 408 0 "-" "${GPTBOT}"`],
    ['no user agent field (common log format)', '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 10'],
    ['an unterminated user agent', '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 10 "-" "Mozilla/5.0'],
    ['a status that is not three digits', `1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 2000 10 "-" "${GPTBOT}"`],
    ['a status out of range', `1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 999 10 "-" "${GPTBOT}"`],
    ['an impossible date', `1.2.3.4 - - [31/Apr/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 10 "-" "${GPTBOT}"`],
    ['no time', `1.2.3.4 - - "GET / HTTP/1.1" 200 10 "-" "${GPTBOT}"`],
    ['a JSON line', '{"host":"acme.com","path":"/"}'],
    ['a vhost_combined line', `acme.com:443 1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 10 "-" "${GPTBOT}"`],
  ])('skips %s', (_description, line) => {
    expect(parseCombinedLine(line)).toBeNull();
  });
});

describe('parseVhostCombinedLine', () => {
  test('reads the virtual host and port first, as logged, then the combined fields', () => {
    const line = `www.acme.com:443 20.171.206.7 - - [10/Oct/2025:13:55:36 +0000] "GET /docs HTTP/1.1" 200 512 "-" "${GPTBOT}"`;
    expect(parseVhostCombinedLine(line)).toEqual({
      host: 'www.acme.com:443',
      path: '/docs',
      userAgent: GPTBOT,
      ip: '20.171.206.7',
      time: '2025-10-10T13:55:36.000Z',
      status: 200,
      referrer: '',
      method: 'GET',
    });
  });

  test.each([
    ['a combined line (no virtual host)', `20.171.206.7 - - [10/Oct/2025:13:55:36 +0000] "GET /docs HTTP/1.1" 200 512 "-" "${GPTBOT}"`],
    ['a virtual host alone', 'acme.com:80'],
    ['an empty line', ''],
  ])('skips %s', (_description, line) => {
    expect(parseVhostCombinedLine(line)).toBeNull();
  });
});
