import {
  emptyCategoryCounts,
  type BrandTotals,
  type DomainCategory,
  type RunTotals,
  type TrackedBrand,
} from '../../domain/analysis/index.js';

/**
 * The stored form of the analysis module's totals. Day documents keep numbers in rows rather than named
 * objects because a 90-day window reads 90 of them per prompt; this module is the only place that knows which
 * column holds what, so everything else reads and writes rows through `encode…` and `decode…`.
 */

/** Columns of a brand row, in stored order: counts of `BrandTotals`. */
const BRAND_COLUMNS = ['mentionedRuns', 'mentions', 'positionSum', 'positive', 'neutral', 'negative'] as const;
type BrandColumn = (typeof BRAND_COLUMNS)[number];

/** One brand's counts, in the order of BRAND_COLUMNS. */
export type BrandRow = [number, number, number, number, number, number];

export interface CompactTotals {
  runs: number;
  /** Per tracked brand of the report version, in its order (main brand first). */
  brands: BrandRow[];
  /** Citations per domain category; categories without any are left out. */
  categories: Partial<Record<DomainCategory, number>>;
}

const brandCounts = (brand: BrandTotals): Record<BrandColumn, number> => ({
  mentionedRuns: brand.mentionedRuns,
  mentions: brand.mentions,
  positionSum: brand.positionSum,
  ...brand.sentences,
});

const encodeBrand = (brand: BrandTotals): BrandRow => BRAND_COLUMNS.map((column) => brandCounts(brand)[column]) as BrandRow;

function decodeBrand(row: BrandRow | undefined, { brand, isMainBrand }: TrackedBrand): BrandTotals {
  const value = (column: BrandColumn): number => row?.[BRAND_COLUMNS.indexOf(column)] ?? 0;
  return {
    brand,
    isMainBrand,
    mentionedRuns: value('mentionedRuns'),
    mentions: value('mentions'),
    positionSum: value('positionSum'),
    sentences: { positive: value('positive'), neutral: value('neutral'), negative: value('negative') },
  };
}

export function encodeTotals(totals: RunTotals): CompactTotals {
  const categories: CompactTotals['categories'] = {};
  for (const [category, count] of Object.entries(totals.domainCategories) as [DomainCategory, number][]) {
    if (count > 0) categories[category] = count;
  }
  return { runs: totals.runs, brands: totals.brands.map(encodeBrand), categories };
}

/** The analysis module's totals, named by the version's tracked brands. */
export function decodeTotals(totals: CompactTotals, brands: readonly TrackedBrand[]): RunTotals {
  return {
    runs: totals.runs,
    brands: brands.map((brand, index) => decodeBrand(totals.brands[index], brand)),
    domainCategories: { ...emptyCategoryCounts(), ...totals.categories },
  };
}

export const emptyCompactTotals = (brandCount: number): CompactTotals => ({
  runs: 0,
  brands: Array.from({ length: brandCount }, (): BrandRow => [0, 0, 0, 0, 0, 0]),
  categories: {},
});

/** Sums stored totals of one report version (so brand rows align), column by column. */
export function addCompactTotals(into: CompactTotals, addition: CompactTotals): CompactTotals {
  const brands = into.brands.map((row, index): BrandRow => {
    const other = addition.brands[index];
    return other ? (row.map((value, column) => value + (other[column] ?? 0)) as BrandRow) : row;
  });
  const categories = { ...into.categories };
  for (const [category, count] of Object.entries(addition.categories) as [DomainCategory, number][]) {
    categories[category] = (categories[category] ?? 0) + count;
  }
  return { runs: into.runs + addition.runs, brands, categories };
}

/** What a day knows of one cited URL. */
export interface CitedUrlTotals {
  /** Normalized (contract.md section 4). */
  url: string;
  domain: string;
  citations: number;
  citingRuns: number;
  /** Citing runs that mention the main brand. */
  brandMentionedRuns: number;
}

/** Columns of a cited-URL row, in stored order. */
const CITED_URL_COLUMNS = ['url', 'domain', 'citations', 'citingRuns', 'brandMentionedRuns'] as const;
export type CitedUrlRow = [string, string, number, number, number];

export const encodeCitedUrl = (cited: CitedUrlTotals): CitedUrlRow => CITED_URL_COLUMNS.map((column) => cited[column]) as CitedUrlRow;

export function decodeCitedUrl(row: CitedUrlRow): CitedUrlTotals {
  const [url, domain, citations, citingRuns, brandMentionedRuns] = row;
  return { url, domain, citations, citingRuns, brandMentionedRuns };
}

/** Merges cited-URL rows by URL, adding their counts. */
export function addCitedUrls(into: readonly CitedUrlRow[], additions: readonly CitedUrlRow[]): CitedUrlRow[] {
  const merged = new Map(into.map(decodeCitedUrl).map((cited) => [cited.url, cited]));
  for (const row of additions) {
    const addition = decodeCitedUrl(row);
    const existing = merged.get(addition.url);
    if (!existing) merged.set(addition.url, addition);
    else {
      existing.citations += addition.citations;
      existing.citingRuns += addition.citingRuns;
      existing.brandMentionedRuns += addition.brandMentionedRuns;
    }
  }
  return [...merged.values()].map(encodeCitedUrl);
}
