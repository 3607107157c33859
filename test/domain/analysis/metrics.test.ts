import { describe, expect, test } from '@jest/globals';
import {
  addRun,
  combineRunTotals,
  compileDetection,
  coverageHistory,
  emptyRunTotals,
  finalizeRunTotals,
  measureRun,
  rankBrands,
  runTotals,
  type BrandMetrics,
  type DomainCategory,
  type MeasuredRun,
  type RunTotals,
  type SentenceCounts,
} from '../../../src/domain/analysis/index.js';
import { identity } from './fixtures.js';

const BRANDS = [
  { brand: 'Acme', isMainBrand: true },
  { brand: 'Globex', isMainBrand: false },
  { brand: 'Initech', isMainBrand: false },
];

interface Seen {
  mentions: number;
  position: number;
  sentences?: Partial<SentenceCounts>;
}

/** A completed run in which the listed brands are mentioned; the others are not. */
function run(seen: Record<string, Seen>, state = 'completed', citationCategories: DomainCategory[] = []): MeasuredRun {
  return {
    state,
    citations: [],
    citationCategories,
    citationOwners: citationCategories.map((category) => (category === 'Brand' ? 0 : null)),
    analysis: {
      brands: BRANDS.map(({ brand, isMainBrand }) => {
        const found = seen[brand];
        return {
          brand,
          isMainBrand,
          mentions: found?.mentions ?? 0,
          position: found?.position ?? null,
          sentences: { positive: 0, neutral: 0, negative: 0, ...found?.sentences },
        };
      }),
    },
  };
}

const totalsOf = (...runs: MeasuredRun[]): RunTotals => runs.reduce(addRun, emptyRunTotals(BRANDS));

function metricsOf(totals: RunTotals, brand: string): BrandMetrics {
  const metrics = finalizeRunTotals(totals).brands.find((candidate) => candidate.brand === brand);
  if (metrics === undefined) throw new Error(`${brand} is not tracked`);
  return metrics;
}

describe('runs that count', () => {
  test.each(['failed', 'pending', 'running'])('a %s run counts for nothing', (state) => {
    const totals = totalsOf(run({ Acme: { mentions: 2, position: 1 } }, state, ['Brand']));
    expect(totals.runs).toBe(0);
    expect(metricsOf(totals, 'Acme')).toMatchObject({ mentions: 0, brandCoverage: 0, averagePosition: null });
    expect(totals.domainCategories.Brand).toBe(0);
  });
});

describe('brandCoverage', () => {
  test('is the share of runs in which the brand is mentioned', () => {
    const totals = totalsOf(
      run({ Acme: { mentions: 3, position: 1 } }),
      run({ Acme: { mentions: 1, position: 2 } }),
      run({}),
    );
    expect(metricsOf(totals, 'Acme').brandCoverage).toBeCloseTo(2 / 3);
    expect(metricsOf(totals, 'Globex').brandCoverage).toBe(0);
  });

  test('is 0 for a window without runs', () => {
    expect(metricsOf(emptyRunTotals(BRANDS), 'Acme').brandCoverage).toBe(0);
  });
});

