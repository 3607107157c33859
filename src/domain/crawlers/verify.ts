import ipaddr from 'ipaddr.js';
import type { RangeTable } from './ranges.js';

/** Whether a visit's IP proves its user agent. */
export type Verification = 'verified' | 'spoofed' | 'unverifiable';

/**
 * One agent's ranges as sorted, merged, inclusive address intervals: a lookup is a binary search instead of a
 * test of every CIDR. IPv4 addresses are numbers, IPv6 addresses bigints.
 */
interface AddressIntervals<Address extends number | bigint> {
  starts: Address[];
  ends: Address[];
}

interface CompiledAgentRanges {
  v4: AddressIntervals<number>;
  v6: AddressIntervals<bigint>;
}

/** A range table compiled once for the many lookups of an ingestion. */
export type CompiledRanges = ReadonlyMap<string, CompiledAgentRanges>;

const ipv4Number = (octets: readonly number[]): number =>
  octets.reduce((value, octet) => value * 256 + octet, 0);

const ipv6Bigint = (parts: readonly number[]): bigint =>
  parts.reduce((value, part) => (value << 16n) | BigInt(part), 0n);

/** Sorts intervals and joins those that overlap or touch (`touches(previousEnd, start)`). */
function mergeIntervals<Address extends number | bigint>(
  intervals: [Address, Address][],
  touches: (previousEnd: Address, start: Address) => boolean,
): AddressIntervals<Address> {
  intervals.sort((left, right) => (left[0] < right[0] ? -1 : left[0] > right[0] ? 1 : 0));
  const merged: AddressIntervals<Address> = { starts: [], ends: [] };
  for (const [start, end] of intervals) {
    const previousEnd = merged.ends.at(-1);
    if (previousEnd !== undefined && touches(previousEnd, start)) {
      if (end > previousEnd) merged.ends[merged.ends.length - 1] = end;
    } else {
      merged.starts.push(start);
      merged.ends.push(end);
    }
  }
  return merged;
}

function compileAgent(cidrs: readonly string[]): CompiledAgentRanges {
  const v4: [number, number][] = [];
  const v6: [bigint, bigint][] = [];
  for (const cidr of cidrs) {
    const [network, bits] = ipaddr.parseCIDR(cidr);
    if (network.kind() === 'ipv4') {
      const size = 2 ** (32 - bits);
      const start = Math.floor(ipv4Number((network as ipaddr.IPv4).octets) / size) * size;
      v4.push([start, start + size - 1]);
    } else {
      const hostBits = BigInt(128 - bits);
      const start = (ipv6Bigint((network as ipaddr.IPv6).parts) >> hostBits) << hostBits;
      v6.push([start, start + (1n << hostBits) - 1n]);
    }
  }
  return {
    v4: mergeIntervals(v4, (previousEnd, start) => start <= previousEnd + 1),
    v6: mergeIntervals(v6, (previousEnd, start) => start <= previousEnd + 1n),
  };
}

/** Compiles every agent's CIDRs; an agent listed with no CIDRs publishes none. */
export function compileRanges(table: RangeTable): CompiledRanges {
  const compiled = new Map<string, CompiledAgentRanges>();
  for (const [agent, ranges] of table) if (ranges.cidrs.length > 0) compiled.set(agent, compileAgent(ranges.cidrs));
  return compiled;
}

function contains<Address extends number | bigint>(intervals: AddressIntervals<Address>, address: Address): boolean {
  let low = 0;
  let high = intervals.starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((intervals.starts[middle] as Address) <= address) low = middle + 1;
    else high = middle - 1;
  }
  return high >= 0 && address <= (intervals.ends[high] as Address);
}

/** A dotted-quad IPv4 address as a number, or -1: the common case, without ipaddr.js's general parser. */
function dottedQuad(ip: string): number {
  let value = 0;
  let octet = -1;
  let octets = 0;
  for (let index = 0; index <= ip.length; index += 1) {
    const code = index === ip.length ? 46 : ip.charCodeAt(index);
    if (code === 46) {
      if (octet < 0 || octet > 255 || (octets += 1) > 4) return -1;
      value = value * 256 + octet;
      octet = -1;
    } else if (code >= 48 && code <= 57 && octet !== 0) {
      octet = (octet < 0 ? 0 : octet * 10) + code - 48;
    } else {
      return -1;
    }
  }
  return octets === 4 ? value : -1;
}

/** The address to look up: an IPv4 number or an IPv6 bigint (IPv4-mapped IPv6 counts as IPv4), or null. */
function parseAddress(ip: string): number | bigint | null {
  const ipv4 = dottedQuad(ip);
  if (ipv4 >= 0) return ipv4;
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  return address.kind() === 'ipv4' ? ipv4Number((address as ipaddr.IPv4).octets) : ipv6Bigint((address as ipaddr.IPv6).parts);
}

/**
 * `verified` when the IP is in the agent's published ranges, `spoofed` when the agent has published ranges and
 * the IP is outside them, `unverifiable` when it publishes none or the IP is not an address (an IPv4-mapped
 * IPv6 address counts as its IPv4 address).
 */
export function verifyIp(agent: string, ip: string, ranges: CompiledRanges): Verification {
  const agentRanges = ranges.get(agent);
  if (agentRanges === undefined) return 'unverifiable';
  const address = parseAddress(ip);
  if (address === null) return 'unverifiable';
  const inRanges = typeof address === 'number' ? contains(agentRanges.v4, address) : contains(agentRanges.v6, address);
  return inRanges ? 'verified' : 'spoofed';
}
