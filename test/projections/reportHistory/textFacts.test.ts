import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYSIS_VERSION, analyzeFacts, analyzeRun, compileDetection, deriveTextFacts } from '../../../src/domain/analysis/index.js';
import type { DetectionSettings } from '../../../src/domain/brandReport/events.js';
import { ENGINES } from '../../../src/domain/shared/engines.js';
import { simulateAnswer } from '../../../src/engines/simulator/index.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { historyTask } from '../../../src/projections/reportHistory/analysis/analyst.js';
import { decodeFacts, encodeFacts } from '../../../src/projections/reportHistory/analysis/factsCodec.js';
import { historyDeltaOf } from '../../../src/projections/reportHistory/historyBatch.js';
import { measureRunContribution, type AnalysedRun, type HistoryRun } from '../../../src/projections/reportHistory/runContribution.js';
import { loadTextFacts, saveTextFacts, type TextFactsDoc } from '../../../src/projections/reportHistory/textFactsStore.js';

const identity = (brand: string, brandDomain: string, brandVariations: string[] = []) => ({
  brand, brandVariations, brandDomain, brandDomainVariations: [], brandDomainWildcard: true, brandRegex: null,
});
const DETECTION: DetectionSettings = {
  ...identity('Nimbus CRM', 'nimbuscrm.com', ['Nimbus']),
  competitors: [identity('HubSpot', 'hubspot.com'), identity('Salesforce', 'salesforce.com'), identity('Zoho CRM', 'zoho.com', ['Zoho'])],
};

const RUNS: HistoryRun[] = Array.from({ length: 120 }, (_, index) => {
  const engine = ENGINES[index % ENGINES.length] as (typeof ENGINES)[number];
  const day = `2026-0${1 + (index % 9)}-1${index % 10}`;
  const promptId = `pr_${index % 40}`;
  const { content, citations } = simulateAnswer({ engine, prompt: `Best CRM for agencies ${index % 11}?`, country: 'us', date: day, promptId });
  const cited = citations.map(({ title = '', link, rank }) => ({ title, link, rank }));
  return { runId: `pr_${index}.${engine}.${day}`, promptId, country: 'us', engine, content, citations: cited, runDate: `${day}T09:00:00.000Z` };
});
const VERSION = { reportId: 'br_facts', version: 1, promptIds: [...new Set(RUNS.map(({ promptId }) => promptId))] };

describe('stored text facts', () => {
  test('decode to exactly the facts derived from the answer', () => {
    for (const run of RUNS) {
      const facts = deriveTextFacts(run);
      expect(decodeFacts(encodeFacts(facts, run.citations), run.citations)).toEqual(facts);
    }
  });

  test('decode with the ends of their leading absence cues, and measure from them as the answer does', () => {
    const compiled = compileDetection(DETECTION);
    const statements = [
      "I couldn't find any reliable information about Nimbus CRM or HubSpot.",
      "Zoho is not a company I'm familiar with, and I have never heard of a tool called Nimbus.",
      'There is no information available about Salesforce. My training data does not include HubSpot!',
    ];
    for (const [index, run] of RUNS.slice(0, 30).entries()) {
      const content = `${statements[index % statements.length] ?? ''}\n${run.content}\n${statements[(index + 1) % statements.length] ?? ''}`;
      const facts = deriveTextFacts({ ...run, content });
      expect(facts.cueEnds.length).toBeGreaterThanOrEqual(2);
      const decoded = decodeFacts(encodeFacts(facts, run.citations), run.citations);
      expect(decoded).toEqual(facts);
      expect(analyzeFacts(content, decoded ?? facts, compiled)).toEqual(analyzeRun(content, compiled));
    }
  });

  test('stored before they said whether the answer is its own analysed text, decode without saying it', () => {
    const run = RUNS[0] as AnalysedRun;
    const facts = deriveTextFacts(run);
    expect(facts.markFree).toBe(true);
    expect(encodeFacts(facts, run.citations).m).toBe(1);
    const { m: _m, ...older } = encodeFacts(facts, run.citations);
    const { markFree: _markFree, ...withoutIt } = facts;
    expect(decodeFacts(older, run.citations)).toEqual(withoutIt);
  });

  test('of an earlier analysis version are not used: they decode to nothing', () => {
    const run = RUNS[0] as AnalysedRun;
    const encoded = encodeFacts(deriveTextFacts(run), run.citations);
    expect(decodeFacts({ ...encoded, v: ANALYSIS_VERSION - 1 }, run.citations)).toBeNull();
  });

  test('a batch without stored facts derives them; measured again from them, it derives none and measures the same', () => {
    const compiled = compileDetection(DETECTION);
    const task = (facts: readonly (string | null)[]) => ({ versions: [{ detection: DETECTION, version: VERSION }], runs: RUNS, facts, evidenceFrom: '' });
    const first = historyTask(task([]));
    expect(first.derived.map(({ _id }) => _id)).toEqual(RUNS.map(({ runId }) => runId));
    const measuredAlone = RUNS.map((run) => ({ run, ...measureRunContribution(run, compiled) }));
    expect(first.deltas).toEqual([[historyDeltaOf(VERSION, measuredAlone, compiled.brands.length)]]);
    const again = historyTask(task(first.derived.map(({ json }) => json)));
    expect(again.derived).toEqual([]);
    expect(again.deltas).toEqual(first.deltas);
  });
});

describe('the text facts collection', () => {
  let dataDir: string;
  let store: SqliteDocumentStore;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'geolens-text-facts-'));
    store = await SqliteDocumentStore.open(dataDir);
  });
  afterAll(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('keeps derived facts by run id and reads back each run’s stored text, aligned with the runs asked for', async () => {
    const collection = store.collection<TextFactsDoc>('reportHistory_test_textFacts');
    const runs = RUNS.slice(0, 3);
    const derived = runs.map(({ runId, ...run }) => ({ _id: runId, json: JSON.stringify({ _id: runId, ...encodeFacts(deriveTextFacts(run), run.citations) }) }));
    await saveTextFacts(collection, [derived[0], derived[2]].filter((document) => document !== undefined));

    const loaded = await loadTextFacts(collection, [...runs].reverse().map(({ runId }) => runId));

    expect(loaded).toEqual([derived[2]?.json, null, derived[0]?.json]);
    expect(await loadTextFacts(collection, [])).toEqual([]);
  });
});
