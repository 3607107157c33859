import { describe, expect, test } from '@jest/globals';
import { recommend, type RecommendationInput } from '../../../../src/app/brandReports/analytics/recommendations/recommend.js';
import { compileDetection, deriveTextFacts, isEvidenceRun, measureFacts, measureRun, runEvidence, type EvidenceRun, type RunEvidence, type TextFacts } from '../../../../src/domain/analysis/index.js';
import { ENGINES } from '../../../../src/domain/shared/engines.js';
import { simulateAnswer } from '../../../../src/engines/simulator/index.js';
import { decodeFacts, encodeFacts } from '../../../../src/projections/reportHistory/analysis/factsCodec.js';
import { windowEvidence } from '../../../../src/projections/reportHistory/evidenceDocument.js';
import { addRunsToHistory, emptyHistoryBatch } from '../../../../src/projections/reportHistory/historyBatch.js';
import type { HistoryRun } from '../../../../src/projections/reportHistory/runContribution.js';
import { promptTotalsOf } from './support/evidence.js';

const identity = (brand: string, brandDomain: string) => ({ brand, brandVariations: [], brandDomain, brandDomainVariations: [], brandDomainWildcard: true, brandRegex: null });
const SETTINGS = {
  ...identity('Acme CRM', 'acme-crm.com'),
  competitors: [identity('HubSpot CRM', 'hubspot.com'), identity('Zoho CRM', 'zoho.com'), identity('Pipedrive', 'pipedrive.com')],
};
const DETECTION = compileDetection(SETTINGS);
const PROMPTS = Array.from({ length: 6 }, (_, index) => `pr_${index}`);
const VERSION = { reportId: 'br_evidence', version: 1, promptIds: PROMPTS };

/**
 * Simulated answers over 30 days, 6 prompts and every engine in log order, not date order. Some speak of the
 * brand negatively, some cite the brand's or a competitor's site, so every kind of recommendation has evidence.
 */
const RUNS: HistoryRun[] = Array.from({ length: 840 }, (_, index) => {
  const engine = ENGINES[index % ENGINES.length] as (typeof ENGINES)[number];
  const promptId = PROMPTS[Math.floor(index / ENGINES.length) % PROMPTS.length] as string;
  const day = `2026-11-${String(1 + ((index * 7) % 30)).padStart(2, '0')}`;
  const { content, citations } = simulateAnswer({ engine, prompt: `Best CRM for teams ${promptId}?`, country: 'us', date: day, promptId });
  const extra = index % 11 === 0 ? [{ title: 'HubSpot pricing', link: 'https://www.hubspot.com/pricing', rank: 90 }] : index % 13 === 0 && PROMPTS.indexOf(promptId) < 3 ? [{ title: 'Acme CRM', link: 'https://acme-crm.com/', rank: 91 }] : [];
  return {
    runId: `run_${String(index).padStart(4, '0')}`,
    promptId,
    country: 'us',
    engine,
    content: `${index % 9 === 0 ? 'Acme CRM is unreliable and slow, with poor support. ' : ''}${content}`,
    citations: [...citations.map(({ title = '', link, rank }) => ({ title, link, rank })), ...extra],
    runDate: `${day}T${String(index % 24).padStart(2, '0')}:00:00.000Z`,
  };
});

/** Every run measured on its own from its text, with the run it quotes. */
const measuredRun = (run: HistoryRun): EvidenceRun => ({
  runId: run.runId,
  promptId: run.promptId,
  engine: run.engine,
  runDate: run.runDate,
  ...runEvidence(run, measureRun({ state: 'completed', content: run.content, citations: run.citations }, DETECTION), DETECTION),
});

const byDateThenId = (left: EvidenceRun, right: EvidenceRun): number =>
  left.runDate < right.runDate ? -1 : left.runDate > right.runDate ? 1 : left.runId < right.runId ? -1 : left.runId > right.runId ? 1 : 0;

const common: Omit<RecommendationInput, 'runs' | 'promptTotals' | 'windowRuns'> = {
  prompts: new Map(PROMPTS.map((promptId) => [promptId, `Best CRM for teams ${promptId}?`])),
  brands: [SETTINGS, ...SETTINGS.competitors],
  country: 'us',
  engine: null,
};

