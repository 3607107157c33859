import { describe, expect, test } from '@jest/globals';
import { performance } from 'node:perf_hooks';
import { validateBrandRegex } from '../../../src/domain/analysis/index.js';
import { identity, mentionsIn, mentionsOf } from './fixtures.js';

const acme = identity('Acme');

describe('names', () => {
  test.each([
    ['Acme is a CRM.', 1],
    ['ACME is a CRM.', 1],
    ['acme is a CRM.', 1],
    ['AcMe and aCmE.', 2],
  ])('matching is case-insensitive: %j → %i', (content, mentions) => {
    expect(mentionsOf(acme, content)).toBe(mentions);
  });

  test.each([
    ['Société Générale', 'SOCIÉTÉ GÉNÉRALE publishes research.', 1],
    ['Ärzte Online', 'ärzte online is popular in Germany.', 1],
    ['Müller', 'Mu\u0308ller (decomposed umlaut) is a retailer.', 1],
    ['Яндекс', 'ЯНДЕКС и яндекс.', 2],
    ['Ω Labs', 'ω labs builds tools.', 1],
  ])('matching is Unicode-aware: %j in %j', (brand, content, mentions) => {
    expect(mentionsOf(identity(brand), content)).toBe(mentions);
  });

  test.each([
    'Acmeville is a town.',
    'SuperAcme is different.',
    'Acme2 is a product line.',
    '2Acme is a product line.',
    'Acmé is a different word.',
    'ÄAcme is a different word.',
    'Acme\u0301 with a combining accent is a different word.',
    'Cafe\u0301Acme, a combining accent before it, is a different word.',
    '\u{1D49C}Acme (a letter outside the Basic Multilingual Plane before it) is a different word.',
    '١Acme (an Arabic-Indic digit before it) is a different word.',
  ])('a letter, digit or mark directly before or after a name prevents the match: %j', (content) => {
    expect(mentionsOf(acme, content)).toBe(0);
  });

  test.each([
    '**Acme** leads.',
    '(Acme) leads.',
    '\u{1F600}Acme leads (an emoji is no letter).',
    'AAcme… then Acme leads.',
    'Acme’s pricing.',
    "Acme's pricing.",
    'Acme-based teams.',
    '#Acme trends.',
    '@Acme replied.',
    '"Acme" is quoted.',
    'Acme_ is odd but not a letter.',
    'Visit acme.com for details.',
    'End of answer: Acme',
  ])('punctuation, markup and whitespace next to a name allow the match: %j', (content) => {
    expect(mentionsOf(acme, content)).toBe(1);
  });

  test.each([
    ['HP makes printers.', 1],
    ['HPE sells servers.', 0],
    ['The hp5 model.', 0],
    ['A 5hp motor.', 0],
    ['HP’s laptops and hp printers.', 2],
  ])('a short name is not matched inside longer tokens: HP in %j → %i', (content, mentions) => {
    expect(mentionsOf(identity('HP'), content)).toBe(mentions);
  });

  test('a brand that is a common word also matches the word: matching is case-insensitive (known limitation)', () => {
    expect(mentionsOf(identity('Notion'), 'Notion is a wiki. The notion of a wiki is old.')).toBe(2);
  });

  test('a brand named only by its domain-like name avoids the common word ("monday.com", not "Monday")', () => {
    const monday = identity('monday.com');
    expect(mentionsOf(monday, 'Monday.com is a work OS. See you on Monday.')).toBe(1);
  });

  test('with "Monday" and the variation "Monday.com", the longer name wins and is counted once', () => {
    const monday = identity('Monday', { brandVariations: ['Monday.com'] });
    expect(mentionsOf(monday, 'Try Monday.com today.')).toBe(1);
    expect(mentionsOf(monday, 'Meetings on Monday.')).toBe(1);
  });

  test.each([
    ['Acme Cloud is fast.', 1],
    ['Acme Cloud and Acme.', 2],
    ['Acme Cloudy skies.', 1],
  ])('where names overlap the longest match wins and is counted once: %j → %i', (content, mentions) => {
    const brand = identity('Acme', { brandVariations: ['Acme Cloud'] });
    expect(mentionsOf(brand, content)).toBe(mentions);
  });

  test.each(['Acme  Cloud', 'Acme\u00a0Cloud', 'Acme\nCloud', 'acme\tcloud'])(
    'a space in a name matches any run of whitespace: %j',
    (content) => {
      expect(mentionsOf(identity('Acme Cloud'), content)).toBe(1);
    },
  );

  test.each(["McDonald's", 'McDonald’s', 'MCDONALD’S', 'McDonald‘s'])(
    'apostrophes in a name match any apostrophe: %j',
    (content) => {
      expect(mentionsOf(identity("McDonald's"), `${content} menu`)).toBe(1);
    },
  );

  test.each([
    ['C++', 'C++ and C are languages.', 1],
    ['Node.js', 'Nodexjs is not Node.js.', 1],
    ['Yahoo!', 'Yahoo! Mail and Yahoo Mail.', 1],
    ['A/B Tasty', 'A/B Tasty runs tests.', 1],
  ])('regular-expression characters in names are literal: %j in %j', (brand, content, mentions) => {
    expect(mentionsOf(identity(brand), content)).toBe(mentions);
  });

  test('empty and duplicate variations are ignored', () => {
    const brand = identity('Acme', { brandVariations: ['', '  ', 'ACME', 'acme'] });
    expect(mentionsOf(brand, 'Acme and acme.')).toBe(2);
  });
});

