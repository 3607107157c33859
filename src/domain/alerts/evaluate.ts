/** The non-statistical watch kinds, each a pure decision over figures already read. */

/** A name's mentions over a window, as `detectedBrands` lists them. */
export interface BrandCount {
  name: string;
  mentions: number;
}

export const TOP_BRANDS = 10;

const key = (name: string) => name.trim().toLocaleLowerCase('en');

/** The top `size` names by mentions, ties broken by name so the answer does not depend on input order. */
export function topNames(brands: readonly BrandCount[], size = TOP_BRANDS): string[] {
  return [...brands]
    .sort((left, right) => right.mentions - left.mentions || left.name.localeCompare(right.name))
    .slice(0, size)
    .map((brand) => brand.name);
}

/** `new_untracked_brand`: names in the current window's top 10 that were not in the baseline's, nor tracked by the report. */
export function enteringTopBrands(current: readonly BrandCount[], baseline: readonly BrandCount[], tracked: readonly string[]): string[] {
  const before = new Set(topNames(baseline).map(key));
  const known = new Set(tracked.map(key));
  return topNames(current).filter((name) => !before.has(key(name)) && !known.has(key(name)));
}

/** One AI crawler's verdict in a crawlability check. */
export interface CrawlerVerdict {
  crawler: string;
  allowed: boolean;
  /** The robots.txt rule that decided, if one did. */
  rule: string | null;
}

/** `crawler_blocked`: crawlers the previous check allowed and the newest one blocks, with the rule that now blocks them. */
export function newlyBlocked(previous: readonly CrawlerVerdict[], newest: readonly CrawlerVerdict[]): CrawlerVerdict[] {
  const allowedBefore = new Set(previous.filter((verdict) => verdict.allowed).map((verdict) => verdict.crawler));
  return newest.filter((verdict) => !verdict.allowed && allowedBefore.has(verdict.crawler));
}

export interface VisitCounts {
  visits: number;
  days: number;
}

export interface VisitsDrop {
  currentDailyMean: number;
  baselineDailyMean: number;
  /** The current daily mean over the baseline's; raised at 0.5 or less. */
  ratio: number;
}

/** `agent_visits_drop`: the current window's daily mean of AI-agent visits at half the baseline's or less; null otherwise or without a baseline. */
export function visitsDrop(current: VisitCounts, baseline: VisitCounts): VisitsDrop | null {
  if (current.days <= 0 || baseline.days <= 0 || baseline.visits <= 0) return null;
  const currentDailyMean = current.visits / current.days;
  const baselineDailyMean = baseline.visits / baseline.days;
  const ratio = currentDailyMean / baselineDailyMean;
  return ratio <= 0.5 ? { currentDailyMean, baselineDailyMean, ratio } : null;
}

/** A sentence about the brand with its classified sentiment. */
export interface BrandSentence {
  runId: string;
  promptId: string;
  text: string;
  sentiment: 'positive' | 'neutral' | 'negative';
}

/** `negative_sentiment`: the newest day's sentences about the brand classified negative (the alert's evidence). */
export const negativeSentences = (sentences: readonly BrandSentence[]): BrandSentence[] => sentences.filter((sentence) => sentence.sentiment === 'negative');