describe('the evidence read model', () => {
  const batch = emptyHistoryBatch();
  addRunsToHistory(batch, VERSION, RUNS, DETECTION);
  const documents = [...batch.evidence.values()];
  const everyRun = RUNS.map(measuredRun).sort(byDateThenId);

  test('keeps only the runs a recommendation may quote, and counts every run', () => {
    const kept = documents.reduce((sum, { runs }) => sum + runs.length, 0);
    expect(kept).toBe(everyRun.filter(isEvidenceRun).length);
    expect(kept).toBeGreaterThan(50);
    expect(kept).toBeLessThan(RUNS.length);
    expect(documents.reduce((sum, { engines }) => sum + engines.reduce((runs, [, count]) => runs + count, 0), 0)).toBe(RUNS.length);
  });

  test.each([
    ['every engine', undefined],
    ['one engine', new Set(['perplexity'])],
    ['three engines', new Set(['chatgpt', 'gemini', 'claude'])],
    ['no engine', new Set<string>()],
  ])('%s: its recommendations equal those of every run measured from its text', (_case, engines) => {
    const selected = everyRun.filter(({ engine }) => !engines || engines.has(engine));
    const expected = recommend({ ...common, runs: selected, promptTotals: promptTotalsOf(selected), windowRuns: selected.length });
    const { runs, totals } = windowEvidence(structuredClone(documents), engines);
    const actual = recommend({ ...common, runs, promptTotals: totals, windowRuns: [...totals.values()].reduce((sum, { runs: count }) => sum + count, 0) });
    expect(actual).toEqual(expected);
    if (engines?.size !== 0) {
      // The answers hold evidence of every kind the runs can give.
      expect(new Set(actual.map(({ type }) => type))).toEqual(new Set(['content_gap', 'content_partnership_opportunities', 'own_site_citations', 'sentiment_risk']));
    } else expect(actual).toEqual([]);
  });

  test('from a first kept day on: earlier runs count in every other document, in no evidence; later ones recommend as every run does', () => {
    const from = '2026-11-16';
    const cut = emptyHistoryBatch();
    addRunsToHistory(cut, VERSION, RUNS, DETECTION, from);
    expect([...cut.evidence.values()].every(({ day }) => day >= from)).toBe(true);
    expect([...cut.evidence.values()].filter(({ day }) => day >= from)).toEqual(documents.filter(({ day }) => day >= from));
    expect(cut.days).toEqual(batch.days);
    expect(cut.promptTotals).toEqual(batch.promptTotals);
    const selected = everyRun.filter(({ runDate }) => runDate >= from);
    const { runs, totals } = windowEvidence([...cut.evidence.values()], undefined);
    expect(recommend({ ...common, runs, promptTotals: totals, windowRuns: selected.length })).toEqual(
      recommend({ ...common, runs: selected, promptTotals: promptTotalsOf(selected), windowRuns: selected.length }),
    );
  });

  test('kept runs come back oldest first, then by id, whatever order the log gave them', () => {
    const { runs } = windowEvidence(documents, undefined);
    expect(runs.map(({ runId }) => runId)).toEqual(everyRun.filter(isEvidenceRun).map(({ runId }) => runId));
  });
});

describe('which runs are kept as evidence', () => {
  const evidence = (mentions: number[], owners: (number | null)[] = [], negativeSentences: string[] = []): RunEvidence => ({
    mentions,
    citations: owners.map((owner, index) => ({ url: `https://site${index}.com/`, domain: `site${index}.com`, title: '', category: 'Others', owner })),
    negativeSentences,
    sentences: { positive: 0, neutral: 1, negative: negativeSentences.length },
  });

  test.each([
    ['the brand and a competitor named, the brand’s site cited', evidence([1, 1], [0]), false],
    ['neither named, a third-party page cited', evidence([0, 0], [null]), false],
    ['a competitor named without the brand', evidence([0, 2]), true],
    ['a competitor’s site cited', evidence([1, 0], [1]), true],
    ['a negative sentence about the brand', evidence([1, 0], [], ['Acme is slow.']), true],
  ])('%s: %s', (_case, run, kept) => {
    expect(isEvidenceRun(run)).toBe(kept);
  });
});

describe('runEvidence', () => {
  /** The facts as the history stores them: derived, encoded, then decoded with the run's links. */
  const stored = (run: HistoryRun): TextFacts => decodeFacts(encodeFacts(deriveTextFacts(run), run.citations), run.citations) as TextFacts;

  test('from stored text facts, a run’s evidence is the one its text gives, negative sentences quoted', () => {
    const fromFacts = RUNS.map((run) => runEvidence(run, measureFacts(run.content, stored(run), DETECTION), DETECTION));
    expect(fromFacts).toEqual(RUNS.map((run) => runEvidence(run, measureRun({ state: 'completed', content: run.content, citations: run.citations }, DETECTION), DETECTION)));
    expect(fromFacts.filter(({ negativeSentences }) => negativeSentences.length > 0).length).toBeGreaterThan(50);
    expect(fromFacts.filter(({ citations }) => citations.some(({ owner }) => owner === 1)).length).toBeGreaterThan(50);
    expect(fromFacts.every(({ negativeSentences, sentences }) => negativeSentences.length === sentences.negative)).toBe(true);
  });
});
