/**
 * Sentence sentiment on the AFINN-165 lexicon shipped with the `sentiment` package, with its English negators.
 * The package's own `analyze` is not called: its `extras` option is merged into the shared lexicon
 * (`Object.assign(labels, extras)`), leaking words across callers, and it builds a per-word breakdown that
 * nothing here reads. The scoring is the package's: sum of word scores, a negator flips what follows it
 * (here reaching three words instead of one).
 */
import { createRequire } from 'node:module';
import { cutsWord, segmentedScore, SentimentLexicon, type LexiconEntry } from './sentimentLexicon.js';

export type SentenceSentiment = 'positive' | 'neutral' | 'negative';

const require = createRequire(import.meta.url);
const afinn = require('sentiment/languages/en/labels.json') as Record<string, number>;
const packageNegators = require('sentiment/languages/en/negators.json') as Record<string, number>;

/**
 * How answers about products read. AFINN scores tweets: "like" (as in "tools like Acme"), "support",
 * "free" (plan), "share" (market share), "pay", "no" describe products neutrally here, while review words
 * such as "expensive", "clunky" or "intuitive" are missing from it.
 */
const PRODUCT_VOCABULARY: Record<string, number> = {
  like: 0, likes: 0, support: 0, supports: 0, supported: 0, supporting: 0, help: 0, helps: 0, helping: 0,
  free: 0, share: 0, shares: 0, shared: 0, pay: 0, no: 0, want: 0, alert: 0, alerts: 0, block: 0, blocks: 0,
  demand: 0, demands: 0, matter: 0, matters: 0, cut: 0, cuts: 0, charges: 0, charged: 0, risk: 0,
  easy: 2, easier: 2, intuitive: 2, 'user-friendly': 2, versatile: 2, flexible: 2, scalable: 1, fast: 1,
  faster: 1, efficient: 2, standout: 2, ideal: 2, leader: 2, 'feature-rich': 2, streamlined: 2, polished: 2,
  favorite: 2, favourite: 2, excels: 3, excel: 2, praised: 3, loved: 3,
  expensive: -2, pricey: -2, overpriced: -3, costly: -2, clunky: -2, buggy: -2, bugs: -2, bug: -1, slow: -2,
  slower: -1, outdated: -2, dated: -1, steep: -2, drawback: -2, drawbacks: -2, downside: -2, downsides: -2,
  lacks: -2, lacking: -2, limitations: -2, cumbersome: -2, complicated: -2, complex: -1, unreliable: -2,
  crashes: -2, glitches: -2, glitchy: -2, unintuitive: -2, overwhelming: -1, issues: -1, concerns: -1,
};

const NEGATORS = [
  ...Object.keys(packageNegators),
  'never', 'no', 'without', 'hardly', 'neither', 'nor', "aren't", "wasn't", "weren't", "didn't", "couldn't",
  "shouldn't", "wouldn't", "hasn't", "haven't", 'cannot',
];

const LEXICON = new SentimentLexicon([
  ...Object.entries(afinn).map(([word, score]): LexiconEntry => ({ word, score, role: 'score' })),
  ...Object.entries(PRODUCT_VOCABULARY).map(([word, score]): LexiconEntry => ({ word, score, role: 'score' })),
  ...NEGATORS.map((word): LexiconEntry => ({ word, score: 0, role: 'negator' })),
  { word: 'but', score: 0, role: 'contrast' },
]);

/**
 * One word score of 2 or more decides; weak words alone ("limited", "clear") leave a factual sentence neutral.
 */
const THRESHOLD = 2;

interface Span {
  start: number;
  end: number;
}

/**
 * The sentiment of `text` between `start` and `end` (the whole text by default), leaving out the `names`
 * spans (in text order) so that a brand called "Best Buy" or "Bliss" does not colour every sentence naming it.
 */
export function classifySentence(
  text: string,
  start = 0,
  end = text.length,
  names: readonly Span[] = [],
): SentenceSentiment {
  let score = 0;
  let segmentStart = start;
  for (const name of names) {
    score += LEXICON.score(text, segmentStart, name.start);
    segmentStart = name.end;
  }
  score += LEXICON.score(text, segmentStart, end);
  return sentimentOf(score);
}

function sentimentOf(score: number): SentenceSentiment {
  if (score >= THRESHOLD) return 'positive';
  if (score <= -THRESHOLD) return 'negative';
  return 'neutral';
}

/** The lexicon words of `text` between `start` and `end`, appended to `into` (`LEXICON_WORD_SIZE` numbers each). */
export const lexiconWords = (text: string, start: number, end: number, into: number[]): void => LEXICON.lexiconWords(text, start, end, into);

/**
 * `classifySentence(text, start, end, names)` from the sentence's `lexiconWords` (`words[from..to)`), without
 * reading its words again; when a name cuts a word, the sentence is read again.
 */
export function classifyFromWords(
  words: readonly number[],
  from: number,
  to: number,
  text: string,
  sentence: Span,
  names: readonly Span[],
): SentenceSentiment {
  if (names.some(({ start, end }) => cutsWord(text, start) || cutsWord(text, end))) {
    return classifySentence(text, sentence.start, sentence.end, names);
  }
  return sentimentOf(segmentedScore(words, from, to, names));
}
