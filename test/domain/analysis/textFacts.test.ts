import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrandIdentity, DetectionSettings } from '../../../src/domain/brandReport/events.js';
import { analyzeFacts, analyzeRun, compileDetection, deriveTextFacts, type CompiledDetection } from '../../../src/domain/analysis/index.js';
import { leadingCueEnds, sentenceLeadingCueEnds } from '../../../src/domain/analysis/absence.js';
import { findBrandMatches } from '../../../src/domain/analysis/matcher.js';
import { analysedText } from '../../../src/domain/analysis/runAnalysis.js';
import { ENGINES } from '../../../src/domain/shared/engines.js';
import { simulateAnswer } from '../../../src/engines/simulator/index.js';
import { measureFactsContribution, measureRunContribution, type AnalysedRun } from '../../../src/projections/reportHistory/runContribution.js';
import { identity, settings } from './fixtures.js';

/** Mulberry32: seeded, so a failure names the answer that shows it. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const NAMES = ['Acme', 'Acme Cloud', 'HP', 'Zoho CRM', 'Zoho', '.NET', 'Yahoo!', 'Nimbus’s', 'Société Générale', 'Close', 'A-Team', 'Pied Piper'];

/** Reports with tricky names: punctuation at their edges, variants, shared prefixes, accents, one regex brand. */
const DETECTIONS: DetectionSettings[] = [
  settings(identity('Acme', { brandVariations: ['Acme Cloud', 'AcmeHQ'] }), identity('Zoho CRM', { brandVariations: ['Zoho'] }), identity('HP'), identity('Pied Piper')),
  settings(identity('Yahoo!'), identity('.NET'), identity('Nimbus’s', { brandVariations: ['Nimbus'] }), identity('A-Team'), identity('Société Générale')),
  settings(identity('Close', { brandDomain: 'close.com' }), identity('Acme', { brandRegex: 'acme\\s*(?:cloud|crm)' }), identity('Globex'), identity('CRM Pied'), identity('Pied Piper')),
  settings(identity('Яндекс'), identity('Acme')),
];

const FRAGMENTS = [
  (name: string) => `**${name}** is a popular choice thanks to its intuitive interface.`,
  (name: string) => `${name} can be expensive, and some users report a steep learning curve.`,
  (name: string) => `I couldn't find any reliable information about ${name} or Globex.`,
  (name: string) => `${name} is not a company I'm familiar with.`,
  (name: string) => `Teams pick non-${name} tools, ${name}'s rivals and ${name}-based setups.`,
  (name: string) => `It is not only fast but ${name} is not very good, e.g. ${name} vs. Initech.`,
  (name: string) => `1. ${name} — great for startups (see ${name.toLowerCase().replace(/[^a-z]/g, '')}.com)`,
  (name: string) => `- ${name}: hardly reliable; never buggy; not bad at all!`,
  (name: string) => `${name}\u00a0Cloud and ${name}\tCRM and ${name}\nCloud…`,
  (name: string) => `"${name}" and “${name}” and ${name}’s and ${name}ʼs and ${name}\u0301 and ſ${name}.`,
  (name: string) => `Visit https://www.${name.toLowerCase().replace(/[^a-z]/g, '')}.com/pricing for details; U.S. teams love it.`,
  (name: string) => `${name} CRM Pied Piper, ${name} Cloud Pied Piper.`,
  (name: string) => `${name.toUpperCase()} and ${name.toLowerCase()} are easy-to-use, well-known and user-friendly 😀.`,
];

const LINKS = ['https://www.acme.com/pricing', 'https://close.com/', 'https://en.wikipedia.org/wiki/CRM', 'not a link', 'www.g2.com/crm', 'https://zoho.com/crm#x'];

function generatedAnswer(seed: number): AnalysedRun {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const parts = Array.from({ length: 3 + Math.floor(next() * 8) }, () => pick(FRAGMENTS)(pick(NAMES)));
  const content = parts.join(pick([' ', '\n', '\n\n', '  ']));
  const citations = Array.from({ length: Math.floor(next() * 5) }, (_, rank) => ({ link: pick(LINKS), title: pick(['', 'Pricing', 'CRM']), rank: rank + 1 }));
  return { content, citations, runDate: '2026-03-02T09:00:00.000Z' };
}

function simulatorAnswers(): AnalysedRun[] {
  return ENGINES.flatMap((engine) =>
    Array.from({ length: 12 }, (_, index) => {
      const { content, citations: cited } = simulateAnswer({ engine, prompt: `Best CRM for agencies ${index}`, country: 'us', date: `2026-02-${10 + index}`, promptId: `pr_${index}` });
      const citations = cited.map(({ link, title }, rank) => ({ link, title: title ?? '', rank: rank + 1 }));
      return { content, citations, runDate: '2026-02-10T09:00:00.000Z' };
    }),
  );
}

/** Every string literal of the analysis and history tests, each read as an answer. */
function fixtureAnswers(): AnalysedRun[] {
  const folders = ['test/domain/analysis', 'test/projections/reportHistory'];
  const literals = folders.flatMap((folder) =>
    readdirSync(folder)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [...readFileSync(join(folder, file), 'utf8').matchAll(/'((?:[^'\\\n]|\\.){6,})'|`([^`]{6,})`/g)].map((match) => match[1] ?? match[2] ?? '')),
  );
  return [...new Set(literals)].map((content) => ({ content: content.replace(/\\n/g, '\n'), citations: [{ link: 'https://close.com/', title: '', rank: 1 }], runDate: '2026-01-05T09:00:00.000Z' }));
}

