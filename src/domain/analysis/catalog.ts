/**
 * The maintained domain catalog (`domainCatalog.json`, beside this file): domains most cited in AI answers with their
 * category, and suffix rules for public-sector and academic hosts (`gov`, `ac.uk`, ...). Data, not code:
 * extending it means editing the JSON.
 */
import { createRequire } from 'node:module';
import { registrableDomain } from './urls.js';

/** The categories of the real API, in the order responses list them. */
export const DOMAIN_CATEGORIES = [
  'Brand',
  'Competitor',
  'Social Media',
  'Community/Forum',
  'Encyclopedia',
  'News/Media',
  'Blogs/Personal Sites',
  'Government/NGO',
  'Education',
  'Video',
  'Others',
  'Unclassified',
] as const;
export type DomainCategory = (typeof DOMAIN_CATEGORIES)[number];

/** What the catalog may assign: `Brand` and `Competitor` come from the report, `Unclassified` from no match. */
export type CatalogCategory = Exclude<DomainCategory, 'Brand' | 'Competitor' | 'Unclassified'>;

const CATALOG_CATEGORIES: ReadonlySet<string> = new Set(
  DOMAIN_CATEGORIES.filter((category) => !['Brand', 'Competitor', 'Unclassified'].includes(category)),
);

interface CatalogFile {
  domains: Record<string, string>;
  suffixes: Record<string, string>;
}

const require = createRequire(import.meta.url);

/** Fails at load, not at the first lookup, when the data names a category that does not exist. */
function checkedEntries(section: Record<string, string>, sectionName: string): Map<string, CatalogCategory> {
  const entries = new Map<string, CatalogCategory>();
  for (const [domain, category] of Object.entries(section)) {
    if (!isCatalogCategory(category)) {
      throw new Error(`domainCatalog.json ${sectionName}["${domain}"]: unknown category "${category}"`);
    }
    entries.set(domain, category);
  }
  return entries;
}

const isCatalogCategory = (category: string): category is CatalogCategory => CATALOG_CATEGORIES.has(category);

const catalogFile = require('./domainCatalog.json') as CatalogFile;
const catalogDomains = checkedEntries(catalogFile.domains, 'domains');
const catalogSuffixes = checkedEntries(catalogFile.suffixes, 'suffixes');

/**
 * The catalog's category for a domain (lowercase, without `www.`), or null. The most specific catalogued
 * name wins: the domain itself, then each parent down to its registrable domain (so `en.wikipedia.org` is
 * `wikipedia.org`'s, while a distinct product such as `news.google.com` can have its own entry); then the
 * longest matching suffix rule.
 */
export function catalogCategory(domain: string): CatalogCategory | null {
  const registrable = registrableDomain(domain);
  for (let candidate = domain; ; candidate = parentDomain(candidate)) {
    const category = catalogDomains.get(candidate);
    if (category !== undefined) return category;
    if (candidate === registrable || !candidate.includes('.')) break;
  }
  for (let suffix = domain; suffix !== ''; suffix = parentDomain(suffix)) {
    const category = catalogSuffixes.get(suffix);
    if (category !== undefined) return category;
  }
  return null;
}

const parentDomain = (domain: string): string => {
  const dot = domain.indexOf('.');
  return dot === -1 ? '' : domain.slice(dot + 1);
};
