import { withoutWww } from '../shared/hosts.js';

/**
 * The one form in which domains are stored and compared, so that what a user pastes from the address bar
 * (`https://www.Acme.com:443/pricing`) and what they type (`acme.com`) name the same domain.
 * Strips scheme, credentials, `www.`, port, path, query, fragment and the DNS root dot; lowercases.
 */
export function normalizeDomain(input: string): string {
  const withoutScheme = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^\/\//, '');
  const authority = withoutScheme.split(/[/?#]/, 1)[0] ?? '';
  const host = authority
    .slice(authority.lastIndexOf('@') + 1)
    .replace(/:\d*$/, '')
    .replace(/\.+$/, '');
  return withoutWww(host);
}

const label = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const domainName = new RegExp(`^(?:${label}\\.)+${label}$`, 'u');

/** A normalized host name with at least two labels (`acme.com`, `xn--bcher-kva.de`, `bücher.de`). */
export const isDomainName = (value: string): boolean => value.length <= 253 && domainName.test(value);
