/** One request line of an access log, as every log format reads into. */
export interface LogRecord {
  /** The requested host as logged (may carry a port or `www.`); null when the format has none (`combined`). */
  host: string | null;
  /** The request target as logged: a path, usually with its query. */
  path: string;
  userAgent: string;
  /** The client address as logged. */
  ip: string;
  /** When the request started, ISO 8601 in UTC. */
  time: string;
  status: number;
  /** The Referer header as logged; empty when the line has none (`-` in combined logs). */
  referrer: string;
  /** The request method as logged; `GET` for a JSON line that names none. */
  method: string;
}

/** The log formats `geolens logs ingest --format` accepts. */
export const LOG_FORMATS = ['combined', 'vhost_combined', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Reads one line; null when the line does not parse (it is then counted as skipped, never fatal). */
export type LineParser = (line: string) => LogRecord | null;

/** An HTTP status as logged: three digits, 100 to 599. */
export const isHttpStatus = (status: number): boolean => Number.isInteger(status) && status >= 100 && status <= 599;