describe('visibilityScore and likelihoodToBuy', () => {
  const totals = () =>
    totalsOf(
      run({ Acme: { mentions: 2, position: 1, sentences: { positive: 1 } }, Globex: { mentions: 1, position: 2, sentences: { negative: 1 } } }),
      run({ Globex: { mentions: 1, position: 1, sentences: { positive: 1 } }, Acme: { mentions: 1, position: 2, sentences: { positive: 1, negative: 1 } } }),
      run({ Acme: { mentions: 1, position: 4, sentences: { neutral: 1 } } }),
      run({}),
    );

  test('visibilityScore is the mean over the runs of 1/position, a run without the brand counting 0', () => {
    expect(metricsOf(totals(), 'Acme').visibilityScore).toBeCloseTo((1 + 1 / 2 + 1 / 4) / 4, 12);
    expect(metricsOf(totals(), 'Globex').visibilityScore).toBeCloseTo((1 / 2 + 1) / 4, 12);
    expect(metricsOf(totals(), 'Initech').visibilityScore).toBe(0);
  });

  test('visibilityScore never exceeds brandCoverage', () => {
    for (const brand of finalizeRunTotals(totals()).brands) expect(brand.visibilityScore).toBeLessThanOrEqual(brand.brandCoverage);
  });

  test('likelihoodToBuy is the share of runs with a positive sentence about the brand and no negative one', () => {
    expect(metricsOf(totals(), 'Acme').likelihoodToBuy).toBe(1 / 4);
    expect(metricsOf(totals(), 'Globex').likelihoodToBuy).toBe(1 / 4);
    expect(metricsOf(totals(), 'Initech').likelihoodToBuy).toBe(0);
  });

  test('are 0 for a window without runs', () => {
    expect(metricsOf(emptyRunTotals(BRANDS), 'Acme')).toMatchObject({ visibilityScore: 0, likelihoodToBuy: 0 });
  });
});

describe('coverageHistory', () => {
  const day = (date: string, ...runs: MeasuredRun[]) => ({ date, totals: totalsOf(...runs) });

  test('gives each brand’s coverage per day, in date order, for days that have runs only', () => {
    const history = coverageHistory([
      day('2025-03-02', run({ Globex: { mentions: 1, position: 1 } })),
      day('2025-03-01', run({ Acme: { mentions: 1, position: 1 } }), run({})),
      day('2025-03-03'),
    ]);
    expect(history).toEqual([
      { brand: 'Acme', coverage: 0.5, date: '2025-03-01' },
      { brand: 'Globex', coverage: 0, date: '2025-03-01' },
      { brand: 'Initech', coverage: 0, date: '2025-03-01' },
      { brand: 'Acme', coverage: 0, date: '2025-03-02' },
      { brand: 'Globex', coverage: 1, date: '2025-03-02' },
      { brand: 'Initech', coverage: 0, date: '2025-03-02' },
    ]);
  });

  test('combines several totals of one date (one per engine) before dividing', () => {
    const history = coverageHistory([
      day('2025-03-01', run({ Acme: { mentions: 1, position: 1 } })),
      day('2025-03-01', run({}), run({})),
    ]);
    const acme = history.find(({ brand }) => brand === 'Acme');
    expect(acme).toEqual({ brand: 'Acme', coverage: 1 / 3, date: '2025-03-01' });
  });
});

describe('averagePosition', () => {
  test('is the mean position over the runs that mention the brand', () => {
    const totals = totalsOf(
      run({ Acme: { mentions: 1, position: 1 } }),
      run({ Acme: { mentions: 4, position: 2 } }),
      run({}),
    );
    expect(metricsOf(totals, 'Acme').averagePosition).toBe(1.5);
  });

  test('is null when the brand is never mentioned', () => {
    expect(metricsOf(totalsOf(run({}), run({})), 'Initech').averagePosition).toBeNull();
  });
});

describe('shareOfVoice', () => {
  test('is the brand’s mentions over the mentions of all tracked brands', () => {
    const totals = totalsOf(run({ Acme: { mentions: 3, position: 1 }, Globex: { mentions: 1, position: 2 } }));
    expect(metricsOf(totals, 'Acme').shareOfVoice).toBe(0.75);
    expect(metricsOf(totals, 'Globex').shareOfVoice).toBe(0.25);
    expect(metricsOf(totals, 'Initech').shareOfVoice).toBe(0);
  });

  test('is 0 for every brand when no brand is mentioned', () => {
    expect(metricsOf(totalsOf(run({})), 'Acme').shareOfVoice).toBe(0);
  });
});

