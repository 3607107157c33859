import { absentMatchIndices, negationPositions } from './absence.js';
import type { CompiledDetection } from './detection.js';
import { findBrandMatches, type BrandMatch } from './matcher.js';
import { splitSentences, type Sentence } from './sentences.js';
import { classifySentence, type SentenceSentiment } from './sentiment.js';

/** Sentences that mention a brand, by their sentiment. */
export type SentenceCounts = Record<SentenceSentiment, number>;

export interface BrandRunResult {
  brand: string;
  isMainBrand: boolean;
  /** Counted matches: absence statements excluded. */
  mentions: number;
  /** 1 + the number of other tracked brands first matched earlier; null when not mentioned. */
  position: number | null;
  sentences: SentenceCounts;
}

/** What one answer says about the tracked brands, in the order of `CompiledDetection.brands`. */
export interface RunAnalysis {
  brands: BrandRunResult[];
}

interface BrandTally {
  brand: string;
  isMainBrand: boolean;
  mentions: number;
  firstMatchStart: number;
  lastSentenceCounted: number;
  sentences: SentenceCounts;
}

/** One sentence that counts toward a brand's sentence sentiment, as `analyzeRun` counted it. */
export interface BrandSentence {
  /** Index in the tracked brands, as in `RunAnalysis.brands`. */
  brandIndex: number;
  sentiment: SentenceSentiment;
  /** The sentence as it appears in the answer (accents composed), trimmed. */
  text: string;
}

/** Decomposed accents would defeat matching against names typed precomposed; most answers have none. */
const COMBINING_MARK = /\p{M}/u;

export function analyzeRun(content: string, detection: CompiledDetection): RunAnalysis {
  return analyze(content, detection, null);
}

/**
 * The sentences behind the sentence counts of `analyzeRun`, in answer order: the evidence a user can read.
 * The same walk produces both, so the negative sentences listed for a brand are exactly its negative count.
 */
export function brandSentences(content: string, detection: CompiledDetection): BrandSentence[] {
  const collected: BrandSentence[] = [];
  analyze(content, detection, collected);
  return collected;
}

function analyze(content: string, detection: CompiledDetection, collected: BrandSentence[] | null): RunAnalysis {
  const text = COMBINING_MARK.test(content) ? content.normalize('NFC') : content;
  const tallies: BrandTally[] = detection.brands.map(({ brand, isMainBrand }) => ({
    brand,
    isMainBrand,
    mentions: 0,
    firstMatchStart: -1,
    lastSentenceCounted: -1,
    sentences: { positive: 0, neutral: 0, negative: 0 },
  }));
  const matches = findBrandMatches(text, detection.matcher);
  if (matches.length > 0) countMatches(text, matches, tallies, collected);
  return {
    brands: tallies.map((tally) => ({
      brand: tally.brand,
      isMainBrand: tally.isMainBrand,
      mentions: tally.mentions,
      position: position(tally, tallies),
      sentences: tally.sentences,
    })),
  };
}

/** Matches are in text order, so one walk pairs each with its sentence. */
function countMatches(text: string, matches: readonly BrandMatch[], tallies: BrandTally[], collected: BrandSentence[] | null): void {
  const sentences = splitSentences(text);
  const negations = negationPositions(text);
  let next = 0;
  sentences.forEach((sentence, sentenceIndex) => {
    const first = next;
    while ((matches[next]?.start ?? Infinity) < sentence.end) next++;
    if (next === first) return;
    const inSentence = matches.slice(first, next);
    const absent = absentMatchIndices(text, sentence, inSentence, negations);
    countSentence(text, sentence, sentenceIndex, inSentence, absent, tallies, collected);
  });
}

function countSentence(
  text: string,
  sentence: Sentence,
  sentenceIndex: number,
  matches: readonly BrandMatch[],
  absent: readonly number[],
  tallies: BrandTally[],
  collected: BrandSentence[] | null,
): void {
  let sentiment: SentenceSentiment | null = null;
  matches.forEach((match, index) => {
    const tally = tallies[match.brandIndex];
    if (tally === undefined || absent.includes(index)) return;
    tally.mentions += 1;
    if (tally.firstMatchStart < 0) tally.firstMatchStart = match.start;
    if (tally.lastSentenceCounted === sentenceIndex) return;
    tally.lastSentenceCounted = sentenceIndex;
    sentiment ??= classifySentence(text, sentence.start, sentence.end, matches);
    tally.sentences[sentiment] += 1;
    collected?.push({ brandIndex: match.brandIndex, sentiment, text: text.slice(sentence.start, sentence.end).trim() });
  });
}

function position(tally: BrandTally, all: readonly BrandTally[]): number | null {
  if (tally.firstMatchStart < 0) return null;
  const earlier = all.filter((other) => other.firstMatchStart >= 0 && other.firstMatchStart < tally.firstMatchStart);
  return 1 + earlier.length;
}
