import { compileDetection, deriveTextFacts } from '../../../domain/analysis/index.js';
import type { DetectionSettings } from '../../../domain/brandReport/events.js';
import type { RunCompleted } from '../../../domain/run/events.js';
import { measureFactsContribution, type AnalysedRun, type RunContribution, type RunMeasures } from '../runContribution.js';
import { decodeFacts, encodeFacts, type EncodedFacts } from './factsCodec.js';
import { packMeasures, type PackedMeasures } from './wire.js';

/** Measures of a batch, and the text facts derived for the runs that had none stored (null where they had). */
export interface MeasuredBatch {
  measures: RunMeasures[];
  derived: (EncodedFacts | null)[];
}

/**
 * Measures runs under a report version's detection: the CPU-bound part of building report history, apart
 * from merging and writing, so the live projection and the rebuilder can have it done off the event loop
 * (`createWorkerAnalyst`) while they read the next events and write the previous documents.
 */
export interface RunAnalyst {
  /** What each run contributes under `detection`, in the order of `runs`. */
  measure(detection: DetectionSettings, runs: readonly AnalysedRun[]): Promise<RunMeasures[]>;
  /** The same, from each run's stored text facts where `facts` has them (aligned with `runs`). */
  measureWithFacts(detection: DetectionSettings, runs: readonly AnalysedRun[], facts: readonly (EncodedFacts | null)[]): Promise<MeasuredBatch>;
  close(): Promise<void>;
}

/** The task a worker thread runs, and what the in-process analyst runs: one detection, many runs. */
export interface MeasureTask {
  detection: DetectionSettings;
  runs: readonly AnalysedRun[];
  /** Stored text facts, aligned with `runs`; missing or outdated ones are derived. */
  facts?: readonly (EncodedFacts | null)[];
}

/** Text facts are derived once per run and kept: a run's measures under any report come from them. */
export function measureBatch({ detection, runs, facts = [] }: MeasureTask): MeasuredBatch {
  const compiled = compileDetection(detection);
  const derived: (EncodedFacts | null)[] = [];
  const measures = runs.map((run, index) => {
    const encoded = facts[index];
    const stored = encoded ? decodeFacts(encoded, run.citations) : null;
    const textFacts = stored ?? deriveTextFacts(run);
    derived.push(stored === null ? encodeFacts(textFacts, run.citations) : null);
    return measureFactsContribution(run, textFacts, compiled);
  });
  return { measures, derived };
}

export const measureTask = (task: MeasureTask): RunMeasures[] => measureBatch(task).measures;

/** What a worker thread runs: the measures packed for the way back. */
export const measurePackedTask = (task: MeasureTask): [PackedMeasures[], (EncodedFacts | null)[]] => {
  const { measures, derived } = measureBatch(task);
  return [measures.map(packMeasures), derived];
};

/** Measures on the calling thread: for tests, commands and small batches. */
export const inProcessAnalyst: RunAnalyst = {
  measure: async (detection, runs) => measureTask({ detection, runs }),
  measureWithFacts: async (detection, runs, facts) => measureBatch({ detection, runs, facts }),
  close: async () => undefined,
};

/** Only what the analysis reads crosses to a worker thread: a run's ids, engine and extras stay behind. */
export const analysedPart = ({ content, citations, runDate }: AnalysedRun): AnalysedRun => ({ content, citations, runDate });

/** Runs measured by `analyst` (from their facts where stored), each with its run, and the facts derived meanwhile. */
export async function contributionsOf(
  analyst: RunAnalyst,
  detection: DetectionSettings,
  runs: readonly RunCompleted['data'][],
  facts: readonly (EncodedFacts | null)[],
): Promise<{ contributions: RunContribution[]; derived: (EncodedFacts | null)[] }> {
  const { measures, derived } = await analyst.measureWithFacts(detection, runs, facts);
  return { contributions: runs.map((run, index) => ({ run, ...(measures[index] as RunMeasures) })), derived };
}
