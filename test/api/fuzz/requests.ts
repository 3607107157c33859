/**
 * Whole HTTP requests for every route: its path with real and hostile parameters, its query and body from its
 * schemas (valid or not), and the edge's own inputs: methods, credentials, media types and encodings.
 */
import fc from 'fast-check';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { Route } from '../../../src/api/http/route.js';
import { hostileValue, partArbitrary } from './fromSchema.js';

export interface FuzzRequest {
  route: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Ids and keys of the seeded data: a request reaches deeper when its ids exist. */
export interface FuzzWorld {
  ids: readonly string[];
  keys: readonly string[];
}

/** Percent-encodes text; a lone surrogate (which encodeURIComponent refuses) is sent as U+FFFD, as UTF-8 has it. */
const encode = (value: string): string => encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8'));

const RAW_SEGMENTS = ['%zz', '%', '%C0%80', '%E0%A4%A', '..', '.', '%2F', '%00', 'a%2Fb', '%25', '%F0%9F%98%80', ';', '*'];

const segment = (world: FuzzWorld): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...world.ids) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }).map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );

const pathOf = (template: string, world: FuzzWorld): fc.Arbitrary<string> => {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  return fc.tuple(...names.map(() => segment(world)), fc.constantFrom('', '', '', '/', '//')).map((values) => {
    let path = template;
    names.forEach((name, index) => (path = path.replace(`{${name}}`, values[index] as string)));
    return `${path}${values[names.length] as string}`;
  });
};

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined');

/** `name=value` pairs: arrays repeat the name, objects become `name[key]`, and now and then raw junk. */
const queryOf = (route: Route): fc.Arbitrary<string> =>
  fc
    .tuple(
      partArbitrary(route.parts.query),
      fc.constantFrom('', '', '', '&%zz=1', '&a[b][c]=1', '&=', '&&', '&limit=%', '&startDate=2026-02-30', '&engines=chatgpt,claude', '&__proto__[x]=1'),
    )
    .map(([fields, junk]) => {
      const pairs = Object.entries(fields).flatMap(([name, value]) => {
        if (Array.isArray(value)) return value.map((item) => `${encode(name)}=${encode(text(item))}`);
        if (typeof value === 'object' && value !== null) {
          return Object.entries(value).map(([key, item]) => `${encode(name)}[${encode(key)}]=${encode(text(item))}`);
        }
        return [`${encode(name)}=${encode(text(value))}`];
      });
      const query = `${pairs.join('&')}${junk}`;
      return query === '' ? '' : `?${query}`;
    });

const LOG_LINES = [
  '74.7.241.17 - - [10/Nov/2026:13:55:36 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "Mozilla/5.0; compatible; GPTBot/1.3; +https://openai.com/gptbot"',
  'acme.com:443 74.7.241.17 - - [11/Nov/2026:08:00:00 +0000] "GET /features HTTP/1.1" 200 100 "-" "GPTBot/1.3"',
  '{"host":"acme.com","userAgent":"ClaudeBot/1.0","ip":"34.162.10.4","time":"2026-11-12T10:00:00Z","path":"/","status":200}',
  'not a log line',
];

/** A body's bytes: JSON of the schema's fields, log lines, or junk. */
const payloadOf = (route: Route): fc.Arbitrary<Buffer> =>
  fc
    .oneof(
      { weight: 5, arbitrary: partArbitrary(route.parts.body).map((fields) => JSON.stringify(fields)) },
      { weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...LOG_LINES), fc.string({ maxLength: 80 })), { maxLength: 8 }).map((lines) => lines.join('\n')) },
      { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? '') },
      { weight: 1, arbitrary: fc.constantFrom('{"name":', '[]', 'null', '42', '"x"', '{"a":1}{"b":2}', '\uFEFF{}', '{"__proto__":{"admin":true}}') },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')) },
    )
    .map((body) => Buffer.from(body));

/** How a body travels: its Content-Type and Content-Encoding, and the bytes as that encoding makes them. */
const encodedBody = (route: Route): fc.Arbitrary<{ headers: Record<string, string>; body: Buffer }> =>
  fc
    .tuple(
      payloadOf(route),
      fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/x-ndjson', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/html', ''),
      fc.constantFrom('none', 'none', 'none', 'gzip', 'gzip-header-only', 'gzip-truncated', 'br', 'br-header-only', 'deflate', 'deflate-header-only', 'zstd', 'gzip, br', 'identity', 'x-junk'),
    )
    .map(([payload, contentType, encoding]) => {
      const headers: Record<string, string> = contentType === '' ? {} : { 'content-type': contentType };
      const [name, how] = encoding.endsWith('-header-only') ? [encoding.slice(0, -'-header-only'.length), 'plain'] : encoding.split('-');
      const encoders: Record<string, (bytes: Buffer) => Buffer> = { gzip: gzipSync, br: brotliCompressSync, deflate: deflateSync };
      const encode = encoders[name ?? ''];
      let body = how === 'plain' || encode === undefined ? payload : encode(payload);
      if (how === 'truncated') body = body.subarray(0, Math.max(0, body.length - 6));
      if (name !== 'none') headers['content-encoding'] = name ?? encoding;
      return { headers, body };
    });

const METHODS_WITH_BODY = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** One request for a route: mostly its own method, sometimes another one. */
export function requestArbitrary(route: Route, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const method = fc.oneof({ weight: 8, arbitrary: fc.constant(route.method.toUpperCase()) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'PUT', 'POST', 'DELETE', 'PATCH') });
  const authorization = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...world.keys).map((key) => `Bearer ${key}`) },
    { weight: 1, arbitrary: fc.constantFrom('', 'Bearer', 'Bearer glk_live_0000000000000000000000000000000000000000', 'Basic dXNlcjpwYXNz', 'Bearer %zz', 'bearer  x') },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.tuple(method, pathOf(route.path, world), queryOf(route), authorization, encodedBody(route)).map(([verb, path, query, auth, encoded]) => {
    const headers: Record<string, string> = auth === undefined ? {} : { authorization: auth };
    const withBody = METHODS_WITH_BODY.has(verb);
    return {
      route: `${route.method.toUpperCase()} ${route.path}`,
      method: verb,
      path: `${path}${query}`,
      headers: withBody ? { ...headers, ...encoded.headers } : headers,
      ...(withBody ? { body: encoded.body } : {}),
    };
  });
}
