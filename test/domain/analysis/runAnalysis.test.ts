import { describe, expect, test } from '@jest/globals';
import { analyzeRun, brandSentences, compileDetection } from '../../../src/domain/analysis/index.js';
import { brandResult, identity, settings } from './fixtures.js';

const acme = identity('Acme', { brandVariations: ['Acme Cloud'] });
const detection = compileDetection(settings(acme, identity('Globex'), identity('Initech'), identity('Hooli')));

const sentences = (positive: number, neutral: number, negative: number) => ({ positive, neutral, negative });
const NONE = sentences(0, 0, 0);

const analyze = (content: string) => analyzeRun(content, detection);

describe('analyzeRun', () => {
  test('lists every tracked brand, main brand first, then competitors in report order', () => {
    expect(analyze('Nothing relevant.').brands.map(({ brand, isMainBrand }) => [brand, isMainBrand])).toEqual([
      ['Acme', true],
      ['Globex', false],
      ['Initech', false],
      ['Hooli', false],
    ]);
  });

  test('mentions(b) is the number of counted matches of b', () => {
    const analysis = analyze('Acme and Globex. Acme Cloud is Acme’s cloud. Globex again, and Initech.');
    expect(analysis.brands.map(({ brand, mentions }) => [brand, mentions])).toEqual([
      ['Acme', 3],
      ['Globex', 2],
      ['Initech', 1],
      ['Hooli', 0],
    ]);
  });

  test('position(b) is 1 + the number of other tracked brands first matched before b', () => {
    const analysis = analyze('1. Globex\n2. Acme\n3. Initech\n\nAcme beats Globex.');
    expect(analysis.brands.map(({ brand, position }) => [brand, position])).toEqual([
      ['Acme', 2],
      ['Globex', 1],
      ['Initech', 3],
      ['Hooli', null],
    ]);
  });

  test('position(b) is null when b is not mentioned, and unmentioned brands do not push others down', () => {
    const analysis = analyze('Initech is the only one named here.');
    expect(brandResult(analysis, 'Initech').position).toBe(1);
    expect(brandResult(analysis, 'Acme').position).toBeNull();
  });

  test('an absence statement is not a first match: position starts from the first counted mention', () => {
    const analysis = analyze("I couldn't find any information about Globex. Acme is a CRM. Globex may be new.");
    expect(brandResult(analysis, 'Acme').position).toBe(1);
    expect(brandResult(analysis, 'Globex').position).toBe(2);
    expect(brandResult(analysis, 'Globex').mentions).toBe(1);
  });

  test('each sentence that mentions a brand is classified once for that brand, however often it names it', () => {
    const analysis = analyze(
      'Acme is excellent, and Acme Cloud is excellent too. Acme was founded in 2012. Acme is terrible.',
    );
    expect(brandResult(analysis, 'Acme').sentences).toEqual(sentences(1, 1, 1));
  });

  test('a sentence naming two brands counts for both', () => {
    const analysis = analyze('Acme and Globex are both excellent.');
    expect(brandResult(analysis, 'Acme').sentences).toEqual(sentences(1, 0, 0));
    expect(brandResult(analysis, 'Globex').sentences).toEqual(sentences(1, 0, 0));
  });

  test('brand names do not colour the sentences that name them ("Best Buy", "Bliss")', () => {
    const retailers = compileDetection(settings(identity('Best Buy'), identity('Bliss')));
    const analysis = analyzeRun('Best Buy and Bliss sell TVs. Best Buy is excellent.', retailers);
    expect(brandResult(analysis, 'Best Buy').sentences).toEqual(sentences(1, 1, 0));
    expect(brandResult(analysis, 'Bliss').sentences).toEqual(sentences(0, 1, 0));
  });

  test('an absence statement has no sentiment for the brand it is about', () => {
    const analysis = analyze("Sadly, I couldn't find any information about Acme. Globex is terrible.");
    expect(brandResult(analysis, 'Acme')).toMatchObject({ mentions: 0, sentences: NONE });
  });

  test('an answer naming no brand gives zeros and null positions', () => {
    expect(analyze('').brands).toEqual([
      { brand: 'Acme', isMainBrand: true, mentions: 0, position: null, sentences: NONE },
      { brand: 'Globex', isMainBrand: false, mentions: 0, position: null, sentences: NONE },
      { brand: 'Initech', isMainBrand: false, mentions: 0, position: null, sentences: NONE },
      { brand: 'Hooli', isMainBrand: false, mentions: 0, position: null, sentences: NONE },
    ]);
  });

  test('a realistic answer: ranked list, comparison, caveat and absence statement', () => {
    const content = [
      'Here are the best CRM tools for small businesses:',
      '',
      '1. **Globex** – popular and easy to use, with a generous free plan.',
      '2. **Acme Cloud** – excellent automation; Acme’s support is praised by reviewers.',
      '3. **Initech** – can be expensive, and some users report a steep learning curve.',
      '',
      "I couldn't find reliable information about Hooli, so it is not included.",
      'Overall, Acme and Globex are the safest choices.',
    ].join('\n');
    expect(analyze(content).brands).toEqual([
      { brand: 'Acme', isMainBrand: true, mentions: 3, position: 2, sentences: sentences(1, 1, 0) },
      { brand: 'Globex', isMainBrand: false, mentions: 2, position: 1, sentences: sentences(1, 1, 0) },
      { brand: 'Initech', isMainBrand: false, mentions: 1, position: 3, sentences: sentences(0, 0, 1) },
      { brand: 'Hooli', isMainBrand: false, mentions: 0, position: null, sentences: NONE },
    ]);
  });
});

describe('brandSentences', () => {
  const content = 'Acme is terrible at onboarding. Globex is great, but Acme is excellent. I could not find any information about Hooli. Acme is awful.';

  test('quotes each sentence that counts for a brand, once per brand, with the sentiment it was counted with', () => {
    expect(brandSentences(content, detection).filter(({ brandIndex }) => brandIndex === 0)).toEqual([
      { brandIndex: 0, sentiment: 'negative', text: 'Acme is terrible at onboarding.' },
      { brandIndex: 0, sentiment: 'positive', text: 'Globex is great, but Acme is excellent.' },
      { brandIndex: 0, sentiment: 'negative', text: 'Acme is awful.' },
    ]);
  });

  test('lists exactly the sentences behind the sentence counts of analyzeRun, absence statements excluded', () => {
    const quoted = brandSentences(content, detection);
    for (const [index, brand] of analyze(content).brands.entries()) {
      const ofBrand = quoted.filter(({ brandIndex }) => brandIndex === index);
      expect(sentences(...(['positive', 'neutral', 'negative'] as const).map((kind) => ofBrand.filter(({ sentiment }) => sentiment === kind).length) as [number, number, number])).toEqual(brand.sentences);
    }
    expect(quoted.some(({ text }) => text.includes('Hooli'))).toBe(false);
  });
});
