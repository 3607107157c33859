import { describe, expect, test } from '@jest/globals';
import { anyAddress, publicAddressesOnly, refusalOf } from '../../../src/infra/http/index.js';

describe('refusalOf', () => {
  test.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.8.9.10', 'a loopback address'],
    ['10.0.0.5', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.254', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['100.64.0.1', 'a private address (carrier-grade NAT, 100.64.0.0/10)'],
    ['169.254.169.254', 'a link-local address'],
    ['224.0.0.251', 'a multicast address'],
    ['0.0.0.0', 'an unspecified address'],
    ['255.255.255.255', 'a broadcast address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fc00::1', 'a private address (unique local, fc00::/7)'],
    ['fd12:3456::1', 'a private address (unique local, fc00::/7)'],
    ['fe80::1', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(refusalOf(address)).toBe(reason);
  });

  test.each([
    ['::ffff:127.0.0.1', 'an IPv6 form of 127.0.0.1, a loopback address'],
    ['::ffff:7f00:1', 'an IPv6 form of 127.0.0.1, a loopback address'],
    ['::ffff:10.0.0.5', 'an IPv6 form of 10.0.0.5, a private address'],
    ['::ffff:169.254.169.254', 'an IPv6 form of 169.254.169.254, a link-local address'],
    ['::ffff:0.0.0.0', 'an IPv6 form of 0.0.0.0, an unspecified address'],
    ['64:ff9b::a00:5', 'an IPv6 form of 10.0.0.5, a private address'],
    ['2002:7f00:1::', 'an IPv6 form of 127.0.0.1, a loopback address'],
    ['2002:a9fe:a9fe::1', 'an IPv6 form of 169.254.169.254, a link-local address'],
    ['::127.0.0.1', 'an IPv6 form of 127.0.0.1, a loopback address'],
    ['::7f00:1', 'an IPv6 form of 127.0.0.1, a loopback address'],
    ['::10.0.0.5', 'an IPv6 form of 10.0.0.5, a private address'],
    ['::a9fe:a9fe', 'an IPv6 form of 169.254.169.254, a link-local address'],
    ['::ffff:192.168.1.1', 'an IPv6 form of 192.168.1.1, a private address'],
    ['64:ff9b::127.0.0.1', 'an IPv6 form of 127.0.0.1, a loopback address'],
    ['64:ff9b::c0a8:101', 'an IPv6 form of 192.168.1.1, a private address'],
  ])('refuses the IPv6 form %s of a forbidden IPv4 address', (address, reason) => {
    expect(refusalOf(address)).toBe(reason);
  });

  test.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::6810:85e5', '::ffff:8.8.8.8', '2002:808:808::', '::8.8.8.8', '64:ff9b::808:808'])(
    'allows the public address %s',
    (address) => {
      expect(refusalOf(address)).toBeNull();
    },
  );

  test.each([
    ['2001:db8::1', 'a reserved address'],
    ['192.0.2.1', 'a reserved address'],
    ['2001::1', 'a Teredo tunnel address'],
    ['fec0::1', 'a special-purpose address (deprecatedSiteLocal)'],
  ])('refuses the special-purpose address %s', (address, reason) => {
    expect(refusalOf(address)).toBe(reason);
  });
});

describe('address policies', () => {
  test('publicAddressesOnly judges the address whatever the port', () => {
    expect(publicAddressesOnly({ address: '10.0.0.5', port: 443 })).toBe('a private address');
    expect(publicAddressesOnly({ address: '8.8.8.8', port: 8080 })).toBeNull();
  });

  test('anyAddress (AUDIT_ALLOW_PRIVATE_NETWORKS=1) allows private addresses', () => {
    expect(anyAddress({ address: '127.0.0.1', port: 80 })).toBeNull();
    expect(anyAddress({ address: '169.254.169.254', port: 80 })).toBeNull();
  });
});
