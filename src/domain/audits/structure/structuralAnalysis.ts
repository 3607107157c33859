import type { AuditDocument } from '../html/document.js';
import { CONTENT_ITEMS } from './content.js';
import { METADATA_ITEMS } from './metadata.js';
import type { BreakdownItem } from './scoring.js';
import { STRUCTURE_ITEMS } from './structure.js';
import { TECHNICAL_ITEMS } from './technical.js';

export const STRUCTURAL_CATEGORIES = {
  metadata: METADATA_ITEMS,
  technical: TECHNICAL_ITEMS,
  structure: STRUCTURE_ITEMS,
  content: CONTENT_ITEMS,
} as const;

export type StructuralCategory = keyof typeof STRUCTURAL_CATEGORIES;

/**
 * Weights of the overall score: structure and content weigh most because they are what answer engines
 * extract and quote; metadata and technical signals decide whether and how a page is picked up.
 */
export const STRUCTURAL_WEIGHTS: Record<StructuralCategory, number> = {
  metadata: 0.2,
  technical: 0.2,
  structure: 0.3,
  content: 0.3,
};

export interface ScoredItem {
  maxScore: number;
  score: number;
}

export interface CategoryResult<Item extends string = string> {
  score: number;
  breakdown: Record<Item, ScoredItem>;
}

export type StructuralAnalysis = {
  overallScore: number;
  categoryScores: Record<StructuralCategory, number>;
} & {
  [Category in StructuralCategory]: CategoryResult<keyof (typeof STRUCTURAL_CATEGORIES)[Category] & string>;
};

function scoreCategory<Item extends string>(items: Record<Item, BreakdownItem>, document: AuditDocument): CategoryResult<Item> {
  const breakdown = {} as Record<Item, ScoredItem>;
  let score = 0;
  for (const [name, item] of Object.entries(items) as Array<[Item, BreakdownItem]>) {
    const itemScore = Math.max(0, Math.min(item.maxScore, item.score(document)));
    breakdown[name] = { maxScore: item.maxScore, score: itemScore };
    score += itemScore;
  }
  return { score, breakdown };
}

/** Item scores are whole points; the weighted mean keeps one decimal. */
const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

/** The four categories of the page, each the sum of its items, and their weighted mean. */
export function analyzeStructure(document: AuditDocument): StructuralAnalysis {
  const metadata = scoreCategory(METADATA_ITEMS, document);
  const technical = scoreCategory(TECHNICAL_ITEMS, document);
  const structure = scoreCategory(STRUCTURE_ITEMS, document);
  const content = scoreCategory(CONTENT_ITEMS, document);
  const categoryScores = { metadata: metadata.score, technical: technical.score, structure: structure.score, content: content.score };
  const overallScore = oneDecimal(
    (Object.keys(categoryScores) as StructuralCategory[]).reduce(
      (sum, category) => sum + STRUCTURAL_WEIGHTS[category] * categoryScores[category],
      0,
    ),
  );
  return { overallScore, categoryScores, metadata, technical, structure, content };
}
