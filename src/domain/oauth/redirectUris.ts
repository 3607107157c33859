/** Hosts a native client listens on for its redirect: plain http is allowed there (RFC 8252, 7.3 and 8.3). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why a redirect URI cannot be registered, or null when it can: https, or http on a loopback host (any port),
 * without a fragment (RFC 6749, 3.1.2) and without credentials.
 */
export function redirectUriProblem(redirectUri: string): string | null {
  if (!URL.canParse(redirectUri)) return 'is not an absolute URL';
  const url = new URL(redirectUri);
  if (redirectUri.includes('#')) return 'must not have a fragment';
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must be https:// or http:// on a loopback host (127.0.0.1, [::1] or localhost)';
}
