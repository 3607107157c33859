import { describe, expect, test } from '@jest/globals';
import { normalizeCitationUrl, parseCitationUrl, registrableDomain } from '../../../src/domain/analysis/index.js';

describe('normalizeCitationUrl', () => {
  test.each([
    ['HTTPS://WWW.Acme.COM/Pricing', 'https://www.acme.com/Pricing'],
    ['https://Bücher.DE/Straße', 'https://bücher.de/Straße'],
  ])('lowercases scheme and host, keeps the path as written: %j', (link, expected) => {
    expect(normalizeCitationUrl(link)).toBe(expected);
  });

  test.each([
    ['https://acme.com/docs#intro', 'https://acme.com/docs'],
    ['https://acme.com/#', 'https://acme.com'],
    ['https://acme.com/docs?tab=1#intro', 'https://acme.com/docs?tab=1'],
  ])('drops the fragment: %j', (link, expected) => {
    expect(normalizeCitationUrl(link)).toBe(expected);
  });

  test.each([
    ['https://acme.com:443/a', 'https://acme.com/a'],
    ['http://acme.com:80/a', 'http://acme.com/a'],
    ['https://acme.com:/a', 'https://acme.com/a'],
    ['https://acme.com:8443/a', 'https://acme.com:8443/a'],
    ['http://acme.com:443/a', 'http://acme.com:443/a'],
    ['https://[2001:db8::1]:443/a', 'https://[2001:db8::1]/a'],
    ['https://[2001:db8::1]:8080/a', 'https://[2001:db8::1]:8080/a'],
  ])('drops the scheme’s default port only: %j', (link, expected) => {
    expect(normalizeCitationUrl(link)).toBe(expected);
  });

  test.each([
    ['https://acme.com/', 'https://acme.com'],
    ['https://acme.com', 'https://acme.com'],
    ['https://acme.com/docs/', 'https://acme.com/docs'],
    ['https://acme.com/docs//', 'https://acme.com/docs'],
    ['https://acme.com/docs/?a=1', 'https://acme.com/docs?a=1'],
  ])('drops the trailing slash of the path: %j', (link, expected) => {
    expect(normalizeCitationUrl(link)).toBe(expected);
  });

  test.each([
    ['https://acme.com/a?b=2&a=1', 'https://acme.com/a?b=2&a=1'],
    ['https://acme.com/a?utm_source=chatgpt.com', 'https://acme.com/a?utm_source=chatgpt.com'],
    ['https://acme.com/a?Q=Mixed%20Case', 'https://acme.com/a?Q=Mixed%20Case'],
  ])('keeps the query as written: %j', (link, expected) => {
    expect(normalizeCitationUrl(link)).toBe(expected);
  });

  test.each([
    ['  https://acme.com/a  ', 'https://acme.com/a'],
    ['https://acme.com./a', 'https://acme.com/a'],
    ['www.acme.com/pricing', 'https://www.acme.com/pricing'],
    ['//acme.com/a', 'https://acme.com/a'],
    ['acme.com', 'https://acme.com'],
  ])('tolerates whitespace, the root dot and scheme-less links (read as https): %j', (link, expected) => {
    expect(normalizeCitationUrl(link)).toBe(expected);
  });

  test('two spellings of one page compare equal after normalization', () => {
    const spelledOut = normalizeCitationUrl('HTTPS://www.ACME.com:443/a/#top');
    expect(spelledOut).toBe(normalizeCitationUrl('https://www.acme.com/a'));
  });

  test.each(['', 'not a url', 'mailto:sales@acme.com', 'https:///path', 'javascript:alert(1)', 'https://ac me.com/'])(
    'a link without a host is not a URL: %j',
    (link) => {
      expect(normalizeCitationUrl(link)).toBeNull();
    },
  );
});

describe('parseCitationUrl', () => {
  test.each([
    ['https://www.acme.com/a', 'www.acme.com', 'acme.com'],
    ['https://WWW.Acme.com', 'www.acme.com', 'acme.com'],
    ['https://docs.acme.com/a', 'docs.acme.com', 'docs.acme.com'],
    ['https://www2.acme.com', 'www2.acme.com', 'www2.acme.com'],
    ['https://user:secret@www.acme.com:8080/a', 'www.acme.com', 'acme.com'],
  ])('the domain is the host without www.: %j', (link, host, domain) => {
    expect(parseCitationUrl(link)).toMatchObject({ host, domain });
  });
});

describe('registrableDomain', () => {
  test.each([
    ['en.wikipedia.org', 'wikipedia.org'],
    ['news.bbc.co.uk', 'bbc.co.uk'],
    ['acme.com', 'acme.com'],
    ['a.b.c.acme.com.au', 'acme.com.au'],
    ['alice.github.io', 'github.io'],
    ['192.168.1.1', '192.168.1.1'],
    ['localhost', 'localhost'],
  ])('%j → %j', (domain, expected) => {
    expect(registrableDomain(domain)).toBe(expected);
  });
});
