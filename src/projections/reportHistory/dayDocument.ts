import type { Doc } from '../../ports/documentStore.js';
import { addCompactTotalsInto, addNamesInto, emptyCompactTotals, type CompactTotals, type NameRow } from './compactRows.js';
import { addCitedUrls, encodeCitedUrl, type CitedUrlRow } from './compactUrlRows.js';
import type { RunContribution } from './runContribution.js';

export interface EngineDay {
  engine: string;
  totals: CompactTotals;
  citedUrls: CitedUrlRow[];
  names: NameRow[];
}

/**
 * Everything one report version knows of one prompt in one country on one day: totals over all engines
 * (what the prompt detail reads) and per engine (for engine filters, cited URLs and suggested names). A run
 * changes one document.
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

/** The day document a run belongs to, in one report version. */
const runDayDocId = ({ reportId, version }: VersionRef, { run, day }: Pick<RunContribution, 'run' | 'day'>): string =>
  dayDocId(reportId, version, run.promptId, run.country, day);

/**
 * Adds one run's contribution to its day document, in place (the batch that loaded or created the document
 * owns it), or to a new document when `existing` is null; returns the document.
 */
export function addRunToDay(existing: DayDoc | null, version: VersionRef, contribution: RunContribution, brandCount: number): DayDoc {
  const { run, day } = contribution;
  const doc: DayDoc = existing ?? {
    _id: runDayDocId(version, contribution),
    reportId: version.reportId,
    version: version.version,
    promptId: run.promptId,
    country: run.country,
    day,
    all: emptyCompactTotals(brandCount),
    engines: [],
  };
  let current = doc.engines.find(({ engine }) => engine === run.engine);
  if (current === undefined) {
    current = { engine: run.engine, totals: emptyCompactTotals(brandCount), citedUrls: [], names: [] };
    doc.engines.push(current);
  }
  addCompactTotalsInto(current.totals, contribution.totals);
  // A run's cited URLs are distinct: the first run of an engine's day takes them as they are.
  current.citedUrls =
    current.citedUrls.length === 0
      ? contribution.citedUrls.map((cited) => encodeCitedUrl({ ...cited, competitorMentionedRuns: [...cited.competitorMentionedRuns] }))
      : addCitedUrls(current.citedUrls, contribution.citedUrls.map(encodeCitedUrl));
  addNamesInto(current.names, contribution.names);
  addCompactTotalsInto(doc.all, contribution.totals);
  return doc;
}

/** Adds a day document of other runs into `into` (same prompt, country and day), in place. */
export function addDayInto(into: DayDoc, addition: DayDoc): void {
  for (const section of addition.engines) {
    const current = into.engines.find(({ engine }) => engine === section.engine);
    if (current === undefined) into.engines.push(section);
    else {
      addCompactTotalsInto(current.totals, section.totals);
      current.citedUrls = addCitedUrls(current.citedUrls, section.citedUrls);
      addNamesInto(current.names, section.names);
    }
  }
  addCompactTotalsInto(into.all, addition.all);
}
