import {
  emptyCategoryCounts,
  type BrandTotals,
  type DomainCategory,
  type RunTotals,
  type TrackedBrand,
} from '../../domain/analysis/index.js';

/**
 * The stored form of the analysis module's totals. History documents keep numbers in rows rather than named
 * objects because a 90-day window reads 90 of them per prompt; this module and `compactUrlRows.ts` are the
 * only places that know which column holds what, so everything else reads and writes rows through
 * `encode…` and `decode…`.
 */

/** Columns of a brand row, in stored order: counts of `BrandTotals`. */
const BRAND_COLUMNS = [
  'mentionedRuns',
  'mentions',
  'positionSum',
  'positive',
  'neutral',
  'negative',
  'domainCitations',
  'domainCitedRuns',
  'inversePositionSum',
  'buyingRuns',
] as const;
type BrandColumn = (typeof BRAND_COLUMNS)[number];

/** One brand's counts, in the order of BRAND_COLUMNS. */
export type BrandRow = number[];

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
  domainCitations: brand.domainCitations,
  domainCitedRuns: brand.domainCitedRuns,
  inversePositionSum: brand.inversePositionSum,
  buyingRuns: brand.buyingRuns,
});

/**
 * Stored counts are multiples of 2^-32 (all but `inversePositionSum` are whole numbers anyway, and 1/position
 * moves by less than 10^-9). Sums of such numbers below 2^21 are exact in floating point, so they do not
 * depend on the order or grouping of the additions: a history merged from worker threads' deltas, in batches
 * of any size or resumed after a crash, holds the same bits as one that added the runs one by one.
 */
const GRID = 2 ** 32;
const onGrid = (count: number): number => Math.round(count * GRID) / GRID;

const encodeBrand = (brand: BrandTotals): BrandRow => {
  const counts = brandCounts(brand);
  return BRAND_COLUMNS.map((column) => onGrid(counts[column]));
};

function decodeBrand(row: BrandRow | undefined, { brand, isMainBrand }: TrackedBrand): BrandTotals {
  const value = (column: BrandColumn): number => row?.[BRAND_COLUMNS.indexOf(column)] ?? 0;
  return {
    brand,
    isMainBrand,
    mentionedRuns: value('mentionedRuns'),
    mentions: value('mentions'),
    positionSum: value('positionSum'),
    sentences: { positive: value('positive'), neutral: value('neutral'), negative: value('negative') },
    domainCitations: value('domainCitations'),
    domainCitedRuns: value('domainCitedRuns'),
    inversePositionSum: value('inversePositionSum'),
    buyingRuns: value('buyingRuns'),
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
  brands: Array.from({ length: brandCount }, (): BrandRow => BRAND_COLUMNS.map(() => 0)),
  categories: {},
});

/**
 * Sums stored totals of one report version (so brand rows align), column by column. Every run adds to four
 * of these (its prompt's day and the report's day, over all engines and for its engine), so it is written
 * as plain loops.
 */
export function addCompactTotals(into: CompactTotals, addition: CompactTotals): CompactTotals {
  const brands: BrandRow[] = [];
  for (let index = 0; index < into.brands.length; index++) {
    const row = into.brands[index] ?? [];
    const other = addition.brands[index];
    if (!other) {
      brands.push(row);
      continue;
    }
    const sum: BrandRow = [];
    for (let column = 0; column < row.length; column++) sum.push((row[column] ?? 0) + (other[column] ?? 0));
    brands.push(sum);
  }
  const categories = { ...into.categories };
  for (const category in addition.categories) {
    const key = category as DomainCategory;
    categories[key] = (categories[key] ?? 0) + (addition.categories[key] ?? 0);
  }
  return { runs: into.runs + addition.runs, brands, categories };
}

/** Adds `addition` into `into`, in place: how a batch accumulates runs into the documents it owns. */
export function addCompactTotalsInto(into: CompactTotals, addition: CompactTotals): void {
  into.runs += addition.runs;
  for (let index = 0; index < into.brands.length; index++) {
    const row = into.brands[index] as BrandRow;
    const other = addition.brands[index];
    if (!other) continue;
    for (let column = 0; column < row.length; column++) row[column] = (row[column] ?? 0) + (other[column] ?? 0);
  }
  for (const category in addition.categories) {
    const key = category as DomainCategory;
    into.categories[key] = (into.categories[key] ?? 0) + (addition.categories[key] ?? 0);
  }
}

/** An untracked name the answers put forward (a competitor suggestion), over some runs. */
export interface NameTotals {
  name: string;
  /** Runs naming it. */
  runs: number;
  mentions: number;
  /** A cited domain written right after the name, or '' when none was. */
  linkedDomain: string;
}

/** Columns of a name row, in stored order. */
const NAME_COLUMNS = ['name', 'runs', 'mentions', 'linkedDomain'] as const;
export type NameRow = [string, number, number, string];

export const encodeName = (totals: NameTotals): NameRow => NAME_COLUMNS.map((column) => totals[column]) as NameRow;

export function decodeName(row: NameRow): NameTotals {
  const [name, runs, mentions, linkedDomain] = row;
  return { name, runs, mentions, linkedDomain };
}

/** Of two linked domains the smaller is kept, whatever the order rows are added in. */
const keptDomain = (left: string, right: string): string => (left === '' ? right : right === '' || left < right ? left : right);

/** Adds name rows into `rows` by name, in place: the accumulating form of `addNames`. */
export function addNamesInto(rows: NameRow[], additions: readonly NameRow[]): void {
  for (const [name, runs, mentions, linkedDomain] of additions) {
    const existing = rows.find((row) => row[0] === name);
    if (existing === undefined) rows.push([name, runs, mentions, linkedDomain]);
    else {
      existing[1] += runs;
      existing[2] += mentions;
      existing[3] = keptDomain(existing[3], linkedDomain);
    }
  }
}

/** Merges name rows by name, adding their counts. A day has a few dozen names: rows are merged in place of a copy. */
export function addNames(into: readonly NameRow[], additions: readonly NameRow[]): NameRow[] {
  const merged = [...into];
  for (const addition of additions) {
    const { name, runs, mentions, linkedDomain } = decodeName(addition);
    const index = merged.findIndex((row) => decodeName(row).name === name);
    const existing = index < 0 ? undefined : merged[index];
    if (existing === undefined) merged.push(encodeName({ name, runs, mentions, linkedDomain }));
    else {
      const sum = decodeName(existing);
      merged[index] = encodeName({ name, runs: sum.runs + runs, mentions: sum.mentions + mentions, linkedDomain: keptDomain(sum.linkedDomain, linkedDomain) });
    }
  }
  return merged;
}

/** One prompt's totals in a report-level document, by its index in the version's `promptIds`. */
export type PromptTotalsRow = [number, CompactTotals];

export const encodePromptTotals = (promptIndex: number, totals: CompactTotals): PromptTotalsRow => [promptIndex, totals];

export function decodePromptTotals([promptIndex, totals]: PromptTotalsRow): { promptIndex: number; totals: CompactTotals } {
  return { promptIndex, totals };
}
