/**
 * JSON access logs, one object per line, in three shapes (docs/agent-analytics.md), told apart per line:
 * Cloudflare Logpush (`ClientRequestHost`, ...), Vercel log drains (`proxy.*`) and a generic shape
 * (`host`, `userAgent`, `ip`, `time`, `path`, `status`). The referrer (`ClientRequestReferer`, `proxy.referer`,
 * `referer`) and the method (`ClientRequestMethod`, `proxy.method`, `method`) are optional: a line without a
 * referrer has none, a line without a method is a GET.
 */
import { isHttpStatus, type LogRecord } from './records.js';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const optionalHost = (value: unknown): string | null | undefined =>
  value === undefined || value === null ? null : (text(value) ?? undefined);

const httpStatus = (value: unknown): number | null =>
  typeof value === 'number' && isHttpStatus(value) ? value : null;

/** ISO 8601 in UTC from epoch milliseconds, or null when out of range. */
function isoFromMs(ms: number): string | null {
  const date = new Date(ms);
  return Number.isFinite(ms) && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** ISO 8601 text with a date and a time (RFC 3339), normalized to UTC; null otherwise. */
function isoFromText(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  return isoFromMs(Date.parse(value));
}

/** Cloudflare's `EdgeStartTimestamp`: RFC 3339 text or Unix nanoseconds (a number or a string of digits). */
function cloudflareTime(value: unknown): string | null {
  if (typeof value === 'number') return isoFromMs(Math.floor(value / 1e6));
  if (typeof value === 'string' && /^\d{10,19}$/.test(value)) return isoFromMs(Number(BigInt(value) / 1_000_000n));
  return isoFromText(value);
}

/** The referrer as logged: none when absent, `-` or not text. */
const referrerOf = (value: unknown): string => (typeof value === 'string' && value !== '-' ? value : '');

/** The method as logged: GET when absent (the shapes log GETs without one), empty when it is not text. */
const methodOf = (value: unknown): string =>
  value === undefined || value === null || value === '' ? 'GET' : typeof value === 'string' ? value : '';

function record(fields: {
  host: string | null | undefined;
  path: string | null;
  userAgent: string | null;
  ip: string | null;
  time: string | null;
  status: number | null;
  referrer: unknown;
  method: unknown;
}): LogRecord | null {
  const { host, path, userAgent, ip, time, status } = fields;
  if (host === undefined || path === null || userAgent === null || ip === null || time === null || status === null) return null;
  return { host, path, userAgent, ip, time, status, referrer: referrerOf(fields.referrer), method: methodOf(fields.method) };
}

const fromCloudflare = (line: JsonObject): LogRecord | null =>
  record({
    host: optionalHost(line.ClientRequestHost),
    path: text(line.ClientRequestURI),
    userAgent: text(line.ClientRequestUserAgent),
    ip: text(line.ClientIP),
    time: cloudflareTime(line.EdgeStartTimestamp),
    status: httpStatus(line.EdgeResponseStatus),
    referrer: line.ClientRequestReferer,
    method: line.ClientRequestMethod,
  });

/** Vercel sends the header's values as an array when the request repeated it. */
function vercelUserAgent(value: unknown): string | null {
  if (!Array.isArray(value)) return text(value);
  const values = value.filter((item): item is string => typeof item === 'string' && item !== '');
  return values.length === value.length && values.length > 0 ? values.join(' ') : null;
}

function fromVercel(line: JsonObject, proxy: JsonObject): LogRecord | null {
  return record({
    host: optionalHost(proxy.host),
    path: text(proxy.path),
    userAgent: vercelUserAgent(proxy.userAgent),
    ip: text(proxy.clientIp),
    time: typeof line.timestamp === 'number' ? isoFromMs(line.timestamp) : null,
    status: httpStatus(proxy.statusCode),
    referrer: proxy.referer,
    method: proxy.method,
  });
}

const fromGeneric = (line: JsonObject): LogRecord | null =>
  record({
    host: optionalHost(line.host),
    path: text(line.path),
    userAgent: text(line.userAgent),
    ip: text(line.ip),
    time: isoFromText(line.time),
    status: httpStatus(line.status),
    referrer: line.referer,
    method: line.method,
  });

const CLOUDFLARE_FIELDS = ['ClientRequestHost', 'ClientRequestUserAgent', 'ClientIP', 'EdgeStartTimestamp', 'ClientRequestURI'];

/** One JSON line of any of the three shapes; null when it is not JSON, not an object or lacks a field. */
export function parseJsonLine(line: string): LogRecord | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  if (CLOUDFLARE_FIELDS.some((field) => field in parsed)) return fromCloudflare(parsed);
  if (isObject(parsed.proxy)) return fromVercel(parsed, parsed.proxy);
  return fromGeneric(parsed);
}
