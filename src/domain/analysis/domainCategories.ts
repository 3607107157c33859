import { catalogCategory, DOMAIN_CATEGORIES, type DomainCategory } from './catalog.js';
import type { CompiledDetection, DomainOwnership } from './detection.js';
import { parseCitationUrl } from './urls.js';

const MAX_CACHED_DOMAINS = 10_000;

/**
 * The category of a domain (lowercase, without `www.`): `Brand` when it is the main brand's, `Competitor`
 * when a competitor's (the brand is checked first), else the catalog's, else `Unclassified`.
 */
export function domainCategory(domain: string, detection: CompiledDetection): DomainCategory {
  const cached = detection.categoryCache.get(domain);
  if (cached !== undefined) return cached;
  const category = uncachedCategory(domain, detection.domainOwners);
  if (detection.categoryCache.size >= MAX_CACHED_DOMAINS) detection.categoryCache.clear();
  detection.categoryCache.set(domain, category);
  return category;
}

function uncachedCategory(domain: string, owners: readonly DomainOwnership[]): DomainCategory {
  const ownerIndex = owners.findIndex((owner) => owns(owner, domain));
  if (ownerIndex === 0) return 'Brand';
  if (ownerIndex > 0) return 'Competitor';
  return catalogCategory(domain) ?? 'Unclassified';
}

/**
 * The tracked brand a domain belongs to (its index: 0 the main brand, then the competitors), or null. The
 * same rule as the categories: the first owner in report order wins, so `Brand` citations are exactly the
 * main brand's domain citations.
 */
export function domainOwner(domain: string, detection: CompiledDetection): number | null {
  const category = domainCategory(domain, detection);
  if (category === 'Brand') return 0;
  if (category !== 'Competitor') return null;
  const index = detection.domainOwners.findIndex((owner) => owns(owner, domain));
  return index < 0 ? null : index;
}

const owns = (owner: DomainOwnership, domain: string): boolean =>
  owner.exact.has(domain) || (owner.wildcardRoot !== null && domain.endsWith(`.${owner.wildcardRoot}`));

/** The category of a cited link's domain; a link without a host is `Unclassified`. */
export function citationCategory(link: string, detection: CompiledDetection): DomainCategory {
  const citation = parseCitationUrl(link);
  return citation === null ? 'Unclassified' : domainCategory(citation.domain, detection);
}

/** Citations per category: a partial aggregate that adds up across runs and days. */
export type CategoryCounts = Record<DomainCategory, number>;

export const emptyCategoryCounts = (): CategoryCounts =>
  Object.fromEntries(DOMAIN_CATEGORIES.map((category) => [category, 0])) as CategoryCounts;

export function addCategoryCounts(left: CategoryCounts, right: CategoryCounts): CategoryCounts {
  const sum = emptyCategoryCounts();
  for (const category of DOMAIN_CATEGORIES) sum[category] = left[category] + right[category];
  return sum;
}

export function countCategories(categories: readonly DomainCategory[]): CategoryCounts {
  const counts = emptyCategoryCounts();
  for (const category of categories) counts[category] += 1;
  return counts;
}

/** `domainCategories` of the prompt detail: every category, in the API's order, zeros included. */
export const domainCategoryList = (counts: CategoryCounts): { category: DomainCategory; value: number }[] =>
  DOMAIN_CATEGORIES.map((category) => ({ category, value: counts[category] }));
