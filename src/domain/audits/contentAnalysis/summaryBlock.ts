import type { CheerioAPI } from 'cheerio';
import type { AuditDocument } from '../html/document.js';
import { textBlocks, type Elements } from '../html/visibleText.js';
import { excerpt, wordsOf, type MeasuredItem } from './text.js';

const SUMMARY_HEADING =
  /\b(?:summary|key takeaways?|takeaways|tl;?dr|at a glance|in (?:brief|short)|quick answer|bottom line|overview|highlights)\b/i;
const SUMMARY_NAME = /summary|tl-?dr|takeaway|key-?points|abstract/i;
const SUMMARY_OPENING = /^(?:tl;?dr|in short|in summary|summary|bottom line|the short answer)\b/i;

/** Where the content is: main, else the first article, else the body. */
export function contentRoot($: CheerioAPI): Elements {
  for (const selector of ['main', '[role="main"]', 'article']) {
    const found = $('body').find(selector).first();
    if (found.length > 0) return found;
  }
  return $('body');
}

interface SummaryCandidate {
  label: string;
  text: string;
}

function summaryUnderHeading($: CheerioAPI): SummaryCandidate | null {
  const heading = $('h2, h3, h4')
    .filter((_, element) => SUMMARY_HEADING.test($(element).text()))
    .first();
  if (heading.length === 0) return null;
  const text = textBlocks($, false, heading.nextUntil('h1, h2, h3, h4, h5, h6'));
  return text === '' ? null : { label: `under the heading "${heading.text().trim()}"`, text };
}

function summaryByName($: CheerioAPI): SummaryCandidate | null {
  const nameOf = (element: Elements) => `${element.attr('class') ?? ''} ${element.attr('id') ?? ''}`;
  const named = $('[class], [id]')
    .not('html, body, main')
    .filter((_, element) => SUMMARY_NAME.test(nameOf($(element))))
    .first();
  const text = named.length > 0 ? textBlocks($, false, named) : '';
  return text === '' ? null : { label: `in a block marked "${SUMMARY_NAME.exec(nameOf(named))?.[0]}"`, text };
}

function summaryByOpening($: CheerioAPI): SummaryCandidate | null {
  const opening = $('p')
    .filter((_, element) => SUMMARY_OPENING.test($(element).text().trim()))
    .first();
  return opening.length === 0 ? null : { label: 'in a paragraph that opens as one', text: textBlocks($, false, opening) };
}

/** A block the page itself presents as its summary: by heading, by class or id, or by its opening words. */
const explicitSummary = ($: CheerioAPI): SummaryCandidate | null =>
  summaryUnderHeading($) ?? summaryByName($) ?? summaryByOpening($);

/** The first paragraph of the content, the lead that serves as a summary when the page has no explicit one. */
function leadParagraph($: CheerioAPI): string {
  const paragraph = contentRoot($)
    .find('p')
    .filter((_, element) => wordsOf($(element).text()).length > 0)
    .first();
  return paragraph.length > 0 ? textBlocks($, false, paragraph) : '';
}

/**
 * Whether the page states its point up front, as answers quote it: an explicit summary of 15 to 150 words
 * scores 100; without one, a lead paragraph of 20 to 80 words is the next best thing.
 */
export function summaryBlock({ $ }: AuditDocument): MeasuredItem {
  const explicit = explicitSummary($);
  if (explicit !== null) {
    const words = wordsOf(explicit.text).length;
    const score = words < 15 ? 60 : words <= 150 ? 100 : 70;
    return { score, description: `Summary ${explicit.label} (${words} words): ${excerpt(explicit.text.replace(/\n/g, ' '))}.` };
  }
  const lead = leadParagraph($);
  const words = wordsOf(lead).length;
  if (words === 0) return { score: 0, description: 'No summary block and no lead paragraph.' };
  const score = words < 10 ? 0 : words < 20 ? 30 : words <= 80 ? 70 : words <= 150 ? 40 : 0;
  return { score, description: `No explicit summary; the lead paragraph (${words} words) ${score >= 70 ? 'serves as one' : 'is a weak stand-in'}: ${excerpt(lead)}.` };
}
