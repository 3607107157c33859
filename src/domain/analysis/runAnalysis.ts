import { absentMatchIndices, leadingCueEnds, negationPositions } from './absence.js';
import type { CompiledDetection } from './detection.js';
import { findBrandMatches, type BrandMatch } from './matcher.js';
import { splitSentences, type Sentence } from './sentences.js';
import { classifySentence, type SentenceSentiment } from './sentiment.js';

/**
 * What counting reads of an answer besides its matches: its sentences, its negation cues, a sentence's leading
 * absence cues and its sentiment. Read from the text itself (`analyzeRun`) or from the run's stored text facts (`analyzeFacts`).
 */
export interface AnswerReading {
  /** The answer as analysed: accents composed. */
  text: string;
  sentences(): readonly Sentence[];
  negations(): readonly number[];
  /** `leadingCueEnds` of a sentence (offsets into it); asked only of a sentence with a negation position within. */
  leadingCueEnds(sentenceIndex: number): readonly number[];
  sentiment(sentenceIndex: number, matches: readonly BrandMatch[]): SentenceSentiment;
}

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
  return analyze(readText(content), detection, null);
}

/** The analysis of an answer whose sentences, cues and sentence words are read already: the same result. */
export const analyzeReading = (reading: AnswerReading, detection: CompiledDetection): RunAnalysis => analyze(reading, detection, null);

/** Composes decomposed accents: the text every offset of the analysis refers to. */
export const analysedText = (content: string): string => (COMBINING_MARK.test(content) ? content.normalize('NFC') : content);

/** The reading of `content` itself, each part read when first asked for. */
function readText(content: string): AnswerReading {
  const text = analysedText(content);
  let sentences: Sentence[] | null = null;
  let negations: number[] | null = null;
  const reading: AnswerReading = {
    text,
    sentences: () => (sentences ??= splitSentences(text)),
    negations: () => (negations ??= negationPositions(text)),
    leadingCueEnds: (sentenceIndex) => leadingCueEnds(text, reading.sentences()[sentenceIndex] as Sentence),
    sentiment: (sentenceIndex, matches) => {
      const sentence = reading.sentences()[sentenceIndex] as Sentence;
      return classifySentence(text, sentence.start, sentence.end, matches);
    },
  };
  return reading;
}

/**
 * The sentences behind the sentence counts of `analyzeRun`, in answer order: the evidence a user can read.
 * The same walk produces both, so the negative sentences listed for a brand are exactly its negative count.
 */
export function brandSentences(content: string, detection: CompiledDetection): BrandSentence[] {
  const collected: BrandSentence[] = [];
  analyze(readText(content), detection, collected);
  return collected;
}

function analyze(reading: AnswerReading, detection: CompiledDetection, collected: BrandSentence[] | null): RunAnalysis {
  const tallies: BrandTally[] = detection.brands.map(({ brand, isMainBrand }) => ({
    brand,
    isMainBrand,
    mentions: 0,
    firstMatchStart: -1,
    lastSentenceCounted: -1,
    sentences: { positive: 0, neutral: 0, negative: 0 },
  }));
  const matches = findBrandMatches(reading.text, detection.matcher);
  if (matches.length > 0) countMatches(reading, matches, tallies, collected);
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
function countMatches(reading: AnswerReading, matches: readonly BrandMatch[], tallies: BrandTally[], collected: BrandSentence[] | null): void {
  const sentences = reading.sentences();
  const negations = reading.negations();
  let next = 0;
  sentences.forEach((sentence, sentenceIndex) => {
    const first = next;
    while ((matches[next]?.start ?? Infinity) < sentence.end) next++;
    if (next === first) return;
    const inSentence = matches.slice(first, next);
    const absent = absentMatchIndices(reading.text, sentence, inSentence, negations, () => reading.leadingCueEnds(sentenceIndex));
    countSentence(reading, sentence, sentenceIndex, inSentence, absent, tallies, collected);
  });
}

function countSentence(
  reading: AnswerReading,
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
    sentiment ??= reading.sentiment(sentenceIndex, matches);
    tally.sentences[sentiment] += 1;
    collected?.push({ brandIndex: match.brandIndex, sentiment, text: reading.text.slice(sentence.start, sentence.end).trim() });
  });
}

function position(tally: BrandTally, all: readonly BrandTally[]): number | null {
  if (tally.firstMatchStart < 0) return null;
  const earlier = all.filter((other) => other.firstMatchStart >= 0 && other.firstMatchStart < tally.firstMatchStart);
  return 1 + earlier.length;
}
