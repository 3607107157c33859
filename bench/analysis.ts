/**
 * Throughput of answer analysis on one core: for each run, brand matching, sentence splitting, absence
 * statements and sentence sentiment over a ~3 KB answer that names a brand and 10 competitors, plus the
 * categorisation of its ~10 citations. Answers are generated deterministically, shaped like engine answers
 * (intro, ranked markdown list, comparisons, caveats, links).
 */
import { performance } from 'node:perf_hooks';
import type { DetectionSettings } from '../src/domain/brandReport/events.js';
import {
  analyzeRun,
  citationCategory,
  compileDetection,
  deriveTextFacts,
  measureFacts,
  type CompiledDetection,
  type TextFacts,
} from '../src/domain/analysis/index.js';
import { encodeFacts } from '../src/projections/reportHistory/analysis/factsCodec.js';

const DISTINCT_ANSWERS = 200;
const WARMUP_RUNS = 5_000;
const MEASURED_RUNS = 50_000;

const COMPETITORS = [
  'Globex',
  'Initech',
  'Umbrella CRM',
  'Hooli',
  'Stark Suite',
  'Wayne Desk',
  'Soylent',
  'Vandelay',
  'Pied Piper',
  'Zoho',
];

const domainOf = (brand: string): string => `${brand.toLowerCase().replace(/\s+/g, '')}.com`;

const identity = (brand: string, brandVariations: string[] = []) => ({
  brand,
  brandVariations,
  brandDomain: domainOf(brand),
  brandDomainVariations: [],
  brandDomainWildcard: true,
  brandRegex: null,
});

const DETECTION: DetectionSettings = {
  ...identity('Acme', ['Acme Cloud', 'Acme CRM', 'AcmeHQ']),
  competitors: COMPETITORS.map((name) => identity(name, [`${name} App`])),
};

const CITED_LINKS = [
  'https://www.acme.com/pricing',
  'https://docs.globex.com/start',
  'https://en.wikipedia.org/wiki/Customer_relationship_management',
  'https://www.reddit.com/r/sales/comments/abc/best_crm/',
  'https://www.g2.com/categories/crm',
  'https://www.capterra.com/crm-software/',
  'https://www.forbes.com/advisor/business/software/best-crm-small-business/',
  'https://www.youtube.com/watch?v=abc123',
  'https://medium.com/@someone/crm-review-2025',
  'https://www.nytimes.com/2025/01/02/technology/crm.html',
  'https://www.sba.gov/business-guide/manage-your-business',
  'https://hbs.edu/research/crm',
  'https://www.techradar.com/best/crm',
  'https://blog.someindie.dev/why-we-left-hooli',
  'https://www.linkedin.com/pulse/crm-trends',
  'https://zoho.com/crm/#features',
];

const PHRASES = [
  (brand: string) =>
    `**${brand}** is a popular choice for small teams thanks to its intuitive interface and reliable automation.`,
  (brand: string) =>
    `${brand} can be expensive for larger organisations, and some users report a steep learning curve.`,
  (brand: string) => `${brand} offers integrations with Slack, Gmail and over 200 other tools (e.g. Zapier, Make).`,
  (brand: string) => `Reviewers on G2 praise ${brand}'s customer support, although its reporting is limited.`,
  (brand: string) => `Compared with other vendors, ${brand} focuses on pipeline management at $25 per user per month.`,
  (brand: string) => `I couldn't find any reliable information about ${brand}'s enterprise tier.`,
  (brand: string) => `${brand} was founded in 2012 and is headquartered in Austin, Texas (see ${domainOf(brand)}).`,
  (brand: string) => `Many teams pick ${brand} because it is not complicated and the mobile app is excellent.`,
];

