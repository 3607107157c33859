import { describe, expect, test } from '@jest/globals';
import { performance } from 'node:perf_hooks';
import { splitSentences } from '../../../src/domain/analysis/index.js';

const sentencesOf = (text: string): string[] => splitSentences(text).map(({ start, end }) => text.slice(start, end));

describe('splitSentences', () => {
  test.each([
    ['Acme is fast. Globex is cheap.', ['Acme is fast.', 'Globex is cheap.']],
    ['Is Acme fast? Yes! It is.', ['Is Acme fast?', 'Yes!', 'It is.']],
    ['Is Acme free? No. Acme charges per seat.', ['Is Acme free?', 'No.', 'Acme charges per seat.']],
    ['Acme is fast… Globex is not.', ['Acme is fast…', 'Globex is not.']],
    ['Wait... Acme wins.', ['Wait...', 'Acme wins.']],
    ['He said "Acme is fast." Then he left.', ['He said "Acme is fast."', 'Then he left.']],
    ['Acme leads (by far). Globex follows.', ['Acme leads (by far).', 'Globex follows.']],
    ['**Acme is fast.** Globex is cheap.', ['**Acme is fast.**', 'Globex is cheap.']],
  ])('terminal punctuation followed by whitespace ends a sentence: %j', (text, expected) => {
    expect(sentencesOf(text)).toEqual(expected);
  });

  test.each([
    ['Top tools:\n- Acme: fast\n- Globex: cheap', ['Top tools:', '- Acme: fast', '- Globex: cheap']],
    ['1. Acme is fast\n2. Globex is cheap', ['1. Acme is fast', '2. Globex is cheap']],
    ['## Acme\nAcme is fast', ['## Acme', 'Acme is fast']],
    ['| Tool | Price |\n| Acme | $10 |', ['| Tool | Price |', '| Acme | $10 |']],
    ['Acme is fast.\n\n\nGlobex is cheap.', ['Acme is fast.', 'Globex is cheap.']],
  ])('a line break ends a sentence (lists, headings, table rows): %j', (text, expected) => {
    expect(sentencesOf(text)).toEqual(expected);
  });

  test.each([
    ['1. Acme is the best choice.', ['1. Acme is the best choice.']],
    ['  2. Globex is second.', ['2. Globex is second.']],
    ['- 3. Initech is third.', ['- 3. Initech is third.']],
  ])('a list number is not a sentence end: %j', (text, expected) => {
    expect(sentencesOf(text)).toEqual(expected);
  });

  test.each([
    ['Use a CRM, e.g. Acme or Globex.', ['Use a CRM, e.g. Acme or Globex.']],
    ['Pick one, i.e. Acme.', ['Pick one, i.e. Acme.']],
    ['Acme vs. Globex is close.', ['Acme vs. Globex is close.']],
    ['Dr. Smith founded Acme.', ['Dr. Smith founded Acme.']],
    ['J. R. Smith founded Acme.', ['J. R. Smith founded Acme.']],
    ['The U.S. Food and Drug Administration cleared Acme.', ['The U.S. Food and Drug Administration cleared Acme.']],
    ['Acme Inc. offers a CRM.', ['Acme Inc. offers a CRM.']],
    ['Acme Inc. Globex is its rival.', ['Acme Inc.', 'Globex is its rival.']],
    ['Tools, CRMs, etc. Acme is one.', ['Tools, CRMs, etc.', 'Acme is one.']],
  ])('abbreviations and initials do not end a sentence, a capitalised word after "Inc." does: %j', (text, expected) => {
    expect(sentencesOf(text)).toEqual(expected);
  });

  test.each([
    ['Acme 3.5 is out. Globex 2.0 is not.', ['Acme 3.5 is out.', 'Globex 2.0 is not.']],
    ['It costs $12.99 per user. Acme is cheaper.', ['It costs $12.99 per user.', 'Acme is cheaper.']],
    [
      'See https://acme.com/docs/v1.2/intro.html for details. Then try it.',
      ['See https://acme.com/docs/v1.2/intro.html for details.', 'Then try it.'],
    ],
    ['Visit acme.com. Then sign up.', ['Visit acme.com.', 'Then sign up.']],
    ['Yahoo! is a portal.', ['Yahoo! is a portal.']],
  ])('decimals, URLs and domains do not split a sentence: %j', (text, expected) => {
    expect(sentencesOf(text)).toEqual(expected);
  });

  test('offsets point into the original text, whitespace excluded', () => {
    expect(splitSentences('  Acme is fast.   Globex!  ')).toEqual([
      { start: 2, end: 15 },
      { start: 18, end: 25 },
    ]);
  });

  test('a long run of punctuation is split in linear time', () => {
    const startedAt = performance.now();
    expect(sentencesOf(`${'.'.repeat(100_000)}x Acme.`)).toHaveLength(1);
    expect(performance.now() - startedAt).toBeLessThan(500);
  });

  test.each(['', '   ', '\n\n'])('blank text has no sentences: %j', (text) => {
    expect(splitSentences(text)).toEqual([]);
  });
});
