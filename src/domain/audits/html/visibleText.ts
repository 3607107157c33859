import { load, type Cheerio, type CheerioAPI } from 'cheerio';

/** A DOM node as cheerio holds it (its node types live in domhandler, which cheerio does not re-export). */
type AnyNode = ReturnType<ReturnType<CheerioAPI['root']>['contents']> extends Cheerio<infer Node> ? Node : never;
type ElementNode = Extract<AnyNode, { attribs: Record<string, string> }>;

/** A cheerio selection of elements, as `$('main')` gives. */
export type Elements = Cheerio<ElementNode>;

/** Elements whose contents a reader never sees as text. */
const NEVER_SHOWN = new Set(['head', 'script', 'style', 'template', 'iframe', 'object', 'svg', 'canvas', 'select', 'datalist']);

/** Elements that start a new line of text: their text never runs into their neighbours'. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'fieldset', 'figcaption',
  'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p',
  'pre', 'section', 'summary', 'table', 'td', 'th', 'tr', 'ul', 'caption', 'noscript', 'body', 'html', 'title',
]);

const HIDDEN_BY_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

function isHidden(node: ElementNode, scriptingEnabled: boolean): boolean {
  const name = node.name.toLowerCase();
  if (NEVER_SHOWN.has(name) || (scriptingEnabled && name === 'noscript')) return true;
  const attributes = node.attribs;
  return 'hidden' in attributes || HIDDEN_BY_STYLE.test(attributes.style ?? '');
}

function collectText(nodes: AnyNode[], scriptingEnabled: boolean, parts: string[]): void {
  for (const node of nodes) {
    if (node.type === 'text') parts.push(node.data);
    if (node.type !== 'tag') continue;
    if (isHidden(node, scriptingEnabled)) continue;
    const block = BLOCKS.has(node.name.toLowerCase());
    if (block) parts.push('\n');
    collectText(node.children, scriptingEnabled, parts);
    if (block) parts.push('\n');
  }
}

/**
 * The text a reader sees in the body (or in `root`), one line per block, spaces within a line collapsed.
 * Styles from stylesheets are not applied, so both sides of a static/rendered comparison are read alike.
 */
export function textBlocks($: CheerioAPI, scriptingEnabled: boolean, root: Elements = $('body')): string {
  const parts: string[] = [];
  collectText(root.toArray(), scriptingEnabled, parts);
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The visible text of a page, whitespace collapsed to single spaces. `scriptingEnabled` says whether the
 * reader runs JavaScript: without it the contents of `<noscript>` are shown, with it they are not.
 */
export function visibleText(html: string, scriptingEnabled: boolean): string {
  const $ = load(html, { scriptingEnabled });
  return textBlocks($, scriptingEnabled).replace(/\n/g, ' ');
}
