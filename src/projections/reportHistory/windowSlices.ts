import type { RunTotals, TrackedBrand } from '../../domain/analysis/index.js';
import { addCompactTotals, addNames, decodeName, decodeTotals, emptyCompactTotals, type CompactTotals, type NameRow, type NameTotals } from './compactRows.js';
import type { DayDoc } from './dayDocument.js';
import type { ReportDayDoc } from './reportDocuments.js';

/** What a window query keeps: some engines (null for all) and, when a tag narrows the report, some prompts. */
export interface HistoryFilter {
  engines: ReadonlySet<string> | null;
  /** The prompts a narrowed query reads, in the version's order. */
  promptIds: readonly string[];
  /** Whether a tag narrowed the prompts: the report-level aggregates span every prompt and then do not apply. */
  narrowed: boolean;
}

/** One day of a window over its selected engines. */
export interface WindowDay {
  day: string;
  totals: RunTotals;
}

/** A window of a report version after the filter's engines and prompts, decoded: what /stats computes from. */
export interface WindowSlices {
  /** The days with a document, in date order. */
  days: WindowDay[];
  /** The whole window. */
  totals: RunTotals;
  /** The whole window per engine, for engines with a document in it. */
  engines: Map<string, RunTotals>;
  /** Untracked names the answers put forward, one entry per stored row (a name recurs across days and engines). */
  names: NameTotals[];
}

interface EngineSlice {
  engine: string;
  totals: CompactTotals;
  names: NameRow[];
}

interface DaySlice {
  day: string;
  totals: CompactTotals;
  names: NameRow[];
  engines: EngineSlice[];
}

const selected = <Section extends { engine: string }>(filter: HistoryFilter, sections: readonly Section[]): Section[] =>
  filter.engines ? sections.filter(({ engine }) => filter.engines?.has(engine)) : [...sections];

/** Sums engine sections of several documents of one day, by engine. */
function mergeSections(sections: readonly EngineSlice[], brandCount: number): EngineSlice[] {
  const byEngine = new Map<string, EngineSlice>();
  for (const section of sections) {
    const existing = byEngine.get(section.engine);
    byEngine.set(section.engine, {
      engine: section.engine,
      totals: addCompactTotals(existing?.totals ?? emptyCompactTotals(brandCount), section.totals),
      names: addNames(existing?.names ?? [], section.names),
    });
  }
  return [...byEngine.values()];
}

/**
 * The days in date order, each with its selected engines: from the report-level aggregates, or from the prompt
 * days of the filter's prompts when the filter narrows the report.
 */
function daySlices(documents: { reportDays: readonly ReportDayDoc[] } | { promptDays: readonly DayDoc[] }, filter: HistoryFilter, brandCount: number): DaySlice[] {
  // Without an engine filter the stored all-engine totals and names are the sums of the sections already.
  const slice = (day: string, all: Pick<EngineSlice, 'totals' | 'names'> | null, engines: EngineSlice[]): DaySlice => ({
    day,
    totals: all?.totals ?? engines.reduce((sum, { totals }) => addCompactTotals(sum, totals), emptyCompactTotals(brandCount)),
    names: all?.names ?? engines.flatMap(({ names }) => names),
    engines,
  });
  if ('reportDays' in documents) {
    return documents.reportDays.map(({ day, all, names, engines }) => slice(day, filter.engines ? null : { totals: all, names }, selected(filter, engines)));
  }
  const byDay = new Map<string, EngineSlice[]>();
  for (const { day, engines } of documents.promptDays) {
    const sections = byDay.get(day);
    if (sections) sections.push(...selected(filter, engines));
    else byDay.set(day, [...selected(filter, engines)]);
  }
  return [...byDay]
    .sort(([left], [right]) => (left < right ? -1 : 1))
    .map(([day, sections]) => slice(day, null, mergeSections(sections, brandCount)));
}

/**
 * Decodes a window's slices. Stored totals of one version are summed column by column first (as the projection
 * sums runs into them), so the window and each engine decode one row set, not one per day.
 */
export function windowSlices(documents: Parameters<typeof daySlices>[0], filter: HistoryFilter, brands: readonly TrackedBrand[]): WindowSlices {
  const slices = daySlices(documents, filter, brands.length);
  const sum = (stored: readonly CompactTotals[]) => decodeTotals(stored.reduce((total, totals) => addCompactTotals(total, totals), emptyCompactTotals(brands.length)), brands);
  const engineNames = [...new Set(slices.flatMap(({ engines }) => engines.map(({ engine }) => engine)))];
  return {
    days: slices.map(({ day, totals }) => ({ day, totals: decodeTotals(totals, brands) })),
    totals: sum(slices.map(({ totals }) => totals)),
    engines: new Map(engineNames.map((engine) => [engine, sum(slices.flatMap(({ engines }) => engines.filter((section) => section.engine === engine).map(({ totals }) => totals)))])),
    names: slices.flatMap(({ names }) => names.map(decodeName)),
  };
}

/** A prompt's day documents decoded, over all engines or the selected ones: one entry per engine section and day. */
export function promptDayTotals(days: readonly DayDoc[], brands: readonly TrackedBrand[], engines?: ReadonlySet<string> | null): { date: string; totals: RunTotals }[] {
  return days.flatMap(({ day, all, engines: sections }) =>
    engines
      ? sections.filter(({ engine }) => engines.has(engine)).map(({ totals }) => ({ date: day, totals: decodeTotals(totals, brands) }))
      : [{ date: day, totals: decodeTotals(all, brands) }],
  );
}

/** Untracked names of report-level days, decoded: what competitor suggestions rank. */
export const reportDayNames = (days: readonly ReportDayDoc[]): NameTotals[] => days.flatMap(({ names }) => names.map(decodeName));