describe('several tracked brands', () => {
  test('overlapping names of two brands: the longest match at a position owns the span', () => {
    const mentions = mentionsIn('Zoho CRM beats Zoho Desk.', identity('Zoho'), identity('Zoho CRM'));
    expect(mentions).toEqual({ Zoho: 1, 'Zoho CRM': 1 });
  });

  test('a span counts for one brand only, even when a shorter name of another brand sits inside it', () => {
    const main = identity('Acme', { brandVariations: ['Acme Cloud'] });
    const mentions = mentionsIn('Acme Cloud runs on any cloud. Cloud matters.', main, identity('Cloud'));
    expect(mentions).toEqual({ Acme: 1, Cloud: 2 });
  });

  test('a name shared by the main brand and a competitor counts for the main brand', () => {
    const competitor = identity('Acme Inc', { brandVariations: ['Acme'] });
    const mentions = mentionsIn('Globex and Acme.', identity('Acme'), competitor, identity('Globex'));
    expect(mentions).toEqual({ Acme: 1, 'Acme Inc': 0, Globex: 1 });
  });
});

describe('brandRegex', () => {
  test('replaces the brand name and its variations', () => {
    const brand = identity('Acme', { brandRegex: 'acm[e3]\\s?corp' });
    expect(mentionsOf(brand, 'Acme is here; Acm3 Corp and ACMECORP too.')).toBe(2);
  });

  test('runs case-insensitive', () => {
    expect(mentionsOf(identity('Acme', { brandRegex: 'acme' }), 'ACME, Acme, acme.')).toBe(3);
  });

  test('a letter or digit next to a regex match prevents it, as for names', () => {
    expect(mentionsOf(identity('HP', { brandRegex: 'hp' }), 'HP, HPE, hp5.')).toBe(1);
  });

  test('competes with other brands’ names for a span: the longest match at a position wins', () => {
    const main = identity('Zoho', { brandRegex: 'zoho(?: crm)?' });
    const mentions = mentionsIn('Zoho CRM One, Zoho CRM, Zoho.', main, identity('Zoho CRM One'));
    expect(mentions).toEqual({ Zoho: 2, 'Zoho CRM One': 1 });
  });

  test('a catastrophic pattern such as (a+)+$ returns at once on a long input (linear-time engine)', () => {
    const brand = identity('A', { brandRegex: '(a+)+$' });
    const content = `${'a'.repeat(100_000)}!`;
    const startedAt = performance.now();
    expect(mentionsOf(brand, content)).toBe(0);
    expect(performance.now() - startedAt).toBeLessThan(500);
  });

  test('a stored pattern the linear-time engine refuses falls back to the brand’s names', () => {
    const brand = identity('Acme', { brandRegex: '(?<=x)acme' });
    expect(mentionsOf(brand, 'Acme and xacme.')).toBe(1);
  });
});

describe('validateBrandRegex', () => {
  test.each(['acme', 'acm[e3]\\s?corp', '\\bacme\\b', '(?i)acme', '\\p{L}+cme'])('accepts %j', (pattern) => {
    expect(validateBrandRegex(pattern)).toBeNull();
  });

  test.each([
    ['(acme', /missing \)/],
    ['(?<=x)acme', /lookarounds/],
    ['(?=acme)', /lookarounds/],
    ['(a)\\1', /backreferences/],
    ['a{2,1}', /Invalid brandRegex/],
  ])('refuses %j with a clear message', (pattern, message) => {
    expect(validateBrandRegex(pattern)).toMatch(message);
  });
});
