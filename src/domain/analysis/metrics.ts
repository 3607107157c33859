/**
 * Metrics over a window of runs, split into partial aggregates that add up: a read
 * model keeps one `RunTotals` per day (and prompt, engine, ...), a query combines the days of its window and
 * finalizes once. Every field of `RunTotals` is a count or a sum, so combining is plain addition.
 */
import type { DomainCategory } from './catalog.js';
import type { CompiledDetection, TrackedBrand } from './detection.js';
import {
  addCategoryCounts,
  countCategories,
  domainCategory,
  domainCategoryList,
  domainOwner,
  emptyCategoryCounts,
  type CategoryCounts,
} from './domainCategories.js';
import { analyzeRun, type RunAnalysis, type SentenceCounts } from './runAnalysis.js';
import { parseCitationUrl, type CitationUrl } from './urls.js';

export interface BrandTotals {
  brand: string;
  isMainBrand: boolean;
  /** Runs in which the brand is mentioned: the numerator of brandCoverage and the count behind positionSum. */
  mentionedRuns: number;
  mentions: number;
  /** Sum of the brand's position over the runs that mention it. */
  positionSum: number;
  sentences: SentenceCounts;
  /** Citations whose domain is one of the brand's (a domain two brands claim is the earlier brand's). */
  domainCitations: number;
  /** Runs citing at least one of the brand's domains: the numerator of domainCoverage. */
  domainCitedRuns: number;
  /** Sum of 1/position over the runs that mention the brand: the numerator of visibilityScore. */
  inversePositionSum: number;
  /** Runs with a positive sentence about the brand and no negative one: the numerator of likelihoodToBuy. */
  buyingRuns: number;
}

/**
 * Brands are a list, not an object keyed by name, so that names like "Monday.com" can be stored as they are
 * in document stores that reserve dots in keys.
 */
export interface RunTotals {
  runs: number;
  brands: BrandTotals[];
  domainCategories: CategoryCounts;
}

/** A run as the metrics see it: its state, the analysis of its answer and its citations, parsed and categorized. */
export interface MeasuredRun {
  state: string;
  analysis: RunAnalysis;
  /** Each citation's link parsed (null when it has no host), in the run's order. */
  citations: readonly (CitedLink | null)[];
  /** The category of each citation, in the same order. */
  citationCategories: readonly DomainCategory[];
  /** For each citation, the index of the tracked brand whose domain it cites, or null; in the same order. */
  citationOwners: readonly (number | null)[];
}

/** What the metrics read of a parsed citation. */
export type CitedLink = Pick<CitationUrl, 'url' | 'domain'>;

/** A run's parsed citations with their categories and owners under `detection`. */
export const measureCitations = (
  citations: readonly (CitedLink | null)[],
  detection: CompiledDetection,
): Pick<MeasuredRun, 'citations' | 'citationCategories' | 'citationOwners'> => ({
  citations,
  citationCategories: citations.map((citation) => (citation === null ? 'Unclassified' : domainCategory(citation.domain, detection))),
  citationOwners: citations.map((citation) => (citation === null ? null : domainOwner(citation.domain, detection))),
});

/** A recorded answer: what `measureRun` reads of a run event. */
export interface RecordedAnswer {
  state: string;
  content: string;
  citations: readonly { link: string }[];
}

/**
 * The one path from a recorded answer to what every figure counts: the read models store its `runTotals`,
 * the AI responses list shows its analysis. A run that is not completed is measured as mentioning nothing.
 */
export function measureRun(answer: RecordedAnswer, detection: CompiledDetection): MeasuredRun {
  const completed = answer.state === 'completed';
  const citations = completed ? answer.citations.map(({ link }) => parseCitationUrl(link)) : [];
  return {
    state: answer.state,
    analysis: analyzeRun(completed ? answer.content : '', detection),
    ...measureCitations(citations, detection),
  };
}

