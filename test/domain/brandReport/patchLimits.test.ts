import { describe, expect, test } from '@jest/globals';
import { acme, detectionChanged, given, globex, history, reportCreated, update } from './fixtures.js';

const texts = (count: number, prefix: string): string[] =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`);
const domains = (count: number): string[] => texts(count, 'acme-').map((name) => `${name}.com`);
const competitors = (count: number) =>
  domains(count).map((brandDomain, index) => ({ brand: `Rival ${index}`, brandDomain }));
const withRegex = [reportCreated({ ...acme, brandVariations: [], brandRegex: 'acme' })];

describe('PATCH limits', () => {
  test.each([
    ['brandVariations', texts(101, 'Acme ')],
    ['brandDomainVariations', domains(101)],
    ['competitors', competitors(101)],
    ['promptIds', texts(1001, 'p_')],
  ])('101 or more items in %s is too_big', (field, items) => {
    given(history)
      .when(update({ [field]: items }))
      .thenFailsValidation([{ path: field, code: 'too_big' }]);
  });

  test('100 variations, domain variations and competitors are accepted', () => {
    const patch = {
      brandVariations: texts(100, 'Acme '),
      brandDomainVariations: domains(100),
      competitors: competitors(100),
    };
    const storedCompetitors = patch.competitors.map((competitor) => ({
      ...competitor,
      brandVariations: [],
      brandDomainVariations: [],
      brandDomainWildcard: false,
      brandRegex: null,
    }));
    given(history)
      .when(update(patch))
      .then([
        detectionChanged(
          { ...acme, ...patch, competitors: storedCompetitors },
          ['brandVariations', 'brandDomainVariations', 'competitors'],
        ),
      ]);
  });

  test('a brandRegex of 1001 characters is too_big; 1000 is accepted', () => {
    given(withRegex)
      .when(update({ brandRegex: 'a'.repeat(1001) }))
      .thenFailsValidation([{ path: 'brandRegex', code: 'too_big' }]);
    given(withRegex)
      .when(update({ brandRegex: 'a'.repeat(1000) }))
      .then([detectionChanged({ ...acme, brandVariations: [], brandRegex: 'a'.repeat(1000) }, ['brandRegex'])]);
  });

  test('a competitor brandRegex of 1001 characters is too_big', () => {
    given(history)
      .when(update({ competitors: [{ brand: 'Globex', brandDomain: 'globex.com', brandRegex: 'g'.repeat(1001) }] }))
      .thenFailsValidation([{ path: 'competitors.0.brandRegex', code: 'too_big' }]);
  });

  test('a brandRegex that does not compile is refused', () => {
    const error = given(withRegex)
      .when(update({ brandRegex: '(acme' }))
      .thenFailsValidation([{ path: 'brandRegex', code: 'custom' }]);
    expect(error.issues[0]?.message).toMatch(/^Invalid brandRegex: /);
    given(history)
      .when(update({ competitors: [{ brand: 'Globex', brandDomain: 'globex.com', brandRegex: '[' }] }))
      .thenFailsValidation([{ path: 'competitors.0.brandRegex', code: 'custom' }]);
  });

  test('a brandRegex the linear-time engine cannot run (a backreference) is refused', () => {
    given(withRegex)
      .when(update({ brandRegex: '(acme)\\1' }))
      .thenFailsValidation([{ path: 'brandRegex', code: 'custom' }]);
  });

  test('an empty brandRegex is refused (null clears it)', () => {
    given(withRegex)
      .when(update({ brandRegex: '' }))
      .thenFailsValidation([{ path: 'brandRegex', code: 'too_small' }]);
  });

  test('promptIds needs 1 item at least, each 1 to 64 characters', () => {
    given(history).when(update({ promptIds: [] })).thenFailsValidation([{ path: 'promptIds', code: 'too_small' }]);
    given(history)
      .when(update({ promptIds: ['p_us', 'p'.repeat(65)] }))
      .thenFailsValidation([{ path: 'promptIds.1', code: 'too_big' }]);
    given(history).when(update({ promptIds: [''] })).thenFailsValidation([{ path: 'promptIds.0', code: 'too_small' }]);
  });

  test('competitor domains must be unique after normalization', () => {
    given(history)
      .when(update({ competitors: [globex, { brand: 'Globex US', brandDomain: 'https://www.Globex.com/us' }] }))
      .thenFailsValidation([{ path: 'competitors.1.brandDomain', code: 'custom' }]);
  });

  test('a domain variation equal to brandDomain is refused, also after normalization', () => {
    given(history)
      .when(update({ brandDomain: 'acme.org', brandDomainVariations: ['acme.io', 'www.acme.org'] }))
      .thenFailsValidation([{ path: 'brandDomainVariations.1', code: 'custom' }]);
  });

  test('a domain variation equal to the stored brandDomain is refused', () => {
    given(history)
      .when(update({ brandDomainVariations: ['acme.net', 'https://acme.com'] }))
      .thenFailsValidation([{ path: 'brandDomainVariations.1', code: 'custom' }]);
  });

  test('a brandDomain equal to a stored domain variation is refused', () => {
    given(history)
      .when(update({ brandDomain: 'acme.io' }))
      .thenFailsValidation([{ path: 'brandDomain', code: 'custom' }]);
  });

  test('brandRegex cannot be combined with brandVariations', () => {
    given(history)
      .when(update({ brandRegex: 'acme', brandVariations: ['Acme Inc'] }))
      .thenFailsValidation([{ path: 'brandRegex', code: 'custom' }]);
  });

  test('brandRegex cannot be set while the report keeps brandVariations, and the reverse', () => {
    given(history).when(update({ brandRegex: 'acme' })).thenFailsValidation([{ path: 'brandRegex', code: 'custom' }]);
    given(withRegex)
      .when(update({ brandVariations: ['Acme Inc'] }))
      .thenFailsValidation([{ path: 'brandVariations', code: 'custom' }]);
  });

  test('a competitor cannot combine brandRegex with brandVariations', () => {
    given(history)
      .when(update({ competitors: [{ ...globex, brandRegex: 'globex' }] }))
      .thenFailsValidation([{ path: 'competitors.0.brandRegex', code: 'custom' }]);
  });

  test('an unknown field is refused with unrecognized_keys, at any depth', () => {
    given(history)
      .when(update({ brand: 'Acme', color: 'red' }))
      .thenFailsValidation([{ path: 'color', code: 'unrecognized_keys' }]);
    given(history)
      .when(update({ competitors: [{ ...globex, logo: 'x.png' }] }))
      .thenFailsValidation([{ path: 'competitors.0.logo', code: 'unrecognized_keys' }]);
  });

  test.each([
    [{ brandDomain: 'not a domain' }, 'brandDomain', 'custom'],
    [{ brandDomainVariations: ['acme'] }, 'brandDomainVariations.0', 'custom'],
    [{ brand: '  ' }, 'brand', 'too_small'],
    [{ brandVariations: ['Acme', ''] }, 'brandVariations.1', 'too_small'],
    [{ brandDomainWildcard: 'yes' }, 'brandDomainWildcard', 'invalid_type'],
    [{ competitors: [{ brand: 'Globex' }] }, 'competitors.0.brandDomain', 'invalid_type'],
    [{ reportTitle: 42 }, 'reportTitle', 'invalid_type'],
  ])('%j is refused at %s with %s', (patch, path, code) => {
    given(history).when(update(patch)).thenFailsValidation([{ path, code }]);
  });

  test.each([null, 'brand', [], 7])('a body that is not an object (%j) is refused at the root', (body) => {
    given(history).when(update(body)).thenFailsValidation([{ path: '', code: 'invalid_type' }]);
  });

  test('all issues of a request are reported together, with the body as target', () => {
    const error = given(history)
      .when(update({ brandVariations: texts(101, 'A'), promptIds: ['p_elsewhere'], extra: true }))
      .thenFailsValidation([
        { path: 'brandVariations', code: 'too_big' },
        { path: 'extra', code: 'unrecognized_keys' },
      ]);
    expect(error.target).toBe('body');
  });

  test('valid fields next to an invalid prompt id change nothing', () => {
    given(history)
      .when(update({ brand: 'Acme Corp', promptIds: ['p_us', 'p_elsewhere'] }))
      .thenFailsValidation([{ path: 'promptIds.1', code: 'custom' }]);
  });
});
