import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import {
  citationCategory,
  compileDetection,
  DOMAIN_CATEGORIES,
  domainCategory,
} from '../../../src/domain/analysis/index.js';
import { identity, settings } from './fixtures.js';

const report = compileDetection(
  settings(
    identity('Acme', { brandDomain: 'acme.com', brandDomainVariations: ['acme.de', 'acme-shop.com'] }),
    identity('Globex', { brandDomain: 'globex.com', brandDomainWildcard: true }),
    identity('Initech', { brandDomain: 'initech.io' }),
  ),
);

const categoryOf = (domain: string): string => domainCategory(domain, report);

interface CatalogFile {
  domains: Record<string, string>;
  suffixes: Record<string, string>;
}

describe('the fixed examples of the contract', () => {
  test.each([
    ['wikipedia.org', 'Encyclopedia'],
    ['britannica.com', 'Encyclopedia'],
    ['reddit.com', 'Community/Forum'],
    ['quora.com', 'Community/Forum'],
    ['stackoverflow.com', 'Community/Forum'],
    ['facebook.com', 'Social Media'],
    ['x.com', 'Social Media'],
    ['linkedin.com', 'Social Media'],
    ['instagram.com', 'Social Media'],
    ['tiktok.com', 'Social Media'],
    ['youtube.com', 'Video'],
    ['vimeo.com', 'Video'],
    ['nytimes.com', 'News/Media'],
    ['bbc.co.uk', 'News/Media'],
    ['reuters.com', 'News/Media'],
    ['medium.com', 'Blogs/Personal Sites'],
    ['substack.com', 'Blogs/Personal Sites'],
    ['irs.gov', 'Government/NGO'],
    ['data.census.gov', 'Government/NGO'],
    ['some-agency-nobody-catalogued.gov', 'Government/NGO'],
    ['mit.edu', 'Education'],
    ['cs.stanford.edu', 'Education'],
    ['some-college-nobody-catalogued.edu', 'Education'],
    ['en.wikipedia.org', 'Encyclopedia'],
  ])('%s is %s', (domain, category) => {
    expect(categoryOf(domain)).toBe(category);
  });
});

describe('Brand and Competitor come from the report', () => {
  test.each([
    ['acme.com', 'Brand'],
    ['acme.de', 'Brand'],
    ['acme-shop.com', 'Brand'],
    ['globex.com', 'Competitor'],
    ['initech.io', 'Competitor'],
  ])('brandDomain and brandDomainVariations name the brand’s domains exactly: %s is %s', (domain, category) => {
    expect(categoryOf(domain)).toBe(category);
  });

  test.each([
    ['docs.acme.com', 'Unclassified'],
    ['blog.initech.io', 'Unclassified'],
    ['docs.globex.com', 'Competitor'],
    ['a.b.globex.com', 'Competitor'],
    ['notglobex.com', 'Unclassified'],
  ])('brandDomainWildcard makes every subdomain of brandDomain the brand’s: %s is %s', (domain, category) => {
    expect(categoryOf(domain)).toBe(category);
  });

  test('the wildcard reaches subdomains of brandDomain, not of its variations', () => {
    const wildcard = compileDetection(
      settings(
        identity('Acme', { brandDomain: 'acme.com', brandDomainVariations: ['acme.de'], brandDomainWildcard: true }),
      ),
    );
    expect(domainCategory('shop.acme.com', wildcard)).toBe('Brand');
    expect(domainCategory('shop.acme.de', wildcard)).toBe('Unclassified');
  });

  test('www. is ignored on both sides', () => {
    const withWww = compileDetection(settings(identity('Acme', { brandDomain: 'https://www.Acme.com/' })));
    expect(citationCategory('https://www.acme.com/pricing', withWww)).toBe('Brand');
  });

  test('the brand is checked first when brand and a competitor claim a domain', () => {
    const reseller = identity('Acme Resellers', { brandDomain: 'acme.com' });
    const shared = compileDetection(settings(identity('Acme', { brandDomain: 'acme.com' }), reseller));
    expect(domainCategory('acme.com', shared)).toBe('Brand');
  });

  test('the report wins over the catalog', () => {
    const youtube = identity('YouTube', { brandDomain: 'youtube.com' });
    const hubspot = compileDetection(settings(identity('HubSpot', { brandDomain: 'hubspot.com' }), youtube));
    expect(domainCategory('hubspot.com', hubspot)).toBe('Brand');
    expect(domainCategory('youtube.com', hubspot)).toBe('Competitor');
  });
});

