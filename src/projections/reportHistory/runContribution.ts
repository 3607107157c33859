import {
  measureFacts,
  measureRun,
  runEvidence,
  runTotals,
  untrackedFactNames,
  untrackedNames,
  type CompiledDetection,
  type MeasuredRun,
  type NamedCandidate,
  type RunEvidence,
  type TextFacts,
} from '../../domain/analysis/index.js';
import { runDay, type RunCompleted } from '../../domain/run/events.js';
import { encodeName, encodeTotals, type CompactTotals, type NameRow } from './compactRows.js';
import type { CitedUrlTotals } from './compactUrlRows.js';

/** What the analysis of a run reads: its answer, its citations and when it ran. */
export type AnalysedRun = Pick<RunCompleted['data'], 'content' | 'citations' | 'runDate'>;

/**
 * What the analysis of one completed run finds under one report version's detection: the part of a run's
 * contribution that costs CPU, so it is what worker threads compute (`analyst.ts`).
 */
export interface RunMeasures {
  day: string;
  totals: CompactTotals;
  citedUrls: CitedUrlTotals[];
  /** Names the answer puts forward that the version does not track. */
  names: NameRow[];
  /**
   * What recommendations may quote of the run (kept only where they may: `isEvidenceRun`); null for a run
   * older than the evidence read model keeps (`evidenceFrom`).
   */
  evidence: RunEvidence | null;
}

/**
 * What one completed run adds to a report version's history, measured once and added to every document it
 * touches: its prompt's day, the report's day and the report's cited URLs of that day. The totals are the
 * domain's `runTotals` (the same the metric tests exercise); cited URLs are counted once per run.
 */
export interface RunContribution extends RunMeasures {
  run: HistoryRun;
}

/** What a run's place in a report's history reads besides its analysis: its prompt, country and engine. */
export type HistoryRun = AnalysedRun & Pick<RunCompleted['data'], 'runId' | 'promptId' | 'country' | 'engine'>;

/** Every day is kept in the evidence read model from this one on (`''`: every day). */
export type EvidenceFrom = string;

export const runContribution = (run: HistoryRun, detection: CompiledDetection, evidenceFrom: EvidenceFrom = ''): RunContribution => ({
  run,
  ...measureRunContribution(run, detection, evidenceFrom),
});

export function measureRunContribution(run: AnalysedRun, detection: CompiledDetection, evidenceFrom: EvidenceFrom = ''): RunMeasures {
  const measured = measureRun({ state: 'completed', content: run.content, citations: run.citations }, detection);
  return contributionOf(run, measured, detection, evidenceFrom, (citedDomains) => untrackedNames(run.content, citedDomains, detection));
}

/** `measureRunContribution` from the run's text facts: the same measures, without reading the answer again. */
export function measureFactsContribution(run: AnalysedRun, facts: TextFacts, detection: CompiledDetection, evidenceFrom: EvidenceFrom = ''): RunMeasures {
  return contributionOf(run, measureFacts(run.content, facts, detection), detection, evidenceFrom, () => untrackedFactNames(facts, detection));
}

function contributionOf(
  run: AnalysedRun,
  measured: MeasuredRun,
  detection: CompiledDetection,
  evidenceFrom: EvidenceFrom,
  untracked: (citedDomains: string[]) => NamedCandidate[],
): RunMeasures {
  const mentioned = measured.analysis.brands.map(({ mentions }) => (mentions > 0 ? 1 : 0));
  const [brandMentionedRuns = 0, ...competitorMentionedRuns] = mentioned;
  const byUrl = new Map<string, CitedUrlTotals>();
  measured.citations.forEach((citation, index) => {
    if (citation === null) return;
    const title = run.citations[index]?.title ?? '';
    const cited = byUrl.get(citation.url);
    if (cited) {
      cited.citations += 1;
      if (title > cited.title) cited.title = title;
    } else {
      byUrl.set(citation.url, {
        url: citation.url,
        domain: citation.domain,
        citations: 1,
        citingRuns: 1,
        brandMentionedRuns,
        competitorMentionedRuns: [...competitorMentionedRuns],
        title,
        titleDate: run.runDate,
      });
    }
  });
  const citedDomains = [...new Set([...byUrl.values()].map(({ domain }) => domain))];
  const names = untracked(citedDomains).map(({ name, mentions, linkedDomain }) =>
    encodeName({ name, runs: 1, mentions, linkedDomain: linkedDomain ?? '' }),
  );
  const day = runDay(run.runDate);
  const evidence = day >= evidenceFrom ? runEvidence(run, measured, detection) : null;
  return { day, totals: encodeTotals(runTotals(measured)), citedUrls: [...byUrl.values()], names, evidence };
}
