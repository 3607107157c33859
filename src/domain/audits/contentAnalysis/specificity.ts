import { MIN_WORDS, clampScore, quoteTally, sentencesOf, tally, tooLittleText, wordsOf, type MeasuredItem } from './text.js';

/** Figures: amounts, percentages, counts, years, versions ("$25", "42%", "2024", "3.5x"). */
const FIGURE = /(?:[$€£¥]\s?)?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|percent\b|[kmb]\b|x\b|ms\b|gb\b|mb\b))?/giu;

/** Words that gesture at a quantity or a thing without naming it. */
const VAGUE = /\b(?:various|numerous|several|many|lots of|a lot|things|stuff|etc|very|really|quite)\b/giu;

const CAPITALIZED = /^\p{Lu}[\p{L}\p{N}-]+$/u;

/**
 * Capitalized words that do not open a sentence: names of products, people, places and organisations.
 * Only punctuated sentences count, since headings and labels capitalize every word.
 */
function namesIn(text: string): string[] {
  return sentencesOf(text)
    .filter((sentence) => /[.!?]["'”’)]*$/.test(sentence))
    .flatMap((sentence) => wordsOf(sentence).slice(1).filter((word) => CAPITALIZED.test(word)));
}

/** Eight concrete details per 100 words (a figure counts 1, a name ½) earn the full score. */
const FULL_DENSITY = 8;

/**
 * Concrete details over vague wording: figures and names per 100 words, less 6 points per vague word per
 * 100 words (at most 30).
 */
export function specificity(text: string): MeasuredItem {
  const totalWords = wordsOf(text).length;
  if (totalWords < MIN_WORDS) return tooLittleText(totalWords, 'specificity');
  const figures = tally((text.match(FIGURE) ?? []).map((figure) => figure.trim()));
  const names = tally(namesIn(text));
  const vague = tally((text.match(VAGUE) ?? []).map((word) => word.toLowerCase()));
  const countOf = (counts: Array<[string, number]>) => counts.reduce((sum, [, times]) => sum + times, 0);
  const per100Words = (amount: number) => (amount / totalWords) * 100;
  const density = per100Words(countOf(figures) + countOf(names) / 2);
  const score = clampScore((100 * density) / FULL_DENSITY - Math.min(30, per100Words(countOf(vague)) * 6));
  const listed = (label: string, counts: Array<[string, number]>) =>
    counts.length === 0 ? `no ${label}` : `${countOf(counts)} ${label} (e.g. ${quoteTally(counts)})`;
  return {
    score,
    description: `${listed('figures', figures)} and ${listed('capitalized names', names)} in ${totalWords} words; ${countOf(vague) === 0 ? 'no vague words' : `${countOf(vague)} vague words (${quoteTally(vague)})`}.`,
  };
}
