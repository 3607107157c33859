import { splitSentences } from '../../analysis/sentences.js';

/** Below this many words a text says too little for any content measure to mean something. */
export const MIN_WORDS = 30;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

/** Sentences of `text` (block lines end sentences too), without the fragments of fewer than three words. */
export function sentencesOf(text: string): string[] {
  return splitSentences(text)
    .map(({ start, end }) => text.slice(start, end))
    .filter((sentence) => wordsOf(sentence).length >= 3);
}

/** How often each value occurs, most frequent first, ties in order of first occurrence. */
export function tally(values: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** `"might" ×2, "perhaps"`: the first `limit` of a tally, quoted. */
export function quoteTally(counts: ReadonlyArray<[string, number]>, limit = 3): string {
  return counts
    .slice(0, limit)
    .map(([value, times]) => (times > 1 ? `"${value}" ×${times}` : `"${value}"`))
    .join(', ');
}

/** The opening of `text`, cut at a word boundary near `length` characters, for quoting in a description. */
export function excerpt(text: string, length = 90): string {
  if (text.length <= length) return `"${text}"`;
  const cut = text.slice(0, length);
  return `"${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2)).trimEnd()}…"`;
}

export const clampScore = (value: number): number => Math.round(Math.max(0, Math.min(100, value)));

/** The scored result of one content measure. */
export interface MeasuredItem {
  score: number;
  description: string;
}

export const tooLittleText = (words: number, measure: string): MeasuredItem => ({
  score: 0,
  description: `Only ${words} word${words === 1 ? '' : 's'} of text: too little to judge ${measure}.`,
});
