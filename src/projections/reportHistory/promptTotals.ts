import type { Doc } from '../../ports/documentStore.js';
import { addCompactTotalsInto, decodePromptTotals, emptyCompactTotals, encodePromptTotals, type CompactTotals, type PromptTotalsRow } from './compactRows.js';
import type { VersionRef } from './dayDocument.js';
import type { RunContribution } from './runContribution.js';
import { SPANS, spanStart, type Span } from './spans.js';

/**
 * Each prompt's totals in a report's day or week over all engines (`engine: 'all'`), and in a day per engine:
 * what the report's prompt list sums over a window, one document per span instead of one per prompt and day
 * (whose cited URLs and names the list does not need). Engine filters are rarer and read days only, which
 * spares every batch the rewrite of a week document per engine.
 */
export interface PromptTotalsDoc extends Doc {
  reportId: string;
  version: number;
  country: string;
  span: Span;
  /** The span's first day. */
  day: string;
  /** An engine, or `all`. */
  engine: string;
  prompts: PromptTotalsRow[];
}

export const ALL_ENGINES = 'all';

const promptTotalsDocId = (reportId: string, version: number, country: string, span: Span, start: string, engine: string): string =>
  `${reportId}|${version}|${country}|${span}|${start}|${engine}`;

/** Which documents a span keeps: over all engines for every span, per engine for days only. */
const spanEngines = (span: Span, engine: string): string[] => (span === 'day' ? [ALL_ENGINES, engine] : [ALL_ENGINES]);

/** The documents a run adds to: its day over all engines and for its engine, its week over all engines. */
export function promptTotalsKeys({ reportId, version }: VersionRef, { run, day }: Pick<RunContribution, 'run' | 'day'>) {
  return SPANS.flatMap((span) =>
    spanEngines(span, run.engine).map((engine) => {
      const start = spanStart(span, day);
      return { _id: promptTotalsDocId(reportId, version, run.country, span, start, engine), reportId, version, country: run.country, span, day: start, engine };
    }),
  );
}

export type PromptTotalsKey = ReturnType<typeof promptTotalsKeys>[number];

/** A prompt totals document while a batch adds runs to it: decoded once, encoded once. */
export interface PromptTotalsDraft {
  document: PromptTotalsKey;
  prompts: Map<number, CompactTotals>;
}

export function promptTotalsDraft(existing: PromptTotalsDoc | null, key: PromptTotalsKey): PromptTotalsDraft {
  const draft: PromptTotalsDraft = { document: key, prompts: new Map() };
  addPromptTotalsRows(draft, existing?.prompts ?? []);
  return draft;
}

/** Adds a prompt totals document's rows (of other runs) to a draft: what merging a worker's delta does. */
export function addPromptTotalsRows(draft: PromptTotalsDraft, rows: readonly PromptTotalsRow[]): void {
  for (const row of rows) {
    const { promptIndex, totals } = decodePromptTotals(row);
    const current = draft.prompts.get(promptIndex);
    if (current === undefined) draft.prompts.set(promptIndex, totals);
    else addCompactTotalsInto(current, totals);
  }
}

export function addRunToPromptTotals(draft: PromptTotalsDraft, promptIndex: number, contribution: RunContribution, brandCount: number): void {
  let totals = draft.prompts.get(promptIndex);
  if (totals === undefined) {
    totals = emptyCompactTotals(brandCount);
    draft.prompts.set(promptIndex, totals);
  }
  addCompactTotalsInto(totals, contribution.totals);
}

export function promptTotalsDocument({ document, prompts }: PromptTotalsDraft): PromptTotalsDoc {
  const rows = [...prompts].sort(([left], [right]) => left - right).map(([promptIndex, totals]) => encodePromptTotals(promptIndex, totals));
  return { ...document, prompts: rows };
}
