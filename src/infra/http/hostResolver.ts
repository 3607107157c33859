import { lookup } from 'node:dns/promises';

/**
 * Resolves a hostname to its addresses. The fetcher calls it once per hop and connects to an address it
 * returned, so tests inject one that maps test hostnames to chosen addresses.
 */
export type HostResolver = (hostname: string) => Promise<string[]>;

/** The operating system's resolver (getaddrinfo: /etc/hosts, then DNS), every address in its order. */
export const systemHostResolver: HostResolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
};
