import { describe, expect, test } from '@jest/globals';
import { highlight } from '../../web/src/lib/highlight.js';

const nimbus = { brand: 'Nimbus CRM', brandVariations: ['Nimbus'], brandRegex: null };
const zoho = { brand: 'Zoho CRM', brandVariations: ['Zoho'], brandRegex: null };

describe('tracked names highlighted in an answer', () => {
  test('each name is marked with its brand, the rest left as text', () => {
    expect(highlight('Try Nimbus CRM or zoho.', [nimbus, zoho])).toEqual([
      { text: 'Try ', brand: null },
      { text: 'Nimbus CRM', brand: 'Nimbus CRM' },
      { text: ' or ', brand: null },
      { text: 'zoho', brand: 'Zoho CRM' },
      { text: '.', brand: null },
    ]);
  });

  test('the longest of overlapping names wins and is marked once', () => {
    expect(highlight('Zoho CRM', [zoho]).filter((segment) => segment.brand)).toEqual([{ text: 'Zoho CRM', brand: 'Zoho CRM' }]);
  });

  test('a name inside a longer word is not a match', () => {
    expect(highlight('Nimbusly and ÄNimbus', [nimbus]).every((segment) => segment.brand === null)).toBe(true);
  });

  test('a regex replaces the names; an invalid one marks nothing', () => {
    expect(highlight('Acme-9 ships', [{ brand: 'Acme', brandVariations: [], brandRegex: 'acme-\\d' }])[0]).toEqual({ text: 'Acme-9', brand: 'Acme' });
    expect(highlight('Acme', [{ brand: 'Acme', brandVariations: [], brandRegex: '(' }])).toEqual([{ text: 'Acme', brand: null }]);
  });
});