describe('the catalog', () => {
  test.each([
    ['m.youtube.com', 'Video'],
    ['news.bbc.co.uk', 'News/Media'],
    ['alice.substack.com', 'Blogs/Personal Sites'],
    ['alice.github.io', 'Blogs/Personal Sites'],
    ['mobile.twitter.com', 'Social Media'],
    ['de.linkedin.com', 'Social Media'],
  ])('a subdomain takes its registrable domain’s category: %s is %s', (domain, category) => {
    expect(categoryOf(domain)).toBe(category);
  });

  test.each([
    ['news.ycombinator.com', 'Community/Forum'],
    ['scholar.google.com', 'Education'],
    ['news.google.com', 'News/Media'],
    ['google.com', 'Others'],
    ['plato.stanford.edu', 'Encyclopedia'],
  ])('a more specific catalog entry wins over its parent and over suffix rules: %s is %s', (domain, category) => {
    expect(categoryOf(domain)).toBe(category);
  });

  test.each(['amazon.com', 'g2.com', 'capterra.com', 'github.com', 'salesforce.com', 'trustpilot.com'])(
    '%s, catalogued and of no listed kind (e-commerce, software vendors, review sites), is Others',
    (domain) => {
      expect(categoryOf(domain)).toBe('Others');
    },
  );

  test.each([
    ['who.int', 'Government/NGO'],
    ['un.org', 'Government/NGO'],
    ['nato.int', 'Government/NGO'],
    ['army.mil', 'Government/NGO'],
    ['www.gov.uk', 'Government/NGO'],
    ['assets.publishing.service.gov.uk', 'Government/NGO'],
    ['education.gouv.fr', 'Government/NGO'],
    ['www.canada.ca', 'Government/NGO'],
    ['ox.ac.uk', 'Education'],
    ['www.sydney.edu.au', 'Education'],
    ['u-tokyo.ac.jp', 'Education'],
    ['brookings.edu', 'Government/NGO'],
  ])('suffix rules and well-known NGOs: %s is %s', (domain, category) => {
    expect(categoryOf(domain)).toBe(category);
  });

  test.each(['unknown-vendor-blog.com', 'gov.example.com', 'edu-tools.io', '192.168.1.1', 'localhost'])(
    '%s, matching nothing, is Unclassified',
    (domain) => {
      expect(categoryOf(domain)).toBe('Unclassified');
    },
  );

  test('is data: at least 300 domains, each with a category the catalog may assign', () => {
    const catalogUrl = new URL('../../../src/domain/analysis/domainCatalog.json', import.meta.url);
    const catalog = JSON.parse(readFileSync(catalogUrl, 'utf8')) as CatalogFile;
    const fromReport = ['Brand', 'Competitor', 'Unclassified'];
    const assignable = DOMAIN_CATEGORIES.filter((category) => !fromReport.includes(category));
    expect(Object.keys(catalog.domains).length).toBeGreaterThanOrEqual(300);
    expect(new Set(Object.values(catalog.domains))).toEqual(new Set(assignable));
    for (const category of Object.values(catalog.suffixes)) expect(assignable).toContain(category);
  });
});

describe('citationCategory', () => {
  test.each([
    ['https://en.wikipedia.org/wiki/CRM#History', 'Encyclopedia'],
    ['https://WWW.ACME.COM/pricing', 'Brand'],
    ['www.reddit.com/r/crm', 'Community/Forum'],
    ['not a link', 'Unclassified'],
  ])('%s is %s', (link, category) => {
    expect(citationCategory(link, report)).toBe(category);
  });
});
