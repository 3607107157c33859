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

/** The target of a request line (`GET /pricing?a=1 HTTP/1.1`, or HTTP/0.9's `GET /pricing`), or null. */
function requestTarget(request: string): string | null {
  const methodEnd = request.indexOf(' ');
  if (methodEnd <= 0) return null;
  const protocolStart = request.lastIndexOf(' ');
  const target = protocolStart > methodEnd ? request.slice(methodEnd + 1, protocolStart) : request.slice(methodEnd + 1);
  return target === '' || target.includes(' ') ? null : target;
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
  const path = requestTarget(quotedValue(line, timeClose + 2, requestClose));
  if (userAgentClose === -1 || path === null) return null;
  const userAgent = quotedValue(line, refererClose + 2, userAgentClose);
  return { host, path, userAgent, ip: line.slice(start, ipEnd), time, status };
}

/** A `combined` line; it names no host, so `host` is null and the caller supplies one. */
export const parseCombinedLine = (line: string): LogRecord | null => parseFromClient(line, 0, null);

/** A `vhost_combined` line: `host:port` (as logged), then the `combined` fields. */
export function parseVhostCombinedLine(line: string): LogRecord | null {
  const hostEnd = line.indexOf(' ');
  if (hostEnd <= 0) return null;
  return parseFromClient(line, hostEnd + 1, line.slice(0, hostEnd));
}
