import {
  analyzeRun,
  citationCategory,
  combineRunTotals,
  emptyRunTotals,
  parseCitationUrl,
  runTotals,
  type CompiledDetection,
  type RunTotals,
} from '../../domain/analysis/index.js';
import type { RunCompleted } from '../../domain/run/events.js';
import { runDay } from '../../domain/run/events.js';
import type { Doc } from '../../ports/documentStore.js';

/** One normalized URL cited on a day by one engine, with the count of citing runs that mention the main brand. */
export interface CitedUrl {
  url: string;
  domain: string;
  title: string;
  /** Citations of the URL (one run may cite it twice). */
  citations: number;
  citingRuns: number;
  brandMentionedRuns: number;
}

export interface EngineDay {
  engine: string;
  totals: RunTotals;
  citedUrls: CitedUrl[];
}

/**
 * Everything one report version knows of one prompt in one country on one day, per engine. Queries read at
 * most one document per day of their window, and a run changes exactly one document.
 */
export interface DayDoc extends Doc {
  reportId: string;
  version: number;
  promptId: string;
  country: string;
  day: string;
  engines: EngineDay[];
}

export const dayDocId = (reportId: string, version: number, promptId: string, country: string, day: string): string =>
  `${reportId}|${version}|${promptId}|${country}|${day}`;

export interface VersionRef {
  reportId: string;
  version: number;
}

/** The per-run facts a day document takes, computed once per run and report version. */
function measureRun(run: RunCompleted['data'], detection: CompiledDetection): { totals: RunTotals; citedUrls: CitedUrl[] } {
  const analysis = analyzeRun(run.content, detection);
  const mainBrandMentioned = (analysis.brands[0]?.mentions ?? 0) > 0 ? 1 : 0;
  const byUrl = new Map<string, CitedUrl>();
  for (const citation of run.citations) {
    const parsed = parseCitationUrl(citation.link);
    if (!parsed) continue;
    const cited = byUrl.get(parsed.url);
    if (cited) cited.citations += 1;
    else byUrl.set(parsed.url, { url: parsed.url, domain: parsed.domain, title: citation.title, citations: 1, citingRuns: 1, brandMentionedRuns: mainBrandMentioned });
  }
  const citationCategories = run.citations.map(({ link }) => citationCategory(link, detection));
  return { totals: runTotals({ state: 'completed', analysis, citationCategories }), citedUrls: [...byUrl.values()] };
}

function addCitedUrls(into: CitedUrl[], additions: readonly CitedUrl[]): CitedUrl[] {
  const merged = new Map(into.map((cited) => [cited.url, { ...cited }]));
  for (const addition of additions) {
    const existing = merged.get(addition.url);
    if (!existing) merged.set(addition.url, { ...addition });
    else {
      existing.citations += addition.citations;
      existing.citingRuns += addition.citingRuns;
      existing.brandMentionedRuns += addition.brandMentionedRuns;
    }
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
  const doc: DayDoc = existing ?? {
    _id: dayDocId(reportId, version, run.promptId, run.country, day),
    reportId,
    version,
    promptId: run.promptId,
    country: run.country,
    day,
    engines: [],
  };
  const measured = measureRun(run, detection);
  const current = doc.engines.find(({ engine }) => engine === run.engine);
  const updated: EngineDay = {
    engine: run.engine,
    totals: combineRunTotals(current?.totals ?? emptyRunTotals(detection.brands), measured.totals),
    citedUrls: addCitedUrls(current?.citedUrls ?? [], measured.citedUrls),
  };
  return { ...doc, engines: [...doc.engines.filter(({ engine }) => engine !== run.engine), updated] };
}
