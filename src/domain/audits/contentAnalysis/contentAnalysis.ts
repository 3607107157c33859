import type { AuditDocument } from '../html/document.js';
import { textBlocks } from '../html/visibleText.js';
import { clarityAndAssertiveness } from './clarityAndAssertiveness.js';
import { semanticRepetition } from './semanticRepetition.js';
import { specificity } from './specificity.js';
import { contentRoot, summaryBlock } from './summaryBlock.js';
import type { MeasuredItem } from './text.js';

export interface ContentAnalysis {
  overallScore: number;
  analysis: {
    semanticRepetition: MeasuredItem;
    summaryBlock: MeasuredItem;
    clarityAndAssertiveness: MeasuredItem;
    specificity: MeasuredItem;
  };
}

/** The text of the page's content (main, else article, else body), one line per block. */
const contentText = (document: AuditDocument): string => textBlocks(document.$, false, contentRoot(document.$));

/** The four measures of how quotable the content is, and their mean (one decimal). */
export function analyzeContent(document: AuditDocument): ContentAnalysis {
  const text = contentText(document);
  const analysis = {
    semanticRepetition: semanticRepetition(text),
    summaryBlock: summaryBlock(document),
    clarityAndAssertiveness: clarityAndAssertiveness(text),
    specificity: specificity(text),
  };
  const scores = Object.values(analysis).map((item) => item.score);
  const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  return { overallScore: Math.round(mean * 10) / 10, analysis };
}
