import { describe, expect, test } from '@jest/globals';
import {
  languageDeclarationScore,
  mobileFriendlyIndicatorsScore,
  robotsAndCrawlingScore,
  validHtmlStructureScore,
} from '../../../src/domain/audits/structure/technical.js';
import { documentOf, pageWith } from './support.js';

const viewport = (content: string) => `<meta name="viewport" content="${content}">`;

describe('mobileFriendlyIndicators (max 30)', () => {
  test.each([
    ['no viewport', 0, '', ''],
    ['a fixed-width viewport', 13, viewport('width=1024'), ''],
    ['device width alone', 20, viewport('width=device-width'), ''],
    ['device width and initial scale 1', 25, viewport('width=device-width, initial-scale=1'), ''],
    ['zoom disabled', 20, viewport('width=device-width, initial-scale=1, user-scalable=no'), ''],
    ['maximum scale 1', 20, viewport('width=device-width, initial-scale=1, maximum-scale=1'), ''],
    ['responsive images', 30, viewport('width=device-width, initial-scale=1'), '<img src="a.png" srcset="a.png 1x, a@2x.png 2x" alt="a">'],
    ['media queries', 30, `${viewport('width=device-width, initial-scale=1')}<style>@media (max-width: 600px) { p { margin: 0 } }</style>`, ''],
    ['responsive media without a viewport', 0, '<style>@media print { p { margin: 0 } }</style>', ''],
  ])('%s scores %i', (_name, score, head, body) => {
    expect(mobileFriendlyIndicatorsScore(pageWith({ head, body }))).toBe(score);
  });
});

describe('validHtmlStructure (max 40)', () => {
  const valid = '<!DOCTYPE html><html><head><meta charset="utf-8"><title>T</title></head><body><p id="a">Text</p></body></html>';
  test.each([
    ['a valid document', 40, valid],
    ['an empty document', 0, ''],
    ['a document with an empty body', 0, '<!DOCTYPE html><html><head><title>T</title></head><body></body></html>'],
    ['no doctype', 30, valid.replace('<!DOCTYPE html>', '')],
    ['an HTML 4 doctype', 30, valid.replace('<!DOCTYPE html>', '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">')],
    ['no charset', 35, valid.replace('<meta charset="utf-8">', '')],
    ['a charset in http-equiv', 40, valid.replace('<meta charset="utf-8">', '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">')],
    ['one parse error (a duplicate attribute)', 35, valid.replace('<p id="a">', '<p id="a" class="x" class="y">')],
    ['three parse errors', 30, valid.replace('<p id="a">Text</p>', '<p id="a" a=1 a=2>x</p><p b=1 b=2>y</p><p c=1 c=2>z</p>')],
    ['duplicate ids', 35, valid.replace('<p id="a">Text</p>', '<p id="a">x</p><p id="a">y</p>')],
    ['an obsolete element', 35, valid.replace('<p id="a">Text</p>', '<center>Text</center>')],
  ])('%s scores %i', (_name, score, html) => {
    expect(validHtmlStructureScore(documentOf(html))).toBe(score);
  });

  test('a charset named only in the Content-Type header counts as declared', () => {
    const html = valid.replace('<meta charset="utf-8">', '');
    expect(validHtmlStructureScore(documentOf(html, { 'content-type': 'text/html; charset=utf-8' }))).toBe(40);
  });
});

describe('robotsAndCrawling (max 20)', () => {
  const canonical = '<link rel="canonical" href="https://acme.test/blog/post">';
  const robots = (content: string) => `<meta name="robots" content="${content}">`;
  test.each([
    ['neither canonical nor robots directives', 0, ''],
    ['a canonical link', 10, canonical],
    ['robots directives that allow indexing', 10, robots('index, follow')],
    ['both', 20, canonical + robots('index, follow, max-image-preview:large')],
    ['directives that forbid snippets', 15, canonical + robots('index, nosnippet')],
    ['max-snippet:0', 15, canonical + robots('max-snippet:0')],
    ['noindex, whatever else', 0, canonical + robots('noindex, follow')],
    ['none', 0, canonical + robots('none')],
    ['a googlebot noindex', 0, `${canonical}<meta name="googlebot" content="noindex">`],
    ['an empty canonical href', 0, '<link rel="canonical" href="">'],
  ])('%s scores %i', (_name, score, head) => {
    expect(robotsAndCrawlingScore(pageWith({ head }))).toBe(score);
  });

  test('reads the X-Robots-Tag header like a robots meta tag', () => {
    const html = '<!DOCTYPE html><html><head><link rel="canonical" href="/a"></head><body><p>x</p></body></html>';
    expect(robotsAndCrawlingScore(documentOf(html, { 'x-robots-tag': 'noindex' }))).toBe(0);
    expect(robotsAndCrawlingScore(documentOf(html, { 'x-robots-tag': 'max-image-preview:large' }))).toBe(20);
  });
});

describe('languageDeclaration (max 10)', () => {
  test.each([
    ['no language', 0, '<html><body><p>x</p></body></html>'],
    ['lang="en"', 10, '<html lang="en"><body><p>x</p></body></html>'],
    ['lang="pt-BR"', 10, '<html lang="pt-BR"><body><p>x</p></body></html>'],
    ['lang="zh-Hant-TW"', 10, '<html lang="zh-Hant-TW"><body><p>x</p></body></html>'],
    ['a malformed lang', 5, '<html lang="english language"><body><p>x</p></body></html>'],
    ['an empty lang', 0, '<html lang=""><body><p>x</p></body></html>'],
    ['only a Content-Language meta tag', 5, '<html><head><meta http-equiv="content-language" content="de"></head><body><p>x</p></body></html>'],
  ])('%s scores %i', (_name, score, html) => {
    expect(languageDeclarationScore(documentOf(html))).toBe(score);
  });
});
