import { describe, expect, test } from '@jest/globals';
import { isDomainName, normalizeDomain } from '../../../src/domain/brandReport/normalizeDomain.js';

describe('normalizeDomain', () => {
  test.each([
    ['acme.com', 'acme.com'],
    ['https://www.Acme.com/path', 'acme.com'],
    ['http://acme.com', 'acme.com'],
    ['HTTPS://WWW.ACME.COM', 'acme.com'],
    ['www.acme.com', 'acme.com'],
    ['acme.com/pricing?plan=pro#faq', 'acme.com'],
    ['acme.com:8080', 'acme.com'],
    ['https://www.acme.com:443/a/b', 'acme.com'],
    ['acme.com.', 'acme.com'],
    ['https://www.acme.com./', 'acme.com'],
    ['  acme.com  ', 'acme.com'],
    ['//cdn.acme.com/x.js', 'cdn.acme.com'],
    ['https://user:secret@acme.com/', 'acme.com'],
    ['shop.acme.co.uk', 'shop.acme.co.uk'],
    ['www2.acme.com', 'www2.acme.com'],
    ['wwwacme.com', 'wwwacme.com'],
    ['Bücher.DE', 'bücher.de'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });
});

describe('isDomainName', () => {
  const domains = ['acme.com', 'shop.acme.co.uk', 'xn--bcher-kva.de', 'bücher.de', 'a-b.io', '3m.com'];
  test.each(domains)('%j is a domain', (value) => {
    expect(isDomainName(value)).toBe(true);
  });

  const notDomains = ['', 'acme', 'acme..com', '-acme.com', 'acme-.com', 'ac me.com', 'acme.com/x', 'a_b.com'];
  test.each([...notDomains, `${'a'.repeat(64)}.com`])('%j is not a domain', (value) => {
    expect(isDomainName(value)).toBe(false);
  });
});
