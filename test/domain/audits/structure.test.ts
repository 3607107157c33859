import { describe, expect, test } from '@jest/globals';
import {
  headingHierarchyScore,
  listsAndStructuredContentScore,
  navigationStructureScore,
  paragraphStructureScore,
  semanticElementsScore,
} from '../../../src/domain/audits/structure/structure.js';
import { pageWith, words } from './support.js';

const paragraph = (count: number) => `<p>${words(count)}</p>`;

describe('listsAndStructuredContent (max 20)', () => {
  const list = '<ul><li>a</li><li>b</li></ul>';
  test.each([
    ['no lists or tables', 0, '<p>text</p>'],
    ['a one-item list', 0, '<ul><li>a</li></ul>'],
    ['one list', 10, list],
    ['two lists', 14, list + '<ol><li>1</li><li>2</li></ol>'],
    ['a definition list', 10, '<dl><dt>term</dt><dd>meaning</dd></dl>'],
    ['a list and a definition list', 14, list + '<dl><dt>term</dt><dd>meaning</dd></dl>'],
    ['a data table', 6, '<table><tr><th>h</th></tr><tr><td>d</td></tr></table>'],
    ['a layout table without header cells', 0, '<table><tr><td>d</td></tr></table>'],
    ['two lists and a data table', 20, list + list + '<table><tr><th>h</th></tr></table>'],
  ])('%s scores %i', (_name, score, body) => {
    expect(listsAndStructuredContentScore(pageWith({ body }))).toBe(score);
  });
});

describe('paragraphStructure (max 15)', () => {
  test.each([
    ['no paragraphs', 0, '<div>text</div>'],
    ['only short paragraphs (under 10 words)', 0, paragraph(9)],
    ['one real paragraph', 10, paragraph(40)],
    ['three real paragraphs', 15, paragraph(40) + paragraph(60) + paragraph(20)],
    ['three paragraphs, one a wall of text', 10, paragraph(40) + paragraph(200) + paragraph(20)],
    ['a single wall of text', 5, paragraph(151)],
  ])('%s scores %i', (_name, score, body) => {
    expect(paragraphStructureScore(pageWith({ body }))).toBe(score);
  });
});

describe('headingHierarchy (max 30)', () => {
  test.each([
    ['no headings', 0, '<p>text</p>'],
    ['one h1', 25, '<h1>Title</h1>'],
    ['h1 then h2 and h3', 30, '<h1>T</h1><h2>A</h2><h3>a</h3><h2>B</h2>'],
    ['two h1', 25, '<h1>T</h1><h1>U</h1><h2>A</h2>'],
    ['no h1', 10, '<h2>A</h2><h3>a</h3>'],
    ['a skipped level (h2 then h4)', 20, '<h1>T</h1><h2>A</h2><h4>a</h4>'],
    ['an empty heading', 25, '<h1>T</h1><h2>A</h2><h2> </h2>'],
    ['going back up several levels', 30, '<h1>T</h1><h2>A</h2><h3>a</h3><h4>i</h4><h2>B</h2>'],
  ])('%s scores %i', (_name, score, body) => {
    expect(headingHierarchyScore(pageWith({ body }))).toBe(score);
  });
});

describe('semanticElements (max 25)', () => {
  test.each([
    ['only divs', 0, '<div><div>text</div></div>'],
    ['main', 7, '<main>text</main>'],
    ['role="main"', 7, '<div role="main">text</div>'],
    ['article', 6, '<article>text</article>'],
    ['section', 4, '<section>text</section>'],
    ['header and footer', 6, '<header>h</header><footer>f</footer>'],
    ['time', 2, '<time datetime="2024-01-01">1 Jan</time>'],
    [
      'every landmark',
      25,
      '<header>h</header><main><article><section><figure>f</figure></section></article></main><footer>f</footer>',
    ],
  ])('%s scores %i', (_name, score, body) => {
    expect(semanticElementsScore(pageWith({ body }))).toBe(score);
  });
});

describe('navigationStructure (max 10)', () => {
  test.each([
    ['no navigation', 0, '<a href="/a">a</a><a href="/b">b</a>'],
    ['an empty nav', 5, '<nav></nav>'],
    ['a nav with one link', 5, '<nav><a href="/">Home</a></nav>'],
    ['a nav with links', 8, '<nav><a href="/">Home</a><a href="/blog">Blog</a></nav>'],
    ['role="navigation" with links', 8, '<div role="navigation"><a href="/">Home</a><a href="/blog">Blog</a></div>'],
    ['nav, links and a breadcrumb', 10, '<nav aria-label="Breadcrumb"><a href="/">Home</a><a href="/blog">Blog</a></nav>'],
    ['a breadcrumb without nav', 2, '<ol class="breadcrumbs"><li>Home</li></ol>'],
  ])('%s scores %i', (_name, score, body) => {
    expect(navigationStructureScore(pageWith({ body }))).toBe(score);
  });

  test('counts a BreadcrumbList in JSON-LD as a breadcrumb', () => {
    const head = '<script type="application/ld+json">{"@type": "BreadcrumbList", "itemListElement": []}</script>';
    expect(navigationStructureScore(pageWith({ head }))).toBe(2);
  });
});
