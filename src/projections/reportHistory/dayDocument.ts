import { measureRun, runTotals, type CompiledDetection } from '../../domain/analysis/index.js';
import type { RunCompleted } from '../../domain/run/events.js';
import { runDay } from '../../domain/run/events.js';
import type { Collection, Doc } from '../../ports/documentStore.js';
import {
  addCitedUrls,
  addCompactTotals,
  emptyCompactTotals,
  encodeCitedUrl,
  encodeTotals,
  type CitedUrlRow,
  type CitedUrlTotals,
  type CompactTotals,
} from './compactRows.js';

export interface EngineDay {
  engine: string;
  totals: CompactTotals;
  citedUrls: CitedUrlRow[];
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

/**
 * What one run adds to its day document: the domain's totals of the run (the same `runTotals` the metric
 * tests exercise) and its cited URLs, each counted once per run.
 */
function measureDayRun(run: RunCompleted['data'], detection: CompiledDetection): { totals: CompactTotals; citedUrls: CitedUrlRow[] } {
  const measured = measureRun({ state: 'completed', content: run.content, citations: run.citations }, detection);
  const mainBrandMentioned = (measured.analysis.brands[0]?.mentions ?? 0) > 0 ? 1 : 0;
  const byUrl = new Map<string, CitedUrlTotals>();
  for (const citation of measured.citations) {
    if (citation === null) continue;
    const cited = byUrl.get(citation.url);
    if (cited) cited.citations += 1;
    else byUrl.set(citation.url, { url: citation.url, domain: citation.domain, citations: 1, citingRuns: 1, brandMentionedRuns: mainBrandMentioned });
  }
  return { totals: encodeTotals(runTotals(measured)), citedUrls: [...byUrl.values()].map(encodeCitedUrl) };
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
    all: emptyCompactTotals(brandCount),
    engines: [],
  };
  const measured = measureDayRun(run, detection);
  const current = doc.engines.find(({ engine }) => engine === run.engine);
  const updated: EngineDay = {
    engine: run.engine,
    totals: addCompactTotals(current?.totals ?? emptyCompactTotals(brandCount), measured.totals),
    citedUrls: addCitedUrls(current?.citedUrls ?? [], measured.citedUrls),
  };
  return {
    ...doc,
    all: addCompactTotals(doc.all, measured.totals),
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
