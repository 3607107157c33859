import { getDomain } from 'tldts';
import { withoutWww } from '../shared/hosts.js';

export { withoutWww };

/** A citation link in the form in which links compare. */
export interface CitationUrl {
  /** Lowercase scheme and host, no fragment, no default port, no trailing slash on the path; query kept. */
  url: string;
  /** Lowercase host name, without port or trailing root dot. */
  host: string;
  /** The host without a leading `www.`: what domain metrics group by. */
  domain: string;
}

/** scheme, authority, path, query; the fragment is matched only to be dropped. */
const ABSOLUTE_URL = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(?:#.*)?$/is;
const SCHEMELESS_HOST = /^(?:\/\/)?[^\s/?#:@]+\.[^\s/?#:@]+(?:[:/?#]|$)/;
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443', ws: '80', wss: '443', ftp: '21' };

/**
 * Parses and normalizes a cited link, or returns null when it has no host. Engines cite absolute URLs; a
 * scheme-less link that starts with a host name (`www.acme.com/pricing`) is read as https. The path is kept
 * as written (case and percent-encoding included): only what the contract lists is normalized.
 */
export function parseCitationUrl(link: string): CitationUrl | null {
  const trimmed = link.trim();
  const parts = ABSOLUTE_URL.exec(trimmed) ?? ABSOLUTE_URL.exec(schemelessAsHttps(trimmed));
  if (parts === null) return null;
  const [, scheme = '', authority = '', path = '', query = ''] = parts;
  const normalizedScheme = scheme.toLowerCase();
  const server = parseAuthority(authority, normalizedScheme);
  if (server === null) return null;
  const url = `${normalizedScheme}://${server.userInfo}${server.host}${server.port}${path.replace(/\/+$/, '')}${query}`;
  return { url, host: server.host, domain: withoutWww(server.host) };
}

function schemelessAsHttps(link: string): string {
  if (!SCHEMELESS_HOST.test(link)) return '';
  return `https://${link.replace(/^\/\//, '')}`;
}

interface Server {
  userInfo: string;
  host: string;
  /** `:port`, or empty when absent or the scheme's default. */
  port: string;
}

function parseAuthority(authority: string, scheme: string): Server | null {
  const userInfoEnd = authority.lastIndexOf('@') + 1;
  const hostAndPort = authority.slice(userInfoEnd);
  const portAt = hostAndPort.lastIndexOf(':');
  const hasPort = portAt > hostAndPort.lastIndexOf(']');
  const host = withoutRootDot((hasPort ? hostAndPort.slice(0, portAt) : hostAndPort).toLowerCase());
  if (host === '' || /\s/.test(host)) return null;
  const port = hasPort ? hostAndPort.slice(portAt + 1) : '';
  const keptPort = port === '' || port === DEFAULT_PORTS[scheme] ? '' : `:${port}`;
  return { userInfo: authority.slice(0, userInfoEnd), host, port: keptPort };
}

const withoutRootDot = (host: string): string => (host.endsWith('.') ? host.replace(/\.+$/, '') : host);


/** The normalized form of a cited link, or null when it has no host. */
export const normalizeCitationUrl = (link: string): string | null => parseCitationUrl(link)?.url ?? null;

/**
 * The part of a domain its owner registered (`en.wikipedia.org` → `wikipedia.org`, `news.bbc.co.uk` →
 * `bbc.co.uk`), by the ICANN section of the Public Suffix List; hosting platforms (`github.io`,
 * `blogspot.com`) stay one registrable domain for all their sites. An IP address or a bare public suffix is
 * its own registrable domain.
 */
export function registrableDomain(domain: string): string {
  return getDomain(domain, { allowPrivateDomains: false }) ?? domain;
}
