import { describe, expect, test } from '@jest/globals';
import {
  metaDescriptionScore,
  openGraphTagsScore,
  structuredDataScore,
  titleTagScore,
} from '../../../src/domain/audits/structure/metadata.js';
import { pageWith } from './support.js';

const ofLength = (length: number) => 'x'.repeat(length);

describe('titleTag (max 30)', () => {
  test.each([
    ['no title element', 0, ''],
    ['an empty title', 0, '<title>  </title>'],
    ['a title of 5 characters', 12, `<title>${ofLength(5)}</title>`],
    ['a title of 20 characters', 22, `<title>${ofLength(20)}</title>`],
    ['a title of 30 characters', 30, `<title>${ofLength(30)}</title>`],
    ['a title of 65 characters', 30, `<title>${ofLength(65)}</title>`],
    ['a title of 75 characters', 22, `<title>${ofLength(75)}</title>`],
    ['a title of 120 characters', 15, `<title>${ofLength(120)}</title>`],
    ['a title whose whitespace collapses to 29 characters', 22, `<title>  ${ofLength(14)}\n\n ${ofLength(14)} </title>`],
  ])('%s scores %i', (_name, score, head) => {
    expect(titleTagScore(pageWith({ head }))).toBe(score);
  });

  test('an SVG title is not the page title', () => {
    expect(titleTagScore(pageWith({ body: `<svg><title>${ofLength(40)}</title></svg>` }))).toBe(0);
  });
});

describe('metaDescription (max 30)', () => {
  const description = (length: number) => `<meta name="description" content="${ofLength(length)}">`;
  test.each([
    ['no description', 0, ''],
    ['an empty description', 0, '<meta name="description" content="">'],
    ['40 characters', 12, description(40)],
    ['60 characters', 22, description(60)],
    ['70 characters', 30, description(70)],
    ['160 characters', 30, description(160)],
    ['180 characters', 22, description(180)],
    ['300 characters', 15, description(300)],
    ['a description named in capitals', 30, `<meta name="Description" content="${ofLength(100)}">`],
  ])('%s scores %i', (_name, score, head) => {
    expect(metaDescriptionScore(pageWith({ head }))).toBe(score);
  });
});

describe('openGraphTags (max 15)', () => {
  const og = (property: string) => `<meta property="og:${property}" content="value">`;
  test.each([
    ['no Open Graph tags', 0, ''],
    ['og:title', 4, og('title')],
    ['og:title and og:description', 8, og('title') + og('description')],
    ['title, description and image', 12, og('title') + og('description') + og('image')],
    ['all four', 15, og('title') + og('description') + og('image') + og('url')],
    ['og:type standing in for og:url', 15, og('title') + og('description') + og('image') + og('type')],
    ['an og:title without content', 0, '<meta property="og:title" content="">'],
  ])('%s scores %i', (_name, score, head) => {
    expect(openGraphTagsScore(pageWith({ head }))).toBe(score);
  });
});

describe('structuredData (max 25)', () => {
  const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
  test.each([
    ['no structured data', 0, '', ''],
    ['JSON-LD that does not parse', 5, '<script type="application/ld+json">{"@type": </script>', ''],
    ['JSON-LD without @type', 5, jsonLd({ name: 'Acme' }), ''],
    ['a typed item outside schema.org', 15, jsonLd({ '@type': 'Thing', name: 'Acme' }), ''],
    ['a schema.org item with few properties', 20, jsonLd({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme' }), ''],
    [
      'a schema.org item that describes something',
      25,
      jsonLd({ '@context': 'https://schema.org', '@type': 'Article', headline: 'H', author: 'A', datePublished: '2024-01-01' }),
      '',
    ],
    [
      'items in an @graph',
      25,
      jsonLd({ '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage', name: 'P', url: 'u', description: 'd' }] }),
      '',
    ],
    [
      'schema.org microdata',
      25,
      '',
      '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">A</span><span itemprop="sku">1</span><span itemprop="brand">B</span></div>',
    ],
  ])('%s scores %i', (_name, score, head, body) => {
    expect(structuredDataScore(pageWith({ head, body }))).toBe(score);
  });
});
