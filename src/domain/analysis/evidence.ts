import { addDays, utcDay } from '../shared/days.js';
import type { DomainCategory } from './catalog.js';
import type { CompiledDetection } from './detection.js';
import type { MeasuredRun } from './metrics.js';
import { brandSentences, type SentenceCounts } from './runAnalysis.js';

/** Recommendations read the last 30 days, ending today. */
export const RECOMMENDATION_DAYS = 30;

/** The first day of the recommendations' window at `now`. */
export const recommendationWindowStart = (now: Date): string => addDays(utcDay(now), 1 - RECOMMENDATION_DAYS);

/** A cited URL of one run, as recommendations quote it. */
export interface EvidenceCitation {
  url: string;
  domain: string;
  title: string;
  category: DomainCategory;
  /** Index of the tracked brand owning the domain (0 the brand), or null. */
  owner: number | null;
}

/**
 * What one recorded answer says that a recommendation may rest on, measured with a
 * report's detection: mentions per brand, cited URLs, the brand's sentences by sentiment and the negative
 * ones quoted.
 */
export interface RunEvidence {
  /** Mentions per tracked brand, in report order (main brand first). */
  mentions: number[];
  /** Each cited URL once, in the answer's order. */
  citations: EvidenceCitation[];
  /** Sentences about the brand counted negative, quoted. */
  negativeSentences: string[];
  /** Sentences about the brand by sentiment, as the metrics count them. */
  sentences: SentenceCounts;
}

/** What an answer's evidence is read from besides its measures: its text and its citations' titles. */
export interface EvidenceSource {
  content: string;
  citations: readonly { title?: string | undefined }[];
}

/**
 * A run's evidence from its measures (`measureRun` or `measureFacts`, which agree): each cited URL once with
 * its category and owner; the answer is read again only to quote negative sentences, where there are any.
 */
export function runEvidence(run: EvidenceSource, measured: MeasuredRun, detection: CompiledDetection): RunEvidence {
  const brand = measured.analysis.brands[0];
  const sentences = brand ? { ...brand.sentences } : { positive: 0, neutral: 0, negative: 0 };
  const seen = new Set<string>();
  const citations: EvidenceCitation[] = [];
  measured.citations.forEach((citation, index) => {
    if (citation === null || seen.has(citation.url)) return;
    seen.add(citation.url);
    citations.push({
      url: citation.url,
      domain: citation.domain,
      title: run.citations[index]?.title ?? '',
      category: measured.citationCategories[index] ?? 'Unclassified',
      owner: measured.citationOwners[index] ?? null,
    });
  });
  const negativeSentences =
    sentences.negative === 0 ? [] : brandSentences(run.content, detection).filter(({ brandIndex, sentiment }) => brandIndex === 0 && sentiment === 'negative').map(({ text }) => text);
  return { mentions: measured.analysis.brands.map(({ mentions }) => mentions), citations, negativeSentences, sentences };
}

/** A run naming a competitor and not the brand: what content gaps and partnership opportunities rest on. */
export function isGapRun({ mentions }: Pick<RunEvidence, 'mentions'>): boolean {
  if ((mentions[0] ?? 0) !== 0) return false;
  // A loop, not `slice(1).some`: recommendations ask this of every kept run of a month several times.
  for (let index = 1; index < mentions.length; index++) if ((mentions[index] ?? 0) > 0) return true;
  return false;
}

/** Whether a run cites the brand's own site. */
export const citesBrand = ({ citations }: Pick<RunEvidence, 'citations'>): boolean => citations.some(({ owner }) => owner === 0);

/** Whether a run cites a competitor's site. */
export const citesCompetitor = ({ citations }: Pick<RunEvidence, 'citations'>): boolean => citations.some(({ owner }) => owner !== null && owner > 0);

/**
 * Whether any recommendation may quote the run: it names competitors and not the brand, cites a competitor's
 * site, or speaks of the brand negatively. Other runs count only in their prompt's totals.
 */
export const isEvidenceRun = (evidence: RunEvidence): boolean => isGapRun(evidence) || citesCompetitor(evidence) || evidence.negativeSentences.length > 0;

/** A run's evidence with the run it quotes. */
export interface EvidenceRun extends RunEvidence {
  runId: string;
  promptId: string;
  engine: string;
  runDate: string;
}

/** What a prompt's runs in a window add up to, evidence or not: what recommendations weigh the evidence against. */
export interface PromptEvidenceTotals {
  runs: number;
  /** The brand's sentences by sentiment over all runs. */
  sentences: SentenceCounts;
  /** Runs citing the brand's own site. */
  brandCitingRuns: number;
}
