import { describe, expect, test } from '@jest/globals';
import { parseJsonLine } from '../../../src/domain/agentLogs/index.js';

const UA = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)';

const cloudflare = {
  ClientRequestHost: 'www.acme.com',
  ClientRequestUserAgent: UA,
  ClientIP: '107.20.236.150',
  EdgeStartTimestamp: '2025-10-10T13:55:36Z',
  ClientRequestURI: '/pricing?ref=ai',
  EdgeResponseStatus: 200,
  RayID: '8c2f0e0a9b1c2d3e',
};

const vercel = {
  id: '1573817187330377061717300000',
  source: 'edge',
  timestamp: 1760104536000,
  proxy: {
    timestamp: 1760104536000,
    method: 'GET',
    host: 'acme.com',
    path: '/docs/start',
    userAgent: [UA],
    referer: '',
    statusCode: 200,
    clientIp: '107.20.236.150',
    region: 'iad1',
  },
};

const generic = { host: 'acme.com:8080', userAgent: UA, ip: '107.20.236.150', time: '2025-10-10T15:55:36+02:00', path: '/about', status: 301 };

const expected = (overrides: object) => ({ userAgent: UA, ip: '107.20.236.150', time: '2025-10-10T13:55:36.000Z', referrer: '', method: 'GET', ...overrides });

describe('parseJsonLine', () => {
  test('reads a Cloudflare Logpush line', () => {
    expect(parseJsonLine(JSON.stringify(cloudflare))).toEqual(expected({ host: 'www.acme.com', path: '/pricing?ref=ai', status: 200 }));
  });

  test.each([
    ['Unix nanoseconds', 1760104536000000000],
    ['Unix nanoseconds as text', '1760104536123456789'],
    ['RFC 3339 text with an offset', '2025-10-10T15:55:36+02:00'],
  ])('reads a Cloudflare EdgeStartTimestamp in %s', (_description, timestamp) => {
    expect(parseJsonLine(JSON.stringify({ ...cloudflare, EdgeStartTimestamp: timestamp }))?.time).toMatch(/^2025-10-10T13:55:36\.\d{3}Z$/);
  });

  test('reads a Vercel log drain line, the user agent given as an array', () => {
    expect(parseJsonLine(JSON.stringify(vercel))).toEqual(expected({ host: 'acme.com', path: '/docs/start', status: 200 }));
  });

  test('reads a Vercel user agent given as a string', () => {
    expect(parseJsonLine(JSON.stringify({ ...vercel, proxy: { ...vercel.proxy, userAgent: UA } }))?.userAgent).toBe(UA);
  });

  test('reads a generic line, its ISO 8601 time normalized to UTC', () => {
    expect(parseJsonLine(JSON.stringify(generic))).toEqual(expected({ host: 'acme.com:8080', path: '/about', status: 301 }));
  });

  test.each([
    ['Cloudflare', { ...cloudflare, ClientRequestReferer: 'https://chatgpt.com/', ClientRequestMethod: 'POST' }],
    ['Vercel', { ...vercel, proxy: { ...vercel.proxy, referer: 'https://chatgpt.com/', method: 'POST' } }],
    ['generic', { ...generic, referer: 'https://chatgpt.com/', method: 'POST' }],
  ])('reads the referrer and the method of a %s line', (_shape, line) => {
    expect(parseJsonLine(JSON.stringify(line))).toMatchObject({ referrer: 'https://chatgpt.com/', method: 'POST' });
  });

  test.each([
    ['absent', {}, { referrer: '', method: 'GET' }],
    ['null', { referer: null, method: null }, { referrer: '', method: 'GET' }],
    ['-, as some proxies log no referrer', { referer: '-' }, { referrer: '', method: 'GET' }],
    ['not text', { referer: 7, method: 7 }, { referrer: '', method: '' }],
  ])('reads a referrer and method that are %s, without skipping the line', (_description, fields, read) => {
    expect(parseJsonLine(JSON.stringify({ ...generic, ...fields }))).toMatchObject({ path: '/about', ...read });
  });

  test('reads a generic line without a host: the caller supplies one', () => {
    const { host: _host, ...withoutHost } = generic;
    expect(parseJsonLine(JSON.stringify(withoutHost))?.host).toBeNull();
  });

  test('tells the shapes apart line by line', () => {
    const lines = [cloudflare, vercel, generic].map((line) => parseJsonLine(JSON.stringify(line))?.path);
    expect(lines).toEqual(['/pricing?ref=ai', '/docs/start', '/about']);
  });

  test.each([
    ['not JSON', 'GET / HTTP/1.1'],
    ['truncated JSON', JSON.stringify(generic).slice(0, 40)],
    ['a JSON array', JSON.stringify([generic])],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
    ['an empty line', ''],
    ['a Cloudflare line without a client IP', JSON.stringify({ ...cloudflare, ClientIP: undefined })],
    ['a Cloudflare line with an unreadable timestamp', JSON.stringify({ ...cloudflare, EdgeStartTimestamp: 'yesterday' })],
    ['a Vercel line of a build, without a request', JSON.stringify({ id: 'x', source: 'build', timestamp: 1760104536000, message: 'Build completed' })],
    ['a Vercel line with a user agent array holding a number', JSON.stringify({ ...vercel, proxy: { ...vercel.proxy, userAgent: [UA, 7] } })],
    ['a Vercel line without its timestamp', JSON.stringify({ ...vercel, timestamp: undefined })],
    ['a generic line with a date only', JSON.stringify({ ...generic, time: '2025-10-10' })],
    ['a generic line with the status as text', JSON.stringify({ ...generic, status: '200' })],
    ['a generic line with a host that is a number', JSON.stringify({ ...generic, host: 42 })],
    ['a generic line without a user agent', JSON.stringify({ ...generic, userAgent: undefined })],
  ])('skips %s', (_description, line) => {
    expect(parseJsonLine(line)).toBeNull();
  });
});
