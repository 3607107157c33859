import { MIN_WORDS, clampScore, quoteTally, sentencesOf, tally, tooLittleText, wordsOf, type MeasuredItem } from './text.js';

/** Words and phrases that hedge a claim instead of making it. */
const HEDGES =
  /\b(?:might|perhaps|possibly|probably|maybe|arguably|somewhat|seemingly|presumably|apparently|it seems|seems to|appears to|could be|may be|may have|i think|we think|i believe|we believe|sort of|kind of|to some extent|in some cases)\b/giu;

/** Readers and answer engines follow sentences of up to about 20 words; past 30 one is hard to quote. */
const COMFORTABLE_SENTENCE = 20;
const LONG_SENTENCE = 30;

/**
 * Short sentences and few hedges: 100 less 3 points per word of average sentence length over 20 (at most
 * 40), up to 20 for the share of sentences over 30 words, and 10 per hedge per 100 words (at most 40).
 */
export function clarityAndAssertiveness(text: string): MeasuredItem {
  const totalWords = wordsOf(text).length;
  const sentences = sentencesOf(text);
  if (totalWords < MIN_WORDS || sentences.length === 0) return tooLittleText(totalWords, 'clarity');
  const lengths = sentences.map((sentence) => wordsOf(sentence).length);
  const average = lengths.reduce((sum, length) => sum + length, 0) / lengths.length;
  const long = lengths.filter((length) => length > LONG_SENTENCE).length;
  const hedges = tally((text.match(HEDGES) ?? []).map((hedge) => hedge.toLowerCase()));
  const hedgeCount = hedges.reduce((sum, [, times]) => sum + times, 0);
  const score = clampScore(
    100 -
      Math.min(40, Math.max(0, average - COMFORTABLE_SENTENCE) * 3) -
      Math.min(20, (long / lengths.length) * 40) -
      Math.min(40, (hedgeCount / totalWords) * 100 * 10),
  );
  const hedging = hedgeCount === 0 ? 'no hedges' : `${hedgeCount} hedge${hedgeCount === 1 ? '' : 's'} (${quoteTally(hedges)})`;
  return {
    score,
    description:
      `Average sentence ${average.toFixed(1)} words over ${lengths.length} sentences, ${long} over ${LONG_SENTENCE} words; ` +
      `${hedging} in ${totalWords} words.`,
  };
}
