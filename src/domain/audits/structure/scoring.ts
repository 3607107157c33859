import type { AuditDocument } from '../html/document.js';

/** One breakdown item: its maximum and how a page earns points toward it (0 when its element is absent). */
export interface BreakdownItem {
  maxScore: number;
  score: (document: AuditDocument) => number;
}

/** Points for a length: `bands` are [up to this length, points], tried in order; longer than all scores `beyond`. */
export function byLength(length: number, bands: ReadonlyArray<readonly [number, number]>, beyond: number): number {
  if (length === 0) return 0;
  for (const [upTo, points] of bands) if (length <= upTo) return points;
  return beyond;
}

/** Whitespace collapsed and trimmed. */
export const collapsed = (text: string): string => text.replace(/\s+/g, ' ').trim();

export const wordCount = (text: string): number => collapsed(text).split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/** `points` when `condition` holds, else 0: keeps point tables readable. */
export const when = (condition: boolean, points: number): number => (condition ? points : 0);
