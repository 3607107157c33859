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

interface Quoted {
  value: string;
  /** Index just after the closing quote. */
  next: number;
}

/** The quoted field that opens at `quoteAt` (Apache escapes `"` and `\` inside it with a backslash), or null. */
function readQuoted(line: string, quoteAt: number): Quoted | null {
  if (line.charCodeAt(quoteAt) !== QUOTE) return null;
  let close = line.indexOf('"', quoteAt + 1);
  let escaped = false;
  while (close !== -1 && isEscaped(line, close)) {
    escaped = true;
    close = line.indexOf('"', close + 1);
  }
  if (close === -1) return null;
  const raw = line.slice(quoteAt + 1, close);
  return { value: escaped || raw.includes('\\') ? raw.replace(/\\(["\\])/g, '$1') : raw, next: close + 1 };
}

function isEscaped(line: string, quoteAt: number): boolean {
  let backslashes = 0;
  for (let index = quoteAt - 1; line.charCodeAt(index) === BACKSLASH; index -= 1) backslashes += 1;
  return backslashes % 2 === 1;
}

/** The target of a request line (`GET /pricing?a=1 HTTP/1.1`, or HTTP/0.9's `GET /pricing`), or null. */
function requestTarget(request: string): string | null {
  const methodEnd = request.indexOf(' ');
  if (methodEnd <= 0) return null;
  const protocolStart = request.lastIndexOf(' ');
  const target = protocolStart > methodEnd ? request.slice(methodEnd + 1, protocolStart) : request.slice(methodEnd + 1);
  return target === '' || target.includes(' ') ? null : target;
}

/** The fields from `%h` on, starting at `start`. */
function parseFromClient(line: string, start: number, host: string | null): LogRecord | null {
  const ipEnd = line.indexOf(' ', start);
  const timeOpen = line.indexOf(' [', ipEnd);
  const timeClose = line.indexOf('] "', timeOpen);
  if (ipEnd <= start || timeOpen === -1 || timeClose === -1) return null;
  const time = parseApacheTime(line.slice(timeOpen + 2, timeClose));
  const request = readQuoted(line, timeClose + 2);
  if (time === null || request === null || line.charCodeAt(request.next) !== SPACE) return null;
  const statusEnd = line.indexOf(' ', request.next + 1);
  const bytesEnd = line.indexOf(' ', statusEnd + 1);
  if (statusEnd - request.next !== 4 || bytesEnd === -1) return null;
  const status = Number(line.slice(request.next + 1, statusEnd));
  const referer = readQuoted(line, bytesEnd + 1);
  if (!isHttpStatus(status) || referer === null || line.charCodeAt(referer.next) !== SPACE) return null;
  const userAgent = readQuoted(line, referer.next + 1);
  const path = requestTarget(request.value);
  if (userAgent === null || path === null) return null;
  return { host, path, userAgent: userAgent.value, ip: line.slice(start, ipEnd), time, status };
}

/** A `combined` line; it names no host, so `host` is null and the caller supplies one. */
export const parseCombinedLine = (line: string): LogRecord | null => parseFromClient(line, 0, null);

/** A `vhost_combined` line: `host:port` (as logged), then the `combined` fields. */
export function parseVhostCombinedLine(line: string): LogRecord | null {
  const hostEnd = line.indexOf(' ');
  if (hostEnd <= 0) return null;
  return parseFromClient(line, hostEnd + 1, line.slice(0, hostEnd));
}
