import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { FetchRefusedError } from '../../../src/ports/web.js';
import { createSafeFetcher, publicAddressesOnly, type AddressPolicy } from '../../../src/infra/http/index.js';
import { startFixtureServer, send, type FixtureServer } from '../../support/fixtureSites/server.js';

/** A resolver that maps test hostnames to chosen addresses and records every lookup. */
function mappedResolver(table: Record<string, string[]>) {
  const lookups: string[] = [];
  const resolveHost = async (hostname: string) => {
    lookups.push(hostname);
    const addresses = table[hostname];
    if (addresses === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses;
  };
  return { resolveHost, lookups };
}

/** The default rules, except that exactly one fixture server (address and port) is let through. */
const allowingOnly =
  (server: FixtureServer): AddressPolicy =>
  (endpoint) =>
    endpoint.address === '127.0.0.1' && endpoint.port === server.port ? null : publicAddressesOnly(endpoint);

let site: FixtureServer;
let internal: FixtureServer;

beforeAll(async () => {
  internal = await startFixtureServer((_request, response) => send(response, 200, 'text/plain', 'internal secret'));
  site = await startFixtureServer((request, response) => {
    const targets: Record<string, string> = {
      '/to-loopback': `http://127.0.0.1:${internal.port}/secret`,
      '/to-private': 'http://10.0.0.5/admin',
      '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      '/to-ipv6-loopback': `http://[::1]:${internal.port}/secret`,
      '/to-mapped-loopback': `http://[::ffff:127.0.0.1]:${internal.port}/secret`,
      '/to-evil-host': `http://evil.test:${internal.port}/secret`,
      '/to-other-name': `http://other.test:${site.port}/page`,
      '/to-own-page': `${site.origin}/page`,
    };
    const location = targets[request.url ?? ''];
    if (location !== undefined) {
      response.writeHead(302, { location });
      response.end();
      return;
    }
    send(response, 200, 'text/plain', `page ${request.url} for ${request.headers.host}`);
  });
});

afterAll(async () => {
  await Promise.all([site.close(), internal.close()]);
});

describe('the SSRF guard, with private networks not allowed', () => {
  test.each([
    ['a loopback address', () => `http://127.0.0.1:${internal.port}/secret`, 'refused: 127.0.0.1 is a loopback address'],
    ['a private address', () => 'http://10.0.0.5/admin', 'refused: 10.0.0.5 is a private address'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', 'refused: 169.254.169.254 is a link-local address'],
    ['the IPv6 loopback', () => `http://[::1]:${internal.port}/secret`, 'refused: ::1 is a loopback address'],
    ['the unspecified address', () => `http://0.0.0.0:${internal.port}/`, 'refused: 0.0.0.0 is an unspecified address'],
    ['a decimal spelling of 127.0.0.1', () => `http://2130706433:${internal.port}/`, 'refused: 127.0.0.1 is a loopback address'],
    ['an IPv4-compatible 127.0.0.1', () => `http://[::127.0.0.1]:${internal.port}/secret`, 'refused: ::7f00:1 is an IPv6 form of 127.0.0.1, a loopback address'],
    ['a NAT64 127.0.0.1', () => `http://[64:ff9b::127.0.0.1]:${internal.port}/secret`, 'refused: 64:ff9b::7f00:1 is an IPv6 form of 127.0.0.1, a loopback address'],
    ['a 6to4 10.0.0.5', () => 'http://[2002:a00:5::1]/admin', 'refused: 2002:a00:5::1 is an IPv6 form of 10.0.0.5, a private address'],
  ])('refuses a URL naming %s', async (_name, url, message) => {
    const fetcher = createSafeFetcher({ resolveHost: mappedResolver({}).resolveHost });
    await expect(fetcher.get(url(), {})).rejects.toThrow(new FetchRefusedError(message));
    expect(internal.requests).toHaveLength(0);
  });

  test.each([
    ['loop.test', '127.0.0.1', 'a loopback address'],
    ['evil.test', '10.0.0.5', 'a private address'],
    ['metadata.test', '169.254.169.254', 'a link-local address'],
    ['six.test', '::1', 'a loopback address'],
    ['mapped.test', '::ffff:10.0.0.5', 'an IPv6 form of 10.0.0.5, a private address'],
  ])('refuses the hostname %s resolving to %s, saying so', async (hostname, address, reason) => {
    const { resolveHost } = mappedResolver({ [hostname]: [address] });
    const fetcher = createSafeFetcher({ resolveHost });
    await expect(fetcher.get(`http://${hostname}:${internal.port}/secret`, {})).rejects.toThrow(
      new FetchRefusedError(`refused: ${address} is ${reason} (resolved from ${hostname})`),
    );
    expect(internal.requests).toHaveLength(0);
  });

  test('refuses a hostname when any of its addresses is forbidden', async () => {
    const { resolveHost } = mappedResolver({ 'mixed.test': ['93.184.215.14', '10.0.0.5'] });
    const fetcher = createSafeFetcher({ resolveHost });
    await expect(fetcher.get('http://mixed.test/', {})).rejects.toThrow(
      'refused: 10.0.0.5 is a private address (resolved from mixed.test)',
    );
  });

  test.each([
    ['/to-loopback', '127.0.0.1 is a loopback address'],
    ['/to-private', '10.0.0.5 is a private address'],
    ['/to-metadata', '169.254.169.254 is a link-local address'],
    ['/to-ipv6-loopback', '::1 is a loopback address'],
    ['/to-mapped-loopback', '::ffff:7f00:1 is an IPv6 form of 127.0.0.1, a loopback address'],
    ['/to-evil-host', '10.0.0.5 is a private address (resolved from evil.test,'],
  ])('refuses a redirect hop (%s) to a forbidden address', async (path, reason) => {
    const { resolveHost } = mappedResolver({ 'evil.test': ['10.0.0.5'] });
    const fetcher = createSafeFetcher({ resolveHost, addressPolicy: allowingOnly(site) });
    const refusal = fetcher.get(`${site.origin}${path}`, {});
    await expect(refusal).rejects.toThrow(FetchRefusedError);
    await expect(refusal).rejects.toThrow(`refused: ${reason}`);
    await expect(refusal).rejects.toThrow(`redirected from ${site.origin}${path})`);
    expect(site.requests.some((request) => request.path === path)).toBe(true);
    expect(internal.requests).toHaveLength(0);
  });
});

describe('DNS pinning', () => {
  test('one lookup per hop: a second answer of the resolver (DNS rebinding) is never asked for', async () => {
    const answers = [['127.0.0.1'], ['10.0.0.5']];
    const lookups: string[] = [];
    const fetcher = createSafeFetcher({
      addressPolicy: allowingOnly(site),
      resolveHost: async (hostname) => {
        lookups.push(hostname);
        return answers.shift() ?? [];
      },
    });
    const answer = await fetcher.get(`http://rebinding.test:${site.port}/page`, {});
    expect(answer.body).toBe(`page /page for rebinding.test:${site.port}`);
    expect(lookups).toEqual(['rebinding.test']);
  });

  test('a redirect to another hostname is looked up once more, and connects where that lookup pointed', async () => {
    const { resolveHost, lookups } = mappedResolver({ 'site.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
    const fetcher = createSafeFetcher({ resolveHost, addressPolicy: allowingOnly(site) });
    const answer = await fetcher.get(`http://site.test:${site.port}/to-other-name`, {});
    expect(answer).toMatchObject({ url: `http://other.test:${site.port}/page`, status: 200 });
    expect(answer.body).toBe(`page /page for other.test:${site.port}`);
    expect(lookups).toEqual(['site.test', 'other.test']);
  });

  test('an IP literal is checked as written, with no lookup', async () => {
    const { resolveHost, lookups } = mappedResolver({});
    const fetcher = createSafeFetcher({ resolveHost, addressPolicy: allowingOnly(site) });
    expect((await fetcher.get(`${site.origin}/page`, {})).status).toBe(200);
    expect(lookups).toEqual([]);
  });
});

describe('allowPrivateNetworks', () => {
  test('lets loopback addresses and redirects to them through', async () => {
    const fetcher = createSafeFetcher({ allowPrivateNetworks: true });
    const answer = await fetcher.get(`${site.origin}/to-own-page`, {});
    expect(answer).toMatchObject({ url: `${site.origin}/page`, status: 200, body: `page /page for 127.0.0.1:${site.port}` });
  });
});
