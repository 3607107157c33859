import type { BrandIdentity, DetectionSettings } from '../brandReport/events.js';
import { normalizeDomain } from '../brandReport/normalizeDomain.js';
import type { DomainCategory } from './catalog.js';
import { compileMatcher, type BrandMatcher } from './matcher.js';

export interface TrackedBrand {
  brand: string;
  isMainBrand: boolean;
}

/** The domains that are one brand's own: exact names, plus every subdomain of `wildcardRoot` when set. */
export interface DomainOwnership {
  readonly exact: ReadonlySet<string>;
  readonly wildcardRoot: string | null;
}

/** A report's detection settings made ready to run: build with `compileDetection`, reuse for every run. */
export interface CompiledDetection {
  /** The main brand first, then the competitors in report order; every per-brand result follows this order. */
  readonly brands: readonly TrackedBrand[];
  readonly matcher: BrandMatcher;
  /** Aligned with `brands`. */
  readonly domainOwners: readonly DomainOwnership[];
  /** Categories of the domains seen so far: the same few hundred domains recur across runs. */
  readonly categoryCache: Map<string, DomainCategory>;
}

const MAX_COMPILED = 64;
const compiledByKey = new Map<string, CompiledDetection>();

/**
 * Memoized on the detection fields alone (anything else on `settings`, such as a whole report state, is
 * ignored), so callers may call it per run without recompiling regular expressions.
 */
export function compileDetection(settings: DetectionSettings): CompiledDetection {
  const identities = [settings, ...settings.competitors];
  const key = JSON.stringify(identities.map(identityKey));
  const cached = compiledByKey.get(key);
  if (cached !== undefined) return cached;
  const compiled: CompiledDetection = {
    brands: identities.map(({ brand }, index) => ({ brand, isMainBrand: index === 0 })),
    matcher: compileMatcher(identities),
    domainOwners: identities.map(domainOwnership),
    categoryCache: new Map(),
  };
  if (compiledByKey.size >= MAX_COMPILED) compiledByKey.delete(compiledByKey.keys().next().value ?? '');
  compiledByKey.set(key, compiled);
  return compiled;
}

const identityKey = (identity: BrandIdentity): unknown[] => [
  identity.brand,
  identity.brandVariations,
  identity.brandRegex,
  identity.brandDomain,
  identity.brandDomainVariations,
  identity.brandDomainWildcard,
];

function domainOwnership(identity: BrandIdentity): DomainOwnership {
  const brandDomain = normalizeDomain(identity.brandDomain);
  const exact = new Set([brandDomain, ...identity.brandDomainVariations.map(normalizeDomain)]);
  exact.delete('');
  return { exact, wildcardRoot: identity.brandDomainWildcard && brandDomain !== '' ? brandDomain : null };
}
