import ipaddr from 'ipaddr.js';

/** Where a request is about to connect: the address the guard checked and the port of the URL. */
export interface Endpoint {
  address: string;
  port: number;
}

/**
 * Decides whether audits may connect to an endpoint: `null` allows it, a string refuses it and says why
 * ("a private address"), to be quoted in the failed check's error.
 */
export type AddressPolicy = (endpoint: Endpoint) => string | null;

/**
 * How a refusal names the ipaddr.js range of an address. Only the `unicast` range (public addresses) is
 * allowed; any range not named here is refused as "a special-purpose address".
 */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  carrierGradeNat: 'a private address (carrier-grade NAT, 100.64.0.0/10)',
  uniqueLocal: 'a private address (unique local, fc00::/7)',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  reserved: 'a reserved address',
  teredo: 'a Teredo tunnel address',
};

const rangeRefusal = (address: ipaddr.IPv4 | ipaddr.IPv6): string | null => {
  const range = address.range();
  return range === 'unicast' ? null : (RANGE_NAMES[range] ?? `a special-purpose address (${range})`);
};

/** IPv4-compatible IPv6 (`::a.b.c.d`, which URL parsing writes `::7f00:1`): 96 zero bits, other than `::` and `::1`. */
const isIPv4Compatible = (address: ipaddr.IPv6): boolean => address.parts.slice(0, 6).every((part) => part === 0) && address.range() === 'unicast';

/**
 * IPv6 forms whose last 32 bits (or bits 16..48 for 6to4, 2002::/16) carry an IPv4 address that decides the
 * verdict: IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96), NAT64 (64:ff9b::/96) and IPv4-translated.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const fromWords = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return fromWords(parts[6] ?? 0, parts[7] ?? 0);
    case '6to4':
      return fromWords(parts[1] ?? 0, parts[2] ?? 0);
    default:
      return isIPv4Compatible(address) ? fromWords(parts[6] ?? 0, parts[7] ?? 0) : null;
  }
}

/** Why `address` is refused by the default rules, or null when it is a public unicast address. */
export function refusalOf(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
    if (embedded !== null) {
      const inner = rangeRefusal(embedded);
      return inner === null ? null : `an IPv6 form of ${embedded.toString()}, ${inner}`;
    }
  }
  return rangeRefusal(parsed);
}

/** The rules audits run under: public unicast addresses only, whatever the port. */
export const publicAddressesOnly: AddressPolicy = ({ address }) => refusalOf(address);

/** `AUDIT_ALLOW_PRIVATE_NETWORKS=1`: every address is allowed (tests and local development). */
export const anyAddress: AddressPolicy = () => null;
