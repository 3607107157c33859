import { runDay } from '../../../domain/run/events.js';
import type { CompactTotals, NameRow } from '../compactRows.js';
import type { AnalysedRun, RunMeasures } from '../runContribution.js';

/**
 * A run's measures as a worker thread sends them back: what the run alone cannot tell, in rows. The rest (its
 * day, each URL's citing run and title date, the brands that the citing run mentions) follows from the run and
 * the totals, and is filled in again on the receiving side; the copy between threads shrinks to a third.
 */
export type PackedMeasures = [totals: CompactTotals, urls: Array<[url: string, domain: string, citations: number, title: string]>, names: NameRow[]];

/** Column of `mentionedRuns` in a brand row (compactRows.ts). */
const MENTIONED_RUNS = 0;

export const packMeasures = ({ totals, citedUrls, names }: RunMeasures): PackedMeasures => [
  totals,
  citedUrls.map(({ url, domain, citations, title }) => [url, domain, citations, title]),
  names,
];

export function unpackMeasures([totals, urls, names]: PackedMeasures, run: AnalysedRun): RunMeasures {
  const [brandMentionedRuns = 0, ...competitorMentionedRuns] = totals.brands.map((row) => row[MENTIONED_RUNS] ?? 0);
  return {
    day: runDay(run.runDate),
    totals,
    citedUrls: urls.map(([url, domain, citations, title]) => ({
      url,
      domain,
      citations,
      citingRuns: 1,
      brandMentionedRuns,
      competitorMentionedRuns: [...competitorMentionedRuns],
      title,
      titleDate: run.runDate,
    })),
    names,
  };
}
