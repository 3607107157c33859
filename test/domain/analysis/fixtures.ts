import type { BrandIdentity, DetectionSettings } from '../../../src/domain/brandReport/events.js';
import { analyzeRun, compileDetection, type RunAnalysis } from '../../../src/domain/analysis/index.js';

export const identity = (brand: string, overrides: Partial<BrandIdentity> = {}): BrandIdentity => ({
  brand,
  brandVariations: [],
  brandDomain: `${brand.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com`,
  brandDomainVariations: [],
  brandDomainWildcard: false,
  brandRegex: null,
  ...overrides,
});

export const settings = (main: BrandIdentity, ...competitors: BrandIdentity[]): DetectionSettings => ({
  ...main,
  competitors,
});

/** Mentions per brand name of `content` for a report tracking `main` and `competitors`. */
export function mentionsIn(
  content: string,
  main: BrandIdentity,
  ...competitors: BrandIdentity[]
): Record<string, number> {
  const analysis = analyzeRun(content, compileDetection(settings(main, ...competitors)));
  return Object.fromEntries(analysis.brands.map(({ brand, mentions }) => [brand, mentions]));
}

/** Mentions of a brand tracked alone. */
export const mentionsOf = (brand: BrandIdentity, content: string): number =>
  mentionsIn(content, brand)[brand.brand] ?? 0;

export function brandResult(analysis: RunAnalysis, brand: string): RunAnalysis['brands'][number] {
  const result = analysis.brands.find((candidate) => candidate.brand === brand);
  if (result === undefined) throw new Error(`${brand} is not tracked`);
  return result;
}