describe('sentiment', () => {
  test.each([
    [{ positive: 1, neutral: 1, negative: 1 }],
    [{ positive: 3, neutral: 0, negative: 4 }],
    [{ positive: 0, neutral: 7, negative: 0 }],
    [{ positive: 1, neutral: 2, negative: 4 }],
  ])('shares of the brand’s sentences sum to 1 and nss = positive - negative: %j', (sentences) => {
    const sentiment = metricsOf(totalsOf(run({ Acme: { mentions: 1, position: 1, sentences } })), 'Acme').sentiment;
    expect(sentiment.positive + sentiment.neutral + sentiment.negative).toBeCloseTo(1, 12);
    expect(sentiment.nss).toBeCloseTo(sentiment.positive - sentiment.negative, 12);
  });

  test('adds sentences across runs before dividing', () => {
    const totals = totalsOf(
      run({ Acme: { mentions: 1, position: 1, sentences: { positive: 1 } } }),
      run({ Acme: { mentions: 3, position: 1, sentences: { positive: 1, neutral: 1, negative: 1 } } }),
    );
    expect(metricsOf(totals, 'Acme').sentiment).toEqual({ positive: 0.5, neutral: 0.25, negative: 0.25, nss: 0.25 });
  });

  test('is all 0 when the brand is never mentioned', () => {
    expect(metricsOf(totalsOf(run({})), 'Acme').sentiment).toEqual({ positive: 0, neutral: 0, negative: 0, nss: 0 });
  });
});

describe('brandRank', () => {
  const ranked = (brands: Pick<BrandMetrics, 'brand' | 'mentions' | 'brandCoverage'>[]) =>
    rankBrands(
      brands.map((brand) => ({
        ...brand,
        isMainBrand: false,
        averagePosition: null,
        shareOfVoice: 0,
        sentiment: { positive: 0, neutral: 0, negative: 0, nss: 0 },
      })),
    ).map(({ brand, rank }) => [brand, rank]);

  test('orders by mentions, most first', () => {
    expect(
      ranked([
        { brand: 'Acme', mentions: 2, brandCoverage: 1 },
        { brand: 'Globex', mentions: 5, brandCoverage: 0.2 },
      ]),
    ).toEqual([
      ['Globex', 1],
      ['Acme', 2],
    ]);
  });

  test('breaks a tie in mentions by brandCoverage, highest first', () => {
    expect(
      ranked([
        { brand: 'Acme', mentions: 4, brandCoverage: 0.25 },
        { brand: 'Globex', mentions: 4, brandCoverage: 0.5 },
      ]),
    ).toEqual([
      ['Globex', 1],
      ['Acme', 2],
    ]);
  });

  test('breaks a tie in mentions and brandCoverage by name, alphabetically and case-insensitively', () => {
    expect(
      ranked([
        { brand: 'initech', mentions: 0, brandCoverage: 0 },
        { brand: 'Globex', mentions: 0, brandCoverage: 0 },
        { brand: 'Acme', mentions: 0, brandCoverage: 0 },
      ]),
    ).toEqual([
      ['Acme', 1],
      ['Globex', 2],
      ['initech', 3],
    ]);
  });

  test('ranks brands of a window from their totals', () => {
    const totals = totalsOf(
      run({ Acme: { mentions: 2, position: 2 }, Globex: { mentions: 2, position: 1 } }),
      run({ Globex: { mentions: 1, position: 1 } }),
      run({ Initech: { mentions: 3, position: 1 } }),
    );
    const ranks = rankBrands(finalizeRunTotals(totals).brands);
    expect(ranks.map(({ brand, rank, mentions }) => [brand, rank, mentions])).toEqual([
      ['Globex', 1, 3],
      ['Initech', 2, 3],
      ['Acme', 3, 2],
    ]);
  });
});

