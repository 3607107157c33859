import { setImmediate as nextTurn } from 'node:timers/promises';
import { brandSentences, domainCategory, measureFacts, measureRun, type CompiledDetection, type DomainCategory, type TextFacts } from '../../../../domain/analysis/index.js';
import type { RunWithAnswer } from '../../../../projections/runs/reader.js';

/** A cited URL of one run, as recommendations read it. */
export interface RunCitation {
  url: string;
  domain: string;
  title: string;
  category: DomainCategory;
  /** Index of the tracked brand owning the domain (0 the brand), or null. */
  owner: number | null;
}

/** What one recorded answer says, measured with the report's detection: the evidence recommendations cite. */
export interface RunFacts {
  runId: string;
  promptId: string;
  engine: string;
  runDate: string;
  /** Mentions per tracked brand, in report order (main brand first). */
  mentions: number[];
  /** Each cited URL once, in the answer's order. */
  citations: RunCitation[];
  /** Sentences about the brand counted negative, quoted. */
  negativeSentences: string[];
  /** Sentences about the brand by sentiment, as the metrics count them. */
  sentences: { positive: number; neutral: number; negative: number };
}

/**
 * One run measured by the domain's one path: from its stored text facts when given (`measureFacts`, the same
 * measures without reading the answer again), else from its text (`measureRun`); its negative sentences quoted
 * when it has any.
 */
export function runFacts(run: RunWithAnswer, detection: CompiledDetection, facts: TextFacts | null = null): RunFacts {
  const measured = facts === null ? measureRun(run, detection) : measureFacts(run.content, facts, detection);
  const brand = measured.analysis.brands[0];
  const sentences = brand?.sentences ?? { positive: 0, neutral: 0, negative: 0 };
  const seen = new Set<string>();
  const citations: RunCitation[] = [];
  measured.citations.forEach((citation, index) => {
    if (citation === null || seen.has(citation.url)) return;
    seen.add(citation.url);
    citations.push({
      url: citation.url,
      domain: citation.domain,
      title: run.citations[index]?.title ?? '',
      category: domainCategory(citation.domain, detection),
      owner: measured.citationOwners[index] ?? null,
    });
  });
  const negativeSentences =
    sentences.negative === 0 ? [] : brandSentences(run.content, detection).filter(({ brandIndex, sentiment }) => brandIndex === 0 && sentiment === 'negative').map(({ text }) => text);
  return {
    runId: run._id,
    promptId: run.promptId,
    engine: run.engine,
    runDate: run.runDate,
    mentions: measured.analysis.brands.map(({ mentions }) => mentions),
    citations,
    negativeSentences,
    sentences,
  };
}

/** Runs measured between two turns of the event loop: a few milliseconds of analysis. */
const RUNS_PER_TURN = 100;

/** The stored text facts of some runs, aligned with them (null where none are stored). */
export type FactsOf = (runs: readonly RunWithAnswer[]) => Promise<(TextFacts | null)[]>;

const noStoredFacts: FactsOf = async (runs) => runs.map(() => null);

/**
 * Each run measured with the report's detection, a hundred at a time with the event loop's other work between:
 * a month of a large report is seconds of analysis, which would otherwise hold every other request of this
 * process until it is done. Runs whose text facts `factsOf` finds are measured from them.
 */
export async function measuredInTurns(runs: readonly RunWithAnswer[], detection: CompiledDetection, factsOf: FactsOf = noStoredFacts): Promise<RunFacts[]> {
  const measured: RunFacts[] = [];
  for (let start = 0; start < runs.length; start += RUNS_PER_TURN) {
    if (start > 0) await nextTurn();
    const page = runs.slice(start, start + RUNS_PER_TURN);
    const facts = await factsOf(page);
    page.forEach((run, index) => measured.push(runFacts(run, detection, facts[index] ?? null)));
  }
  return measured;
}
