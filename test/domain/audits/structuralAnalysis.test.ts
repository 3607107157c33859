import { describe, expect, test } from '@jest/globals';
import {
  analyzeStructure,
  STRUCTURAL_CATEGORIES,
  STRUCTURAL_WEIGHTS,
  type StructuralAnalysis,
  type StructuralCategory,
} from '../../../src/domain/audits/index.js';
import { ARTICLE_PAGE, BARE_PAGE, CHALLENGE_PAGE, SPA_PAGE } from '../../support/fixtureSites/pages.js';
import { documentOf } from './support.js';

const CATEGORIES = Object.keys(STRUCTURAL_CATEGORIES) as StructuralCategory[];

/** The invariants every analysis keeps, whatever the page. */
function expectConsistent(analysis: StructuralAnalysis): void {
  for (const category of CATEGORIES) {
    const { score, breakdown } = analysis[category];
    const items = Object.values(breakdown);
    for (const item of items) {
      expect(item.score).toBeGreaterThanOrEqual(0);
      expect(item.score).toBeLessThanOrEqual(item.maxScore);
    }
    expect(score).toBe(items.reduce((sum, item) => sum + item.score, 0));
    expect(analysis.categoryScores[category]).toBe(score);
  }
  const weighted = CATEGORIES.reduce((sum, category) => sum + STRUCTURAL_WEIGHTS[category] * analysis.categoryScores[category], 0);
  expect(analysis.overallScore).toBeCloseTo(weighted, 1);
}

describe('analyzeStructure', () => {
  test('has the breakdown items and maxScores, each category adding up to 100', () => {
    const maxScores = Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        Object.fromEntries(Object.entries(analyzeStructure(documentOf(BARE_PAGE))[category].breakdown).map(([item, { maxScore }]) => [item, maxScore])),
      ]),
    );
    expect(maxScores).toEqual({
      metadata: { titleTag: 30, openGraphTags: 15, metaDescription: 30, structuredData: 25 },
      technical: { mobileFriendlyIndicators: 30, validHtmlStructure: 40, robotsAndCrawling: 20, languageDeclaration: 10 },
      structure: { listsAndStructuredContent: 20, paragraphStructure: 15, headingHierarchy: 30, semanticElements: 25, navigationStructure: 10 },
      content: { richContentElements: 60, contentVariety: 40 },
    });
  });

  test('weights the categories with weights that sum to 1', () => {
    expect(Object.keys(STRUCTURAL_WEIGHTS).sort()).toEqual([...CATEGORIES].sort());
    expect(Object.values(STRUCTURAL_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1, 10);
  });

  test.each([
    ['the article', ARTICLE_PAGE],
    ['the bare page', BARE_PAGE],
    ['the single-page app shell', SPA_PAGE],
    ['the challenge page', CHALLENGE_PAGE],
    ['an empty document', ''],
  ])('keeps every item within its maxScore and every sum consistent for %s', (_name, html) => {
    expectConsistent(analyzeStructure(documentOf(html)));
  });

  test('scores a well-structured article above 80 and a bare page below 30', () => {
    const article = analyzeStructure(documentOf(ARTICLE_PAGE));
    const bare = analyzeStructure(documentOf(BARE_PAGE));
    expect(article.overallScore).toBeGreaterThan(80);
    expect(bare.overallScore).toBeLessThan(30);
    for (const category of CATEGORIES) expect(article.categoryScores[category]).toBeGreaterThan(bare.categoryScores[category]);
  });

  test('scores an empty document 0 everywhere', () => {
    const empty = analyzeStructure(documentOf(''));
    expect(empty.overallScore).toBe(0);
    expect(empty.categoryScores).toEqual({ metadata: 0, technical: 0, structure: 0, content: 0 });
  });

  test('ranks the single-page app shell, whose content needs JavaScript, far below the article', () => {
    expect(analyzeStructure(documentOf(SPA_PAGE)).overallScore).toBeLessThan(30);
  });
});
