import { afterAll, describe, expect, test } from '@jest/globals';
import type { DetectionSettings } from '../../../src/domain/brandReport/events.js';
import { ENGINES } from '../../../src/domain/shared/engines.js';
import { simulateAnswer } from '../../../src/engines/simulator/index.js';
import { inProcessAnalyst, measureTask } from '../../../src/projections/reportHistory/analysis/analyst.js';
import { packMeasures, unpackMeasures } from '../../../src/projections/reportHistory/analysis/wire.js';
import { createWorkerAnalyst } from '../../../src/projections/reportHistory/analysis/workerAnalyst.js';
import type { AnalysedRun } from '../../../src/projections/reportHistory/runContribution.js';

const identity = (brand: string, brandDomain: string, brandVariations: string[] = []) => ({
  brand, brandVariations, brandDomain, brandDomainVariations: [], brandDomainWildcard: true, brandRegex: null,
});
const DETECTION: DetectionSettings = {
  ...identity('Nimbus CRM', 'nimbuscrm.com', ['Nimbus']),
  competitors: [identity('HubSpot', 'hubspot.com'), identity('Salesforce', 'salesforce.com'), identity('Zoho CRM', 'zoho.com', ['Zoho'])],
};

/** Simulated answers of every engine over several days: lists, bold names, citations with titles. */
const RUNS: AnalysedRun[] = Array.from({ length: 600 }, (_, index) => {
  const engine = ENGINES[index % ENGINES.length] as (typeof ENGINES)[number];
  const day = `2026-0${1 + (index % 9)}-1${index % 10}`;
  const { content, citations } = simulateAnswer({ engine, prompt: `Best CRM for small teams ${index % 13}?`, country: 'us', date: day, promptId: `pr_${index % 50}` });
  return { content, citations: citations.map(({ title = '', link, rank }) => ({ title, link, rank })), runDate: `${day}T09:00:00.000Z` };
});

const analyst = createWorkerAnalyst({ threads: 2, minimumRunsForWorkers: 100, runsPerTask: 64 });
afterAll(() => analyst.close());

describe('the analyst', () => {
  test('a run’s measures packed for the way back from a worker unpack to exactly the measures', () => {
    const measures = measureTask({ detection: DETECTION, runs: RUNS });
    expect(measures.some(({ citedUrls }) => citedUrls.length > 0)).toBe(true);
    expect(measures.some(({ names }) => names.length > 0)).toBe(true);
    expect(measures.map((measured, index) => unpackMeasures(packMeasures(measured), RUNS[index] as AnalysedRun))).toEqual(measures);
  });

  test('on worker threads, measures every run as the calling thread does, in the order given', async () => {
    const onThreads = await analyst.measure(DETECTION, RUNS);
    expect(onThreads).toHaveLength(RUNS.length);
    expect(onThreads).toEqual(await inProcessAnalyst.measure(DETECTION, RUNS));
  }, 60_000);

  test('a batch below the threshold is measured on the calling thread, with the same result', async () => {
    const few = RUNS.slice(0, 10);
    expect(await analyst.measure(DETECTION, few)).toEqual(measureTask({ detection: DETECTION, runs: few }));
  });
});