export const emptyRunTotals = (brands: readonly TrackedBrand[]): RunTotals => ({
  runs: 0,
  brands: brands.map(({ brand, isMainBrand }) => ({
    brand,
    isMainBrand,
    mentionedRuns: 0,
    mentions: 0,
    positionSum: 0,
    sentences: { positive: 0, neutral: 0, negative: 0 },
    domainCitations: 0,
    domainCitedRuns: 0,
    inversePositionSum: 0,
    buyingRuns: 0,
  })),
  domainCategories: emptyCategoryCounts(),
});

/** The totals of one run; a run that is not `completed` counts for nothing (but keeps the brand list). */
export function runTotals(run: MeasuredRun): RunTotals {
  const empty = emptyRunTotals(run.analysis.brands);
  if (run.state !== 'completed') return empty;
  return {
    runs: 1,
    brands: run.analysis.brands.map(({ brand, isMainBrand, mentions, position, sentences }, index) => {
      const domainCitations = run.citationOwners.filter((owner) => owner === index).length;
      return {
        brand,
        isMainBrand,
        mentionedRuns: mentions > 0 ? 1 : 0,
        mentions,
        positionSum: position ?? 0,
        sentences: { ...sentences },
        domainCitations,
        domainCitedRuns: domainCitations > 0 ? 1 : 0,
        inversePositionSum: position === null ? 0 : 1 / position,
        buyingRuns: sentences.positive > 0 && sentences.negative === 0 ? 1 : 0,
      };
    }),
    domainCategories: countCategories(run.citationCategories),
  };
}

/** Adds partial aggregates; a brand present in only some of them (settings changed) is kept, in first-seen order. */
export function combineRunTotals(first: RunTotals, ...rest: readonly RunTotals[]): RunTotals {
  return rest.reduce(addTotals, first);
}

export const addRun = (totals: RunTotals, run: MeasuredRun): RunTotals => addTotals(totals, runTotals(run));

function addTotals(left: RunTotals, right: RunTotals): RunTotals {
  const brands = left.brands.map((brand) => ({ ...brand, sentences: { ...brand.sentences } }));
  for (const addition of right.brands) {
    const existing = brands.find((brand) => sameBrand(brand, addition));
    if (existing === undefined) brands.push({ ...addition, sentences: { ...addition.sentences } });
    else addBrandTotals(existing, addition);
  }
  return {
    runs: left.runs + right.runs,
    brands,
    domainCategories: addCategoryCounts(left.domainCategories, right.domainCategories),
  };
}

const sameBrand = (left: TrackedBrand, right: TrackedBrand): boolean =>
  left.brand === right.brand && left.isMainBrand === right.isMainBrand;

function addBrandTotals(into: BrandTotals, addition: BrandTotals): void {
  into.mentionedRuns += addition.mentionedRuns;
  into.mentions += addition.mentions;
  into.positionSum += addition.positionSum;
  into.sentences.positive += addition.sentences.positive;
  into.sentences.neutral += addition.sentences.neutral;
  into.sentences.negative += addition.sentences.negative;
  into.domainCitations += addition.domainCitations;
  into.domainCitedRuns += addition.domainCitedRuns;
  into.inversePositionSum += addition.inversePositionSum;
  into.buyingRuns += addition.buyingRuns;
}

export interface SentimentShares {
  positive: number;
  neutral: number;
  negative: number;
  /** positive - negative, in -1..1. */
  nss: number;
}

export interface BrandMetrics {
  brand: string;
  isMainBrand: boolean;
  mentions: number;
  /** Runs mentioning the brand / runs (0..1); 0 when the window has no runs. */
  brandCoverage: number;
  /** Mean position over the runs that mention the brand; null when none does. */
  averagePosition: number | null;
  /** Mentions of the brand / mentions of all tracked brands (0..1); 0 when no brand is mentioned. */
  shareOfVoice: number;
  sentiment: SentimentShares;
  /** Runs in which the brand is mentioned: the numerator of brandCoverage (runs is the denominator). */
  mentionedRuns: number;
  /** Citations of the brand's domains. */
  domainCitations: number;
  /** Runs citing at least one of the brand's domains. */
  domainCitedRuns: number;
  /** domainCitedRuns / runs (0..1); 0 when the window has no runs. */
  domainCoverage: number;
  /** Mean over the runs of 1/position, a run without the brand counting 0 (0..1, at most brandCoverage). */
  visibilityScore: number;
  /** Share of the runs that mention the brand in a positive sentence and in no negative one (0..1). */
  likelihoodToBuy: number;
}

