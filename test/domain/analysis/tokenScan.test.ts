import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { compileMatcher, findBrandMatches, type BrandNames } from '../../../src/domain/analysis/matcher.js';

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
  const scanned = compileMatcher(BRANDS);
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
});
