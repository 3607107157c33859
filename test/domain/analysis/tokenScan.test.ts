import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { compileMatcher, findBrandMatches, TOKEN_SCAN_MIN_NAMES, type BrandNames } from '../../../src/domain/analysis/matcher.js';

/**
 * The token scan answers exactly what the names regex answers wherever it does not decline: the same matches,
 * for texts made of the names' own pieces, near-misses (a name's first letter starting another word, a name
 * inside a longer word), punctuation and spacing.
 */
const BRANDS: BrandNames[] = [
  { brand: 'Acme', brandVariations: ['Acme Cloud', 'AcmeHQ'], brandRegex: null },
  { brand: 'Umbrella CRM', brandVariations: ["O'Neil-Corp"], brandRegex: null },
  { brand: 'Zoho', brandVariations: ['Zoho CRM'], brandRegex: null },
];
const PIECES = ['Acme', 'acme', 'ACME', 'Cloud', 'HQ', 'Acmes', 'Ac', 'Umbrella', 'CRM', 'crm', "O'Neil", 'O’Neil', 'Corp', 'Zoho', 'zo',
  'Zohos', 'Alpha', 'Umbra', 'über', 'Ümbrella', 'naïve', '42', 'A', 'c', 'U', 'Z', 'O'];
const SEPARATORS = [' ', '  ', '\n', '-', '–', "'", '’', '.', ', ', '"', '(', ')', '', ' - ', '*', '_'];

const text = fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SEPARATORS)), { maxLength: 30 })
  .map((parts) => parts.map(([piece, separator]) => piece + separator).join(''));

describe('the token scan of names', () => {
  // Three brands are fewer names than the scan is chosen for: it is forced here, to compare it with the regex.
  const scanned = { ...compileMatcher(BRANDS), scanFirst: true };
  const regexOnly = { ...scanned, tokenNames: null };

  test('finds the same matches as the names regex, including words that start like a name and are not one', () => {
    expect(scanned.tokenNames).not.toBeNull();
    fc.assert(fc.property(text, (content) => {
      expect(findBrandMatches(content, scanned)).toEqual(findBrandMatches(content, regexOnly));
    }), { numRuns: 2_000, seed: 27 });
  });

  test('a name right after a word that shares its first letter is found ("Acrobat Acme")', () => {
    expect(findBrandMatches('Acrobat Acme, then AcmeHQ and zoho crm.', scanned).map(({ start, end }) => [start, end])).toEqual([
      [8, 12], [19, 25], [30, 38],
    ]);
  });

  test('is what the matcher tries first from TOKEN_SCAN_MIN_NAMES names on, and the regex below that', () => {
    const brands = (count: number): BrandNames[] =>
      Array.from({ length: count }, (_, index) => ({ brand: `Brand ${index}`, brandVariations: [], brandRegex: null }));
    expect(compileMatcher(BRANDS).scanFirst).toBe(false);
    expect(compileMatcher(brands(TOKEN_SCAN_MIN_NAMES - 1)).scanFirst).toBe(false);
    const many = compileMatcher(brands(TOKEN_SCAN_MIN_NAMES));
    expect(many.scanFirst).toBe(true);
    const content = 'Brand 3 leads, brand 70 follows; Brand 700 is no tracked name, nor is Brand3.';
    expect(findBrandMatches(content, many)).toEqual(findBrandMatches(content, { ...many, tokenNames: null }));
    expect(findBrandMatches(content, many).map(({ brandIndex }) => brandIndex)).toEqual([3, 70]);
  });
});
