import type { AuditDocument } from '../html/document.js';
import { textBlocks } from '../html/visibleText.js';
import { dataTables, paragraphWordCounts } from './structure.js';
import { when, wordCount, type BreakdownItem } from './scoring.js';

/** Images that show something: a src, and not a 1×1 tracking pixel. */
const contentImages = ({ $ }: AuditDocument) =>
  $('img[src]').filter((_, image) => !($(image).attr('width') === '1' && $(image).attr('height') === '1'));

/** Rich elements besides images, each kind counted once. */
const RICH_KINDS: Record<string, (document: AuditDocument) => boolean> = {
  dataTable: (document) => dataTables(document).length > 0,
  captionedFigure: ({ $ }) => $('figure figcaption').length > 0,
  media: ({ $ }) => $('video, audio, iframe[src], embed[src]').length > 0,
  quotation: ({ $ }) => $('blockquote, q').length > 0,
  code: ({ $ }) => $('pre, code').length > 0,
  definitionList: ({ $ }) => $('dl dt').length > 0,
  emphasis: ({ $ }) => $('strong, b, em, mark').length > 0,
};

/**
 * Images (10), their alt text (10 × the share that has it) and up to five kinds of other rich elements, 8
 * each: a page need not use every kind to score in full.
 */
export function richContentElementsScore(document: AuditDocument): number {
  const images = contentImages(document).toArray();
  const described = images.filter((image) => (document.$(image).attr('alt') ?? '').trim() !== '').length;
  const imagePoints = images.length === 0 ? 0 : 10 + Math.round((10 * described) / images.length);
  const kinds = Object.values(RICH_KINDS).filter((present) => present(document)).length;
  return imagePoints + Math.min(40, 8 * kinds);
}

/** The kinds of content blocks a page mixes. */
const BLOCK_KINDS: Record<string, (document: AuditDocument) => boolean> = {
  paragraphs: (document) => paragraphWordCounts(document).length > 0,
  subheadings: ({ $ }) => $('h2, h3, h4, h5, h6').length > 0,
  lists: ({ $ }) => $('ul li, ol li, dl dt').length > 0,
  tables: ({ $ }) => $('table').length > 0,
  images: (document) => contentImages(document).length > 0,
  quotations: ({ $ }) => $('blockquote').length > 0,
  code: ({ $ }) => $('pre').length > 0,
  media: ({ $ }) => $('video, audio, iframe[src]').length > 0,
};

/** Links by whether they stay on the page's host. */
function linkDestinations({ $, url }: AuditDocument): { internal: number; outbound: number } {
  const host = new URL(url).host;
  let internal = 0;
  let outbound = 0;
  for (const link of $('a[href]').toArray()) {
    const href = $(link).attr('href') ?? '';
    let target: URL;
    try {
      target = new URL(href, url);
    } catch {
      continue;
    }
    if (!target.protocol.startsWith('http')) continue;
    if (target.host === host) internal += 1;
    else outbound += 1;
  }
  return { internal, outbound };
}

/**
 * Five points per kind of block used (up to 25), links inward and outward (sources to check), and enough
 * words to cover a subject (300 or more; 150 earn part).
 */
export function contentVarietyScore(document: AuditDocument): number {
  const kinds = Object.values(BLOCK_KINDS).filter((present) => present(document)).length;
  const links = linkDestinations(document);
  const words = wordCount(textBlocks(document.$, false));
  return Math.min(25, 5 * kinds) + when(links.outbound > 0, 5) + when(links.internal > 0, 5) + (words >= 300 ? 5 : words >= 150 ? 3 : 0);
}

export const CONTENT_ITEMS = {
  richContentElements: { maxScore: 60, score: richContentElementsScore },
  contentVariety: { maxScore: 40, score: contentVarietyScore },
} satisfies Record<string, BreakdownItem>;
