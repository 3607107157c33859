import type { EngineId } from '../../domain/shared/engines.js';
import type { Doc } from '../../ports/documentStore.js';
import { addCompactTotalsInto, addNamesInto, emptyCompactTotals, type CompactTotals, type NameRow } from './compactRows.js';
import {
  addCitedUrlTotals,
  addPackedPrompts,
  addUrlPrompt,
  decodeReportUrl,
  encodeReportUrl,
  engineBit,
  packPrompts,
  type CitedUrlTotals,
  type ReportUrlRow,
  type UrlPromptTotals,
} from './compactUrlRows.js';
import type { VersionRef } from './dayDocument.js';
import type { RunContribution } from './runContribution.js';
import { spanStart, type Span } from './spans.js';

/**
 * Report-level aggregates: what a report version knows of one country on one day over all its prompts, so
 * that report-wide questions over a window read one small document per day instead of one per prompt and day.
 * They are sums of the prompt day documents, built from the same run contributions in the same transaction.
 */

export interface ReportEngineDay {
  engine: string;
  totals: CompactTotals;
  names: NameRow[];
}

/** Totals of a report's day, over all engines and per engine: what stats read. */
export interface ReportDayDoc extends Doc {
  reportId: string;
  version: number;
  country: string;
  day: string;
  all: CompactTotals;
  /** Suggested names over all engines: what an unfiltered window reads, 7 times fewer rows than the engines'. */
  names: NameRow[];
  engines: ReportEngineDay[];
}

interface ReportSpanKey {
  _id: string;
  reportId: string;
  version: number;
  country: string;
  span: Span;
  /** The span's first day. */
  day: string;
}

/** The URLs a report's runs cited in one day or week, over all engines: what citation lists, stats and histories read. */
export interface ReportCitationsDoc extends Doc, ReportSpanKey {
  urls: ReportUrlRow[];
}

export const citationsDocId = (reportId: string, version: number, country: string, span: Span, start: string): string =>
  `${reportId}|${version}|${country}|${span}|${start}`;

export const reportDayDocId = (reportId: string, version: number, country: string, day: string): string =>
  `${reportId}|${version}|${country}|${day}`;

const runReportDocId = ({ reportId, version }: VersionRef, { run, day }: Pick<RunContribution, 'run' | 'day'>): string =>
  reportDayDocId(reportId, version, run.country, day);

/** Adds one run's contribution to its report day, in place (a new document when `existing` is null); returns it. */
export function addRunToReportDay(existing: ReportDayDoc | null, version: VersionRef, contribution: RunContribution, brandCount: number): ReportDayDoc {
  const { run, day } = contribution;
  const doc: ReportDayDoc = existing ?? {
    _id: runReportDocId(version, contribution),
    reportId: version.reportId,
    version: version.version,
    country: run.country,
    day,
    all: emptyCompactTotals(brandCount),
    names: [],
    engines: [],
  };
  let current = doc.engines.find(({ engine }) => engine === run.engine);
  if (current === undefined) {
    current = { engine: run.engine, totals: emptyCompactTotals(brandCount), names: [] };
    doc.engines.push(current);
  }
  addCompactTotalsInto(current.totals, contribution.totals);
  addNamesInto(current.names, contribution.names);
  addCompactTotalsInto(doc.all, contribution.totals);
  addNamesInto(doc.names, contribution.names);
  return doc;
}

interface UrlDraft {
  totals: CitedUrlTotals;
  citationsByEngine: Partial<Record<EngineId, number>>;
  prompts: Map<number, UrlPromptTotals>;
}

/**
 * A report citations document while a batch adds runs to it: decoded once when first touched and encoded
 * once when saved, since a busy day has hundreds of URLs and every run touches a few of them.
 */
export interface CitationsDraft {
  document: ReportSpanKey;
  urls: Map<string, UrlDraft>;
}

/** The citations document of `country` in the span of `span` that holds `day`. */
export function citationsKey(version: VersionRef, country: string, span: Span, day: string): ReportSpanKey {
  const start = spanStart(span, day);
  return { _id: citationsDocId(version.reportId, version.version, country, span, start), reportId: version.reportId, version: version.version, country, span, day: start };
}

export function citationsDraft(existing: ReportCitationsDoc | null, key: ReportSpanKey): CitationsDraft {
  const draft: CitationsDraft = { document: { ...key }, urls: new Map() };
  addCitationRows(draft, existing?.urls ?? []);
  return draft;
}

/** Adds one run's cited URLs; `promptIndex` is the run's prompt in its version's `promptIds`. */
export function addRunToCitations(draft: CitationsDraft, contribution: RunContribution, promptIndex: number): void {
  const engine = contribution.run.engine;
  for (const cited of contribution.citedUrls) {
    let url = draft.urls.get(cited.url);
    if (!url) {
      url = { totals: { ...cited, citations: 0, citingRuns: 0, brandMentionedRuns: 0, competitorMentionedRuns: [] }, citationsByEngine: {}, prompts: new Map() };
      draft.urls.set(cited.url, url);
    }
    addCitedUrlTotals(url.totals, cited);
    url.citationsByEngine[engine] = (url.citationsByEngine[engine] ?? 0) + cited.citations;
    addUrlPrompt(url.prompts, promptIndex, engineBit(engine), cited.citingRuns, cited.brandMentionedRuns);
  }
}

/** Adds a citations document's rows (of other runs) to a draft: what merging a worker's delta does. */
export function addCitationRows(draft: CitationsDraft, rows: readonly ReportUrlRow[]): void {
  for (const row of rows) {
    const { citationsByEngine, prompts, ...totals } = decodeReportUrl(row);
    const url = draft.urls.get(totals.url);
    if (!url) {
      const promptTotals = new Map<number, UrlPromptTotals>();
      addPackedPrompts(promptTotals, prompts);
      draft.urls.set(totals.url, { totals, citationsByEngine, prompts: promptTotals });
      continue;
    }
    addCitedUrlTotals(url.totals, totals);
    for (const [engine, citations] of Object.entries(citationsByEngine) as [EngineId, number][]) {
      url.citationsByEngine[engine] = (url.citationsByEngine[engine] ?? 0) + citations;
    }
    addPackedPrompts(url.prompts, prompts);
  }
}

/** Adds a report day of other runs into `into` (same day), in place. */
export function addReportDayInto(into: ReportDayDoc, addition: ReportDayDoc): void {
  for (const section of addition.engines) {
    const current = into.engines.find(({ engine }) => engine === section.engine);
    if (current === undefined) into.engines.push(section);
    else {
      addCompactTotalsInto(current.totals, section.totals);
      addNamesInto(current.names, section.names);
    }
  }
  addCompactTotalsInto(into.all, addition.all);
  addNamesInto(into.names, addition.names);
}

export function citationsDocument(draft: CitationsDraft): ReportCitationsDoc {
  const urls = [...draft.urls.values()].map(({ totals, citationsByEngine, prompts }) =>
    encodeReportUrl({ ...totals, citationsByEngine, prompts: packPrompts([...prompts.values()].sort((left, right) => left.promptIndex - right.promptIndex)) }),
  );
  return { ...draft.document, urls };
}