const compiled: CompiledDetection[] = DETECTIONS.map(compileDetection);

function expectSameMeasures(run: AnalysedRun): void {
  const facts = deriveTextFacts(run);
  for (const detection of compiled) {
    expect(measureFactsContribution(run, facts, detection)).toEqual(measureRunContribution(run, detection));
    expect(analyzeFacts(run.content, facts, detection)).toEqual(analyzeRun(run.content, detection));
  }
}

describe('analysis from text facts', () => {
  test('gives the same measures as the analysis of the text, for 600 generated answers under four reports', () => {
    for (let seed = 1; seed <= 600; seed++) expectSameMeasures(generatedAnswer(seed));
  });

  test("gives the same measures for the simulator's answers of every engine", () => {
    for (const run of simulatorAnswers()) expectSameMeasures(run);
  });

  test('gives the same measures for every answer written in the analysis and history tests', () => {
    const answers = fixtureAnswers();
    expect(answers.length).toBeGreaterThan(300);
    for (const run of answers) expectSameMeasures(run);
  });

  test('keep, for every sentence with a negation cue, the ends of the leading cues the regex finds in it', () => {
    const answers = [...Array.from({ length: 600 }, (_, index) => generatedAnswer(20_000 + index)), ...simulatorAnswers(), ...fixtureAnswers()];
    let sentencesWithCues = 0;
    for (const run of answers) {
      const text = analysedText(run.content);
      const facts = deriveTextFacts(run);
      const negated = facts.sentences.filter(({ start, end }) => facts.negations.some((position) => position >= start && position < end));
      const byRegex = negated.map((sentence) => leadingCueEnds(text, sentence));
      expect(facts.cueEnds).toEqual(negated.flatMap((sentence, index) => (byRegex[index] ?? []).map((end) => sentence.start + end)));
      negated.forEach((sentence, index) => expect(sentenceLeadingCueEnds(facts.cueEnds, sentence)).toEqual(byRegex[index]));
      sentencesWithCues += byRegex.filter((ends) => ends.length > 0).length;
    }
    expect(sentencesWithCues).toBeGreaterThan(300);
  });

  test('tell whether the answer is its own analysed text; facts without that (kept before it) measure the same', () => {
    const plain = generatedAnswer(1);
    const decomposed = { ...plain, content: `Socie\u0301te\u0301 Ge\u0301ne\u0301rale is not Acme. ${plain.content}` };
    expect(deriveTextFacts(plain).markFree).toBe(plain.content === analysedText(plain.content));
    expect(deriveTextFacts({ ...plain, content: 'Acme is fast.' }).markFree).toBe(true);
    expect(deriveTextFacts(decomposed).markFree).toBe(false);
    for (const run of [plain, decomposed, ...Array.from({ length: 100 }, (_, index) => generatedAnswer(20_000 + index))]) {
      const { markFree: _markFree, ...older } = deriveTextFacts(run);
      for (const detection of compiled) expect(analyzeFacts(run.content, older, detection)).toEqual(analyzeRun(run.content, detection));
    }
    expect(analyzeFacts(decomposed.content, deriveTextFacts(decomposed), compiled[1] as CompiledDetection).brands.find(({ brand }) => brand === 'Société Générale')?.mentions).toBe(1);
  });

  test('are derived once from the text alone: the same facts whatever report reads them', () => {
    const run = generatedAnswer(7);
    const facts = deriveTextFacts(run);
    for (const detection of compiled) analyzeFacts(run.content, facts, detection);
    expect(facts).toEqual(deriveTextFacts(run));
  });
});

describe('one-pass name scan', () => {
  const byRegex = (detection: CompiledDetection): CompiledDetection => ({ ...detection, matcher: { ...detection.matcher, tokenNames: null } });
  // These reports track fewer names than the scan is chosen for: it is forced, to compare it with the regex.
  const byScan = (detection: CompiledDetection): CompiledDetection => ({ ...detection, matcher: { ...detection.matcher, scanFirst: true } });

  test('finds exactly what the name regex finds, over generated, simulated and fixture answers', () => {
    const answers = [...Array.from({ length: 600 }, (_, index) => generatedAnswer(10_000 + index)), ...simulatorAnswers(), ...fixtureAnswers()];
    expect(compiled.filter(({ matcher }) => matcher.tokenNames !== null).length).toBeGreaterThan(0);
    for (const detection of compiled) {
      const regex = byRegex(detection);
      const scan = byScan(detection);
      for (const { content } of answers) expect(findBrandMatches(content, scan.matcher)).toEqual(findBrandMatches(content, regex.matcher));
    }
  });

  test('declines names it cannot fold, so the regex finds them', () => {
    const names = (brand: BrandIdentity) => compileDetection(settings(brand)).matcher.tokenNames;
    expect(names(identity('Acme'))).not.toBeNull();
    expect(names(identity('Яндекс'))).toBeNull();
    expect(analyzeRun('ЯНДЕКС и яндекс.', compileDetection(settings(identity('Яндекс')))).brands[0]?.mentions).toBe(2);
  });
});
