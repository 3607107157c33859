import { describe, expect, test } from '@jest/globals';
import { contentVarietyScore, richContentElementsScore } from '../../../src/domain/audits/structure/content.js';
import { pageWith, words } from './support.js';

describe('richContentElements (max 60)', () => {
  const image = (alt?: string) => `<img src="/a.png"${alt === undefined ? '' : ` alt="${alt}"`}>`;
  test.each([
    ['plain text', 0, '<p>text</p>'],
    ['an image without alt text', 10, image()],
    ['an image with alt text', 20, image('A chart')],
    ['half the images with alt text', 15, image('A chart') + image() + image('') + image('Logo')],
    ['a tracking pixel', 0, '<img src="/p.gif" width="1" height="1">'],
    ['a data table', 8, '<table><tr><th>h</th></tr></table>'],
    ['a captioned figure', 8, '<figure><div>x</div><figcaption>c</figcaption></figure>'],
    ['a video', 8, '<video src="/v.mp4"></video>'],
    ['an embed', 8, '<iframe src="https://video.test/embed/1"></iframe>'],
    ['a quotation', 8, '<blockquote>q</blockquote>'],
    ['code', 8, '<pre><code>x</code></pre>'],
    ['a definition list', 8, '<dl><dt>t</dt><dd>d</dd></dl>'],
    ['emphasis', 8, '<strong>key</strong>'],
    [
      'images with alt text and five other kinds',
      60,
      image('A chart') + '<table><tr><th>h</th></tr></table><blockquote>q</blockquote><pre>x</pre><strong>k</strong><video src="/v.mp4"></video>',
    ],
    [
      'seven kinds count as five',
      40,
      '<table><tr><th>h</th></tr></table><figure><figcaption>c</figcaption></figure><video src="/v"></video><blockquote>q</blockquote><pre>x</pre><dl><dt>t</dt></dl><em>e</em>',
    ],
  ])('%s scores %i', (_name, score, body) => {
    expect(richContentElementsScore(pageWith({ body }))).toBe(score);
  });
});

describe('contentVariety (max 40)', () => {
  test.each([
    ['an empty body', 0, ''],
    ['one real paragraph', 5, `<p>${words(20)}</p>`],
    ['paragraph, subheading and list', 15, `<p>${words(20)}</p><h2>S</h2><ul><li>a</li></ul>`],
    ['six kinds count as five', 25, `<p>${words(20)}</p><h2>S</h2><ul><li>a</li></ul><table></table><img src="/a.png"><pre>x</pre>`],
    ['an internal link', 5, '<a href="/pricing">Pricing</a>'],
    ['an absolute link to the same host', 5, '<a href="https://acme.test/pricing">Pricing</a>'],
    ['an outbound link', 5, '<a href="https://source.test/report">Report</a>'],
    ['links that go nowhere', 0, '<a href="mailto:a@acme.test">Mail</a><a href="javascript:void(0)">x</a>'],
    ['150 words without paragraphs', 3, `<div>${words(150)}</div>`],
    ['300 words in one paragraph', 10, `<p>${words(300)}</p>`],
  ])('%s scores %i', (_name, score, body) => {
    expect(contentVarietyScore(pageWith({ body }))).toBe(score);
  });
});