export interface WindowMetrics {
  runs: number;
  /** In the order of the totals: main brand first, then competitors. */
  brands: BrandMetrics[];
  domainCategories: { category: DomainCategory; value: number }[];
}

export function finalizeRunTotals(totals: RunTotals): WindowMetrics {
  const allMentions = totals.brands.reduce((sum, brand) => sum + brand.mentions, 0);
  return {
    runs: totals.runs,
    brands: totals.brands.map((brand) => ({
      brand: brand.brand,
      isMainBrand: brand.isMainBrand,
      mentions: brand.mentions,
      brandCoverage: ratio(brand.mentionedRuns, totals.runs),
      averagePosition: brand.mentionedRuns === 0 ? null : brand.positionSum / brand.mentionedRuns,
      shareOfVoice: ratio(brand.mentions, allMentions),
      sentiment: sentimentShares(brand.sentences),
      mentionedRuns: brand.mentionedRuns,
      domainCitations: brand.domainCitations,
      domainCitedRuns: brand.domainCitedRuns,
      domainCoverage: ratio(brand.domainCitedRuns, totals.runs),
      visibilityScore: ratio(brand.inversePositionSum, totals.runs),
      likelihoodToBuy: ratio(brand.buyingRuns, totals.runs),
    })),
    domainCategories: domainCategoryList(totals.domainCategories),
  };
}

const ratio = (part: number, whole: number): number => (whole === 0 ? 0 : part / whole);

function sentimentShares({ positive, neutral, negative }: SentenceCounts): SentimentShares {
  const sentences = positive + neutral + negative;
  const shares = {
    positive: ratio(positive, sentences),
    neutral: ratio(neutral, sentences),
    negative: ratio(negative, sentences),
  };
  return { ...shares, nss: shares.positive - shares.negative };
}

export interface RankedBrand extends BrandMetrics {
  rank: number;
}

const nameOrder = new Intl.Collator('en', { sensitivity: 'base' });

/** What brandRank orders by. */
export type Rankable = Pick<BrandMetrics, 'brand' | 'mentions' | 'brandCoverage'>;

/** brandRank: mentions desc, then brandCoverage desc, then name (case-insensitive, then exact); rank is 1-based. */
export function rankBrands<Brand extends Rankable = BrandMetrics>(brands: readonly Brand[]): (Brand & { rank: number })[] {
  return [...brands]
    .sort(
      (left, right) =>
        right.mentions - left.mentions ||
        right.brandCoverage - left.brandCoverage ||
        nameOrder.compare(left.brand, right.brand) ||
        (left.brand < right.brand ? -1 : left.brand > right.brand ? 1 : 0),
    )
    .map((brand, index) => ({ ...brand, rank: index + 1 }));
}

export interface DayTotals {
  /** YYYY-MM-DD */
  date: string;
  totals: RunTotals;
}

export interface CoveragePoint {
  brand: string;
  coverage: number;
  date: string;
}

/**
 * brandCoverageHistory: for each day that has runs, in date order, each brand's coverage that day. Several
 * totals of one date (one per engine, say) are combined first.
 */
export function coverageHistory(days: readonly DayTotals[]): CoveragePoint[] {
  const totalsByDate = new Map<string, RunTotals>();
  for (const { date, totals } of days) {
    const sameDay = totalsByDate.get(date);
    totalsByDate.set(date, sameDay === undefined ? totals : combineRunTotals(sameDay, totals));
  }
  return [...totalsByDate]
    .filter(([, totals]) => totals.runs > 0)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .flatMap(([date, totals]) =>
      totals.brands.map(({ brand, mentionedRuns }) => ({ brand, coverage: mentionedRuns / totals.runs, date })),
    );
}
