import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';
import { FetchFailedError, FetchRefusedError } from '../../ports/web.js';
import type { AddressPolicy } from './addressPolicy.js';
import type { HostResolver } from './hostResolver.js';

/** The one address a hop connects to, after the guard checked it. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

export interface HopTarget {
  url: URL;
  /** The URL whose redirect led here, quoted in a refusal. */
  redirectedFrom: string | null;
}

const defaultPort = (url: URL): number => (url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** The hostname without the brackets URL keeps around IPv6 literals. */
const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

async function addressesOf(hostname: string, resolveHost: HostResolver): Promise<string[]> {
  if (ipaddr.isValid(hostname)) return [hostname];
  let addresses: string[];
  try {
    addresses = await resolveHost(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new FetchFailedError('unresolved', `could not resolve ${hostname} (${code})`);
  }
  if (addresses.length === 0) throw new FetchFailedError('unresolved', `could not resolve ${hostname} (no address)`);
  return addresses;
}

/**
 * Resolves the hop's host once and judges every address it resolves to: one forbidden address refuses the
 * hop, since which of them a connection would use is not ours to know. Returns the address to connect to.
 */
export async function checkHop(
  { url, redirectedFrom }: HopTarget,
  policy: AddressPolicy,
  resolveHost: HostResolver,
): Promise<CheckedAddress> {
  const hostname = bareHost(url);
  const addresses = await addressesOf(hostname, resolveHost);
  for (const address of addresses) {
    const refusal = policy({ address, port: defaultPort(url) });
    if (refusal === null) continue;
    const context = [
      hostname === address ? null : `resolved from ${hostname}`,
      redirectedFrom === null ? null : `redirected from ${redirectedFrom}`,
    ].filter((part) => part !== null);
    const because = context.length > 0 ? ` (${context.join(', ')})` : '';
    throw new FetchRefusedError(`refused: ${address} is ${refusal}${because}`);
  }
  const address = addresses[0] as string;
  return { address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 };
}

/**
 * A dispatcher whose every connection goes to `checked`, whatever the hostname: the lookup net.connect asks
 * for is answered with the checked address, so no second DNS answer can move the connection elsewhere
 * (DNS rebinding). TLS still verifies the certificate against the URL's hostname.
 */
export function pinnedAgent(checked: CheckedAddress): Agent {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all === true) callback(null, [checked]);
    else callback(null, checked.address, checked.family);
  };
  return new Agent({ connect: { lookup } });
}
