import type { BrandIdentity } from '../brandReport/events.js';
import { normalizeDomain } from '../brandReport/normalizeDomain.js';

/** The hosts a report's visits may be for. */
export interface ReportHosts {
  /** `brandDomain` and `brandDomainVariations`, normalized: what the agent analytics responses list as `domains`. */
  domains: readonly string[];
  /** `brandDomain` when `brandDomainWildcard` is set: its subdomains are the report's too. */
  wildcardRoot: string | null;
}

export function reportHosts(
  identity: Pick<BrandIdentity, 'brandDomain' | 'brandDomainVariations' | 'brandDomainWildcard'>,
): ReportHosts {
  const brandDomain = normalizeDomain(identity.brandDomain);
  const variations = identity.brandDomainVariations.map(normalizeDomain);
  return {
    domains: [...new Set([brandDomain, ...variations])].filter((domain) => domain !== ''),
    wildcardRoot: identity.brandDomainWildcard && brandDomain !== '' ? brandDomain : null,
  };
}

/**
 * Whether a logged host is one of the report's: compared normalized (lowercase, no `www.`, no port, no
 * trailing dot), subdomains of the wildcard root included.
 */
export function isReportHost(host: string, hosts: ReportHosts): boolean {
  const normalized = normalizeDomain(host);
  if (hosts.domains.includes(normalized)) return true;
  return hosts.wildcardRoot !== null && normalized.endsWith(`.${hosts.wildcardRoot}`);
}
