/**
 * Apache/nginx access log lines in the `combined` layout
 * (`%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i"`) and Apache's `vhost_combined`, which puts
 * `%v:%p` (virtual host and port) first. Read by index, not by regular expression: this runs once per line of
 * logs that can be gigabytes long.
 */
import { parseApacheTime } from './apacheTime.js';
import { isHttpStatus, type LogRecord } from './records.js';

const SPACE = 32;
const QUOTE = 34;
const BACKSLASH = 92;
const BRACKET = 91;
const DASH = 45;

/** The index of the quote closing the field that opens at `quoteAt` (inside, a backslash escapes `"` and itself), or -1. */
function closingQuote(line: string, quoteAt: number): number {
  if (line.charCodeAt(quoteAt) !== QUOTE) return -1;
  let close = line.indexOf('"', quoteAt + 1);
  while (close !== -1 && isEscaped(line, close)) close = line.indexOf('"', close + 1);
  return close;
}

function isEscaped(line: string, quoteAt: number): boolean {
  let backslashes = 0;
  for (let index = quoteAt - 1; line.charCodeAt(index) === BACKSLASH; index -= 1) backslashes += 1;
  return backslashes % 2 === 1;
}

/** The unescaped content between the quotes at `open` and `close`. */
function quotedValue(line: string, open: number, close: number): string {
  const raw = line.slice(open + 1, close);
  return raw.includes('\\') ? raw.replace(/\\(["\\])/g, '$1') : raw;
}

/** Where the target of a request line (`GET /pricing?a=1 HTTP/1.1`, or HTTP/0.9's `GET /pricing`) ends, or -1. */
function targetEnd(request: string, methodEnd: number): number {
  const protocolStart = request.lastIndexOf(' ');
  const end = protocolStart > methodEnd ? protocolStart : request.length;
  const space = request.indexOf(' ', methodEnd + 1);
  return end === methodEnd + 1 || (space !== -1 && space < end) ? -1 : end;
}

/** The Referer field's value; `-` (the header was absent) reads as empty. */
function refererValue(line: string, open: number, close: number): string {
  if (close === open + 2 && line.charCodeAt(open + 1) === DASH) return '';
  return quotedValue(line, open, close);
}

/**
 * The fields from `%h` on, starting at `start`. Exactly three fields (`%h %l %u`) stand before `[`: that is what
 * tells a `combined` line from a `vhost_combined` one, whose extra first field would shift them.
 */
function parseFromClient(line: string, start: number, host: string | null): LogRecord | null {
  const ipEnd = line.indexOf(' ', start);
  const identityEnd = line.indexOf(' ', ipEnd + 1);
  const timeOpen = line.indexOf(' ', identityEnd + 1);
  const timeClose = line.indexOf('] "', timeOpen);
  if (ipEnd <= start || identityEnd === -1 || line.charCodeAt(timeOpen + 1) !== BRACKET || timeClose === -1) return null;
  const time = parseApacheTime(line.slice(timeOpen + 2, timeClose));
  const requestClose = closingQuote(line, timeClose + 2);
  if (time === null || requestClose === -1 || line.charCodeAt(requestClose + 1) !== SPACE) return null;
  const statusEnd = line.indexOf(' ', requestClose + 2);
  const bytesEnd = line.indexOf(' ', statusEnd + 1);
  if (statusEnd - requestClose !== 5 || bytesEnd === -1) return null;
  const status = Number(line.slice(requestClose + 2, statusEnd));
  const refererClose = closingQuote(line, bytesEnd + 1);
  if (!isHttpStatus(status) || refererClose === -1 || line.charCodeAt(refererClose + 1) !== SPACE) return null;
  const userAgentClose = closingQuote(line, refererClose + 2);
  const request = quotedValue(line, timeClose + 2, requestClose);
  const methodEnd = request.indexOf(' ');
  const pathEnd = methodEnd <= 0 ? -1 : targetEnd(request, methodEnd);
  if (userAgentClose === -1 || pathEnd === -1) return null;
  const userAgent = quotedValue(line, refererClose + 2, userAgentClose);
  const referrer = refererValue(line, bytesEnd + 1, refererClose);
  const path = request.slice(methodEnd + 1, pathEnd);
  return { host, path, userAgent, ip: line.slice(start, ipEnd), time, status, referrer, method: request.slice(0, methodEnd) };
}

/** A `combined` line; it names no host, so `host` is null and the caller supplies one. */
export const parseCombinedLine = (line: string): LogRecord | null => parseFromClient(line, 0, null);

/** A `vhost_combined` line: `host:port` (as logged), then the `combined` fields. */
export function parseVhostCombinedLine(line: string): LogRecord | null {
  const hostEnd = line.indexOf(' ');
  if (hostEnd <= 0) return null;
  return parseFromClient(line, hostEnd + 1, line.slice(0, hostEnd));
}