describe('partial aggregates', () => {
  const acmeRun = run({ Acme: { mentions: 2, position: 1, sentences: { positive: 1 } } }, 'completed', [
    'Brand',
    'Encyclopedia',
  ]);
  const globexRun = run({ Globex: { mentions: 1, position: 1, sentences: { negative: 1 } } }, 'completed', [
    'Unclassified',
  ]);
  const failedRun = run({ Acme: { mentions: 1, position: 2 }, Globex: { mentions: 1, position: 1 } }, 'failed', [
    'Brand',
  ]);
  const bothRun = run({
    Acme: { mentions: 1, position: 2, sentences: { neutral: 1 } },
    Initech: { mentions: 2, position: 1 },
  });
  const runs = [acmeRun, globexRun, failedRun, bothRun];

  test('per-day totals combined over a window equal the totals of all its runs', () => {
    const combined = combineRunTotals(totalsOf(acmeRun), totalsOf(globexRun, failedRun), totalsOf(bothRun));
    expect(combined).toEqual(totalsOf(...runs));
  });

  test('combining does not change its inputs', () => {
    const day = totalsOf(acmeRun);
    const before = structuredClone(day);
    combineRunTotals(day, day, day);
    expect(day).toEqual(before);
  });

  test('domain categories count the citations of completed runs, every category listed', () => {
    const { domainCategories } = finalizeRunTotals(totalsOf(...runs));
    expect(domainCategories).toHaveLength(12);
    expect(domainCategories.filter(({ value }) => value > 0)).toEqual([
      { category: 'Brand', value: 1 },
      { category: 'Encyclopedia', value: 1 },
      { category: 'Unclassified', value: 1 },
    ]);
  });

  test('the totals of one run record it as mentioned where mentions > 0, with its position', () => {
    expect(runTotals(acmeRun).brands[0]).toEqual({
      brand: 'Acme',
      isMainBrand: true,
      mentionedRuns: 1,
      mentions: 2,
      positionSum: 1,
      sentences: { positive: 1, neutral: 0, negative: 0 },
      domainCitations: 1,
      domainCitedRuns: 1,
      inversePositionSum: 1,
      buyingRuns: 1,
    });
  });

  test('a brand present in only some totals (detection changed) is kept', () => {
    const withHooli: RunTotals = { ...emptyRunTotals([...BRANDS, { brand: 'Hooli', isMainBrand: false }]), runs: 1 };
    const combined = combineRunTotals(totalsOf(acmeRun), withHooli);
    expect(combined.brands.map(({ brand }) => brand)).toEqual(['Acme', 'Globex', 'Initech', 'Hooli']);
    expect(combined.runs).toBe(2);
  });
});

describe('domain citations per brand', () => {
  const detection = compileDetection({
    ...identity('Acme', { brandDomainWildcard: true }),
    competitors: [identity('Globex', { brandDomainVariations: ['globex.io'] }), identity('Initech')],
  });
  const measured = (links: string[]) => measureRun({ state: 'completed', content: 'Acme.', citations: links.map((link) => ({ link })) }, detection);

  test('each citation is owned by the brand whose domain it cites, subdomains by the wildcard brand only', () => {
    const run = measured(['https://acme.com/a', 'https://docs.acme.com/b', 'https://www.globex.io/', 'https://sub.globex.com/', 'https://wikipedia.org/']);
    expect(run.citationOwners).toEqual([0, 0, 1, null, null]);
  });

  test('the totals count a brand’s domain citations and whether the run cites it at all', () => {
    const totals = totalsOf(measured(['https://acme.com/a', 'https://acme.com/b', 'https://globex.com/']), measured(['https://initech.com/']), measured([]));
    expect(totals.brands.map(({ brand, domainCitations, domainCitedRuns }) => [brand, domainCitations, domainCitedRuns])).toEqual([
      ['Acme', 2, 1],
      ['Globex', 1, 1],
      ['Initech', 1, 1],
    ]);
    expect(metricsOf(totals, 'Acme')).toMatchObject({ domainCitations: 2, domainCitedRuns: 1, domainCoverage: 1 / 3, mentionedRuns: 3 });
    expect(totals.domainCategories.Brand).toBe(2);
  });
});
