import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

export const SESSION_COOKIE = 'geolens_session';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_REFUSED = 'Missing or wrong X-CSRF-Token header';

/** The session id in a `Cookie` header, if the header carries a non-empty one. */
export function sessionIdOf(cookieHeader: string | undefined): string | undefined {
  for (const pair of cookieHeader?.split(';') ?? []) {
    const separator = pair.indexOf('=');
    const value = pair.slice(separator + 1).trim();
    if (separator > 0 && pair.slice(0, separator).trim() === SESSION_COOKIE && value !== '') return value;
  }
  return undefined;
}

/** `Secure` when BASE_URL is https; no expiry date, the server ends it after 12 h idle. */
export function sessionCookie(sessionId: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${sessionId}; HttpOnly; SameSite=Strict; Path=/${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** Methods that change nothing, which a page may send without the CSRF token. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request changes nothing or carries the session's CSRF token. */
export function passesCsrfCheck(request: Request, csrfToken: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfToken);
  const presented = Buffer.from(sent);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
