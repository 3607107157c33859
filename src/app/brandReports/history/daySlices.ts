import { addCompactTotals, addNames, emptyCompactTotals, type CompactTotals, type NameRow } from '../../../projections/reportHistory/compactRows.js';
import { historyReader, type DayDoc, type ReportCitationsDoc, type ReportDayDoc } from '../../../projections/reportHistory/reader.js';
import type { Services } from '../../shared/services.js';
import type { Window } from '../../shared/window.js';
import type { AnalyticsScope } from './analyticsScope.js';
import { windowDays } from './history.js';

/** One engine's share of a day: totals and suggested names, the same in report days and prompt days. */
export interface EngineSlice {
  engine: string;
  totals: CompactTotals;
  names: NameRow[];
}

/** One day of a window after the scope's filters: what report-wide figures are computed from. */
export interface DaySlice {
  day: string;
  /** The day's totals over its selected engines. */
  totals: CompactTotals;
  /** The day's suggested names over its selected engines. */
  names: NameRow[];
  engines: EngineSlice[];
}

export async function reportDays(services: Services, scope: AnalyticsScope, window: Window = scope.window): Promise<ReportDayDoc[]> {
  return historyReader(services.readModels).reportDays(scope.version, window);
}

/** The report's cited URLs of each day of the window, in date order: what daily series read. */
export async function reportCitationDays(services: Services, scope: AnalyticsScope, window: Window = scope.window): Promise<ReportCitationsDoc[]> {
  return historyReader(services.readModels).reportCitationDays(scope.version, window);
}

/**
 * The report's cited URLs over the window in as few documents as cover it exactly: the weeks that lie
 * wholly inside it and the days before and after them. What window totals read.
 */
export async function reportCitationSpans(services: Services, scope: AnalyticsScope, window: Window = scope.window): Promise<ReportCitationsDoc[]> {
  return historyReader(services.readModels).reportCitationSpans(scope.version, window);
}

/** The prompt days of the scope's prompts: the source when a tag filter narrows the report. */
export async function scopePromptDays(services: Services, scope: AnalyticsScope, window: Window = scope.window): Promise<DayDoc[]> {
  if (scope.prompts.length === 0) return [];
  return windowDays(services, scope.version, window, scope.prompts.map(({ _id }) => _id));
}

const selected = <Section extends { engine: string }>(scope: AnalyticsScope, sections: readonly Section[]): Section[] =>
  scope.engines ? sections.filter(({ engine }) => scope.engines?.has(engine)) : [...sections];

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
 * The days of the window in date order, each with its selected engines: from the report-level aggregates, or
 * from the prompt days of the tagged prompts when a tag narrows the report (the aggregates span every prompt).
 */
export async function daySlices(services: Services, scope: AnalyticsScope, window: Window = scope.window): Promise<DaySlice[]> {
  const brandCount = scope.detection.brands.length;
  // Without an engine filter the stored all-engine totals and names are the sums of the sections already.
  const slice = (day: string, all: Pick<EngineSlice, 'totals' | 'names'> | null, engines: EngineSlice[]): DaySlice => ({
    day,
    totals: all?.totals ?? engines.reduce((sum, { totals }) => addCompactTotals(sum, totals), emptyCompactTotals(brandCount)),
    names: all?.names ?? engines.flatMap(({ names }) => names),
    engines,
  });
  if (!scope.narrowed) {
    return (await reportDays(services, scope, window)).map(({ day, all, names, engines }) =>
      slice(day, scope.engines ? null : { totals: all, names }, selected(scope, engines)),
    );
  }
  const byDay = new Map<string, EngineSlice[]>();
  for (const { day, engines } of await scopePromptDays(services, scope, window)) byDay.set(day, [...(byDay.get(day) ?? []), ...selected(scope, engines)]);
  return [...byDay]
    .sort(([left], [right]) => (left < right ? -1 : 1))
    .map(([day, sections]) => slice(day, null, mergeSections(sections, brandCount)));
}
