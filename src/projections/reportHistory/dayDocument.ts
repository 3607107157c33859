import {
  analyzeRun,
  domainCategory,
  emptyCategoryCounts,
  parseCitationUrl,
  type CompiledDetection,
  type DomainCategory,
  type RunTotals,
  type TrackedBrand,
} from '../../domain/analysis/index.js';
import type { RunCompleted } from '../../domain/run/events.js';
import { runDay } from '../../domain/run/events.js';
import type { Collection, Doc } from '../../ports/documentStore.js';

/**
 * Per brand, in the order of the version's tracked brands (main brand first):
 * [mentionedRuns, mentions, positionSum, positive, neutral, negative] sentences.
 * Rows of numbers keep a day document small: a 90-day window reads 90 of them per prompt.
 */
export type BrandRow = [number, number, number, number, number, number];

export interface CompactTotals {
  runs: number;
  brands: BrandRow[];
  /** Citations per domain category; categories without any are left out. */
  categories: Partial<Record<DomainCategory, number>>;
}

/** [normalized url, domain, citations, citing runs, citing runs that mention the main brand] */
export type CitedUrl = [string, string, number, number, number];

export interface EngineDay {
  engine: string;
  totals: CompactTotals;
  citedUrls: CitedUrl[];
}

/**
 * Everything one report version knows of one prompt in one country on one day: totals over all engines
 * (what the prompt detail reads) and per engine (for engine filters and cited URLs). A run changes one document.
 */
export interface DayDoc extends Doc {
  reportId: string;
  version: number;
  promptId: string;
  country: string;
  day: string;
  all: CompactTotals;
  engines: EngineDay[];
}

export const dayDocId = (reportId: string, version: number, promptId: string, country: string, day: string): string =>
  `${reportId}|${version}|${promptId}|${country}|${day}`;

export interface VersionRef {
  reportId: string;
  version: number;
}

const emptyTotals = (brandCount: number): CompactTotals => ({
  runs: 0,
  brands: Array.from({ length: brandCount }, (): BrandRow => [0, 0, 0, 0, 0, 0]),
  categories: {},
});

function addTotals(into: CompactTotals, addition: CompactTotals): CompactTotals {
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

/** The per-run facts a day document takes, computed once per run and report version. */
function measureRun(run: RunCompleted['data'], detection: CompiledDetection): { totals: CompactTotals; citedUrls: CitedUrl[] } {
  const analysis = analyzeRun(run.content, detection);
  const brands = analysis.brands.map(({ mentions, position, sentences }): BrandRow => [
    mentions > 0 ? 1 : 0,
    mentions,
    position ?? 0,
    sentences.positive,
    sentences.neutral,
    sentences.negative,
  ]);
  const categories: CompactTotals['categories'] = {};
  const mainBrandMentioned = (analysis.brands[0]?.mentions ?? 0) > 0 ? 1 : 0;
  const byUrl = new Map<string, CitedUrl>();
  for (const { link } of run.citations) {
    // Parsed once per citation: the category and the cited-URL entry both come from it.
    const parsed = parseCitationUrl(link);
    const category = parsed === null ? 'Unclassified' : domainCategory(parsed.domain, detection);
    categories[category] = (categories[category] ?? 0) + 1;
    if (!parsed) continue;
    const cited = byUrl.get(parsed.url);
    if (cited) cited[2] += 1;
    else byUrl.set(parsed.url, [parsed.url, parsed.domain, 1, 1, mainBrandMentioned]);
  }
  return { totals: { runs: 1, brands, categories }, citedUrls: [...byUrl.values()] };
}

function addCitedUrls(into: readonly CitedUrl[], additions: readonly CitedUrl[]): CitedUrl[] {
  const merged = new Map(into.map((cited) => [cited[0], [...cited] as CitedUrl]));
  for (const addition of additions) {
    const existing = merged.get(addition[0]);
    if (!existing) merged.set(addition[0], [...addition]);
    else for (const column of [2, 3, 4] as const) existing[column] += addition[column];
  }
  return [...merged.values()];
}

/** Adds one completed run to its day document (creating it when `existing` is null). Pure. */
export function addRunToDay(
  existing: DayDoc | null,
  { reportId, version }: VersionRef,
  run: RunCompleted['data'],
  detection: CompiledDetection,
): DayDoc {
  const day = runDay(run.runDate);
  const brandCount = detection.brands.length;
  const doc: DayDoc = existing ?? {
    _id: dayDocId(reportId, version, run.promptId, run.country, day),
    reportId,
    version,
    promptId: run.promptId,
    country: run.country,
    day,
    all: emptyTotals(brandCount),
    engines: [],
  };
  const measured = measureRun(run, detection);
  const current = doc.engines.find(({ engine }) => engine === run.engine);
  const updated: EngineDay = {
    engine: run.engine,
    totals: addTotals(current?.totals ?? emptyTotals(brandCount), measured.totals),
    citedUrls: addCitedUrls(current?.citedUrls ?? [], measured.citedUrls),
  };
  return {
    ...doc,
    all: addTotals(doc.all, measured.totals),
    engines: [...doc.engines.filter(({ engine }) => engine !== run.engine), updated],
  };
}

/** The day document a run belongs to, in one report version. */
export const runDayDocId = ({ reportId, version }: VersionRef, run: RunCompleted['data']): string =>
  dayDocId(reportId, version, run.promptId, run.country, runDay(run.runDate));

/** The stored day documents among `ids`, keyed by id: one read for a whole batch of runs. */
export async function loadDays(days: Collection<DayDoc>, ids: readonly string[]): Promise<Map<string, DayDoc>> {
  const unique = [...new Set(ids)];
  const stored = unique.length === 0 ? [] : await days.find({ _id: { $in: unique } });
  return new Map(stored.map((doc) => [doc._id, doc]));
}

/** Adds runs of one version to the day documents in `touched` (loaded with `loadDays`; missing ones are created). */
export function addRunsToDays(touched: Map<string, DayDoc>, version: VersionRef, runs: readonly RunCompleted['data'][], detection: CompiledDetection): void {
  for (const run of runs) {
    const id = runDayDocId(version, run);
    touched.set(id, addRunToDay(touched.get(id) ?? null, version, run, detection));
  }
}

/** Writes the touched day documents back, whole. */
export async function saveDays(days: Collection<DayDoc>, touched: ReadonlyMap<string, DayDoc>): Promise<void> {
  if (touched.size === 0) return;
  await days.bulkWrite([...touched.values()].map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } })));
}

/** The analysis module's form of compact totals, named by the version's tracked brands. */
export function expandTotals(totals: CompactTotals, brands: readonly TrackedBrand[]): RunTotals {
  return {
    runs: totals.runs,
    brands: brands.map(({ brand, isMainBrand }, index) => {
      const [mentionedRuns, mentions, positionSum, positive, neutral, negative] = totals.brands[index] ?? [0, 0, 0, 0, 0, 0];
      return { brand, isMainBrand, mentionedRuns, mentions, positionSum, sentences: { positive, neutral, negative } };
    }),
    domainCategories: { ...emptyCategoryCounts(), ...totals.categories },
  };
}

/** Sums compact totals (of one version, so brand rows align). */
export const sumTotals = (brandCount: number, totals: readonly CompactTotals[]): CompactTotals =>
  totals.reduce(addTotals, emptyTotals(brandCount));