/** Mulberry32: a tiny seeded generator, so every bench run analyses the same answers. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Answer {
  content: string;
  citations: string[];
}

function answer(seed: number): Answer {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const brands = ['Acme', 'Acme Cloud', ...COMPETITORS];
  const lines = ['Here are some of the best CRM tools for small businesses in 2025, based on reviews and pricing:', ''];
  for (let rank = 1; lines.join('\n').length < 2_850; rank++) {
    const brand = pick(brands);
    lines.push(`${rank}. ${pick(PHRASES)(brand)} ${pick(PHRASES)(pick(brands))}`);
  }
  lines.push('', `In short, ${pick(brands)} and ${pick(brands)} are both solid options; try the free trials first.`);
  const citations = Array.from({ length: 10 }, () => pick(CITED_LINKS));
  return { content: lines.join('\n'), citations };
}

/** The checksum keeps every result in use. */
function analyseAll(runs: readonly Answer[], count: number, detection: CompiledDetection): number {
  let checksum = 0;
  for (let index = 0; index < count; index++) {
    const run = runs[index % runs.length] as Answer;
    const analysis = analyzeRun(run.content, detection);
    checksum += analysis.brands[0]?.mentions ?? 0;
    for (const link of run.citations) checksum += citationCategory(link, detection).length;
  }
  return checksum;
}

/** What a replay does per run and report once the run's text facts are kept: names found, counted, citations owned. */
function analyseFactsAll(runs: readonly Answer[], facts: readonly TextFacts[], count: number, detection: CompiledDetection): number {
  let checksum = 0;
  for (let index = 0; index < count; index++) {
    const measured = measureFacts((runs[index % runs.length] as Answer).content, facts[index % runs.length] as TextFacts, detection);
    checksum += (measured.analysis.brands[0]?.mentions ?? 0) + measured.citationCategories.length;
  }
  return checksum;
}

const asRecorded = (run: Answer) => ({ content: run.content, citations: run.citations.map((link) => ({ link })) });

/** The floor: one V8 regex pass over each answer for every tracked name, and nothing else. */
function regexPassAll(runs: readonly Answer[], count: number, names: RegExp): number {
  let checksum = 0;
  for (let index = 0; index < count; index++) {
    const run = runs[index % runs.length] as Answer;
    names.lastIndex = 0;
    while (names.exec(run.content) !== null) checksum += 1;
  }
  return checksum;
}

const runsPerSecond = (count: number, run: () => void): number => {
  const startedAt = performance.now();
  run();
  return Math.round(count / ((performance.now() - startedAt) / 1_000));
};

export async function benchAnalysis(): Promise<Record<string, number>> {
  const runs = Array.from({ length: DISTINCT_ANSWERS }, (_, index) => answer(index + 1));
  const detection = compileDetection(DETECTION);
  const allNames = [DETECTION, ...DETECTION.competitors].flatMap(({ brand, brandVariations }) => [brand, ...brandVariations]);
  const names = new RegExp(allNames.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length).join('|'), 'giu');
  analyseAll(runs, WARMUP_RUNS, detection);
  regexPassAll(runs, WARMUP_RUNS, names);
  const analysed = runsPerSecond(MEASURED_RUNS, () => analyseAll(runs, MEASURED_RUNS, detection));
  const floor = runsPerSecond(MEASURED_RUNS, () => regexPassAll(runs, MEASURED_RUNS, names));
  const derive = runsPerSecond(MEASURED_RUNS / 5, () => {
    for (let index = 0; index < MEASURED_RUNS / 5; index++) deriveTextFacts(asRecorded(runs[index % runs.length] as Answer));
  });
  const facts = runs.map((run) => deriveTextFacts(asRecorded(run)));
  analyseFactsAll(runs, facts, WARMUP_RUNS, detection);
  const fromFacts = runsPerSecond(MEASURED_RUNS, () => analyseFactsAll(runs, facts, MEASURED_RUNS, detection));
  const factsBytes = runs.reduce((sum, run, index) => sum + Buffer.byteLength(JSON.stringify(encodeFacts(facts[index] as TextFacts, asRecorded(run).citations))), 0);
  const averageBytes = runs.reduce((sum, run) => sum + Buffer.byteLength(run.content), 0) / runs.length;
  return {
    analysisRunsPerSecond: analysed,
    analysisFloorOneRegexPassRunsPerSecond: floor,
    analysisRatioToFloor: analysed / floor,
    analysisFromFactsRunsPerSecond: fromFacts,
    analysisFromFactsRatioToFloor: fromFacts / floor,
    analysisDeriveFactsRunsPerSecond: derive,
    analysisFactsBytesPerRun: Math.round(factsBytes / runs.length),
    analysisAnswerBytes: Math.round(averageBytes),
    analysisNamesTracked: allNames.length,
  };
}
