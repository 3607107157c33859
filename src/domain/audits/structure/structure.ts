import type { AuditDocument } from '../html/document.js';
import { collapsed, when, wordCount, type BreakdownItem } from './scoring.js';

/** Lists of two items or more; a one-item list structures nothing. */
const realLists = ({ $ }: AuditDocument) => $('ul, ol').filter((_, list) => $(list).children('li').length >= 2);

/** Tables with header cells: data tables rather than layout. */
export const dataTables = ({ $ }: AuditDocument) => $('table').filter((_, table) => $(table).find('th').length > 0);

/** A first list earns most; a second list or a definition list, and a data table, complete it. */
export function listsAndStructuredContentScore(document: AuditDocument): number {
  const lists = realLists(document).length;
  const definitionLists = document.$('dl').filter((_, list) => document.$(list).children('dt').length > 0).length;
  return when(lists >= 1 || definitionLists >= 1, 10) + when(lists + definitionLists >= 2, 4) + when(dataTables(document).length > 0, 6);
}

/** Paragraph word counts, for paragraphs of ten words or more (shorter ones are captions or labels). */
export const paragraphWordCounts = ({ $ }: AuditDocument): number[] =>
  $('p')
    .toArray()
    .map((paragraph) => wordCount($(paragraph).text()))
    .filter((words) => words >= 10);

/** Several real paragraphs, none of them a wall of text (over 150 words) that answers cannot quote whole. */
export function paragraphStructureScore(document: AuditDocument): number {
  const paragraphs = paragraphWordCounts(document);
  if (paragraphs.length === 0) return 0;
  return 5 + when(paragraphs.length >= 3, 5) + when(paragraphs.every((words) => words <= 150), 5);
}

/**
 * One h1, sections under h2, levels that never skip one going down (h2 then h4) and no empty heading.
 * A page without headings scores 0.
 */
export function headingHierarchyScore({ $ }: AuditDocument): number {
  const headings = $('h1, h2, h3, h4, h5, h6')
    .toArray()
    .map((heading) => ({ level: Number(heading.tagName.slice(1)), text: collapsed($(heading).text()) }));
  if (headings.length === 0) return 0;
  const h1s = headings.filter((heading) => heading.level === 1).length;
  const neverSkips = headings.every((heading, index) => heading.level <= (headings[index - 1]?.level ?? 0) + 1);
  return (
    (h1s === 1 ? 10 : h1s > 1 ? 5 : 0) +
    when(headings.some((heading) => heading.level === 2), 5) +
    when(neverSkips, 10) +
    when(headings.every((heading) => heading.text !== ''), 5)
  );
}

/** HTML5 landmarks and sectioning elements, by how much they tell a parser where the content is. */
export function semanticElementsScore({ $ }: AuditDocument): number {
  const has = (selector: string) => $(selector).length > 0;
  return (
    when(has('main, [role="main"]'), 7) +
    when(has('article'), 6) +
    when(has('section'), 4) +
    when(has('header'), 3) +
    when(has('footer'), 3) +
    when(has('aside, figure, time, address'), 2)
  );
}

const BREADCRUMB = '[aria-label*="breadcrumb" i], [class*="breadcrumb" i], [itemtype*="BreadcrumbList" i]';

/** A nav landmark, links in it, and a breadcrumb trail (markup or BreadcrumbList JSON-LD). */
export function navigationStructureScore({ $ }: AuditDocument): number {
  const navs = $('nav, [role="navigation"]');
  const breadcrumbJsonLd = $('script[type="application/ld+json" i]')
    .toArray()
    .some((script) => /"BreadcrumbList"/.test($(script).text()));
  return when(navs.length > 0, 5) + when(navs.find('a[href]').length >= 2, 3) + when($(BREADCRUMB).length > 0 || breadcrumbJsonLd, 2);
}

export const STRUCTURE_ITEMS = {
  listsAndStructuredContent: { maxScore: 20, score: listsAndStructuredContentScore },
  paragraphStructure: { maxScore: 15, score: paragraphStructureScore },
  headingHierarchy: { maxScore: 30, score: headingHierarchyScore },
  semanticElements: { maxScore: 25, score: semanticElementsScore },
  navigationStructure: { maxScore: 10, score: navigationStructureScore },
} satisfies Record<string, BreakdownItem>;
