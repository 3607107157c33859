import { MIN_WORDS, clampScore, quoteTally, tally, tooLittleText, wordsOf, type MeasuredItem } from './text.js';

/** Words that make a phrase repeat without repeating any idea ("of the", "in a"). */
const FUNCTION_WORDS = new Set(
  'a an and are as at be by can for from has have in is it its of on or our that the this to was we were will with you your'.split(' '),
);

/** Up to this share of repeated phrases is what any natural text has; from `SATURATED` on the score is 0. */
const NATURAL = 0.05;
const SATURATED = 0.35;

/**
 * How much the text says the same thing again: the share of its three-word phrases that repeat an earlier
 * one. Natural prose stays under 5%; padded or keyword-stuffed text climbs well above.
 */
export function semanticRepetition(text: string): MeasuredItem {
  const words = wordsOf(text.toLowerCase());
  if (words.length < MIN_WORDS) return tooLittleText(words.length, 'repetition');
  const phrases = words.slice(2).map((word, index) => `${words[index]} ${words[index + 1]} ${word}`);
  const counts = tally(phrases);
  const repeats = phrases.length - counts.length;
  const share = repeats / phrases.length;
  const score = clampScore(100 * (1 - (share - NATURAL) / (SATURATED - NATURAL)));
  const percent = `${Math.round(share * 100)}%`;
  if (repeats === 0) return { score, description: `None of the ${phrases.length} three-word phrases repeats.` };
  const telling = counts.filter(([phrase, times]) => times > 1 && phrase.split(' ').some((word) => !FUNCTION_WORDS.has(word)));
  const examples = telling.length > 0 ? `; most repeated: ${quoteTally(telling)}` : '';
  return { score, description: `${percent} of ${phrases.length} three-word phrases repeat an earlier one${examples}.` };
}
