import { compileDetection, deriveTextFacts } from '../../../domain/analysis/index.js';
import type { DetectionSettings } from '../../../domain/brandReport/events.js';
import { historyDeltaOf, type HistoryDelta, type HistoryVersion } from '../historyBatch.js';
import { measureFactsContribution, type AnalysedRun, type EvidenceFrom, type HistoryRun, type RunMeasures } from '../runContribution.js';
import { decodeFacts, encodeFacts, type EncodedFacts } from './factsCodec.js';

/** Measures of a batch, and the text facts derived for the runs that had none stored (null where they had). */
export interface MeasuredBatch {
  measures: RunMeasures[];
  derived: (EncodedFacts | null)[];
}

/**
 * Measures runs under a report version's detection and merges them into the documents they add to: the
 * CPU-bound part of building report history, apart from merging into stored documents and writing, so the live
 * projection and the rebuilder can have it done off the event loop (`createWorkerAnalyst`) while they read the
 * next events and write the previous documents.
 */
export interface RunAnalyst {
  /**
   * What the runs add to one version's history, as documents holding them alone (one delta per share of the
   * batch, in the order of `runs`), from their stored facts where `facts` has them: the merge that would
   * otherwise cost the main thread every run, done beside the measuring.
   */
  history(task: HistoryTask): Promise<HistoryDeltas>;
  close(): Promise<void>;
}

/** A version's runs to add to its history, with their stored text facts (aligned with `runs`, null where none). */
export interface HistoryTask {
  detection: DetectionSettings;
  version: HistoryVersion;
  runs: readonly HistoryRun[];
  facts: readonly (EncodedFacts | null)[];
  /** The first day the evidence read model keeps (`evidenceFrom`). */
  evidenceFrom: EvidenceFrom;
}

/** The deltas of a history task, and the text facts derived for runs that had none stored (null where they had). */
export interface HistoryDeltas {
  deltas: HistoryDelta[];
  derived: (EncodedFacts | null)[];
}

/** Runs to measure under one detection. */
export interface MeasureTask {
  detection: DetectionSettings;
  runs: readonly AnalysedRun[];
  /** Stored text facts, aligned with `runs`; missing or outdated ones are derived. */
  facts?: readonly (EncodedFacts | null)[];
  /** The first day the evidence read model keeps; every day by default. */
  evidenceFrom?: EvidenceFrom;
}

/** Text facts are derived once per run and kept: a run's measures under any report come from them. */
export function measureBatch({ detection, runs, facts = [], evidenceFrom = '' }: MeasureTask): MeasuredBatch {
  const compiled = compileDetection(detection);
  const derived: (EncodedFacts | null)[] = [];
  const measures = runs.map((run, index) => {
    const encoded = facts[index];
    const stored = encoded ? decodeFacts(encoded, run.citations) : null;
    const textFacts = stored ?? deriveTextFacts(run);
    derived.push(stored === null ? encodeFacts(textFacts, run.citations) : null);
    return measureFactsContribution(run, textFacts, compiled, evidenceFrom);
  });
  return { measures, derived };
}

/** What a worker thread runs for `RunAnalyst.history`, and the calling thread for small batches. */
export function historyTask({ detection, version, runs, facts, evidenceFrom }: HistoryTask): HistoryDeltas {
  const { measures, derived } = measureBatch({ detection, runs, facts, evidenceFrom });
  const contributions = runs.map((run, index) => ({ run, ...(measures[index] as RunMeasures) }));
  return { deltas: [historyDeltaOf(version, contributions, compileDetection(detection).brands.length)], derived };
}

/** Only what a run's history reads crosses to a worker thread: its ids and extras stay behind. */
export const historyPart = ({ runId, promptId, country, engine, content, citations, runDate }: HistoryRun): HistoryRun => ({ runId, promptId, country, engine, content, citations, runDate });

/** Measures and merges on the calling thread: for tests, commands and small batches. */
export const inProcessAnalyst: RunAnalyst = {
  history: async (task) => historyTask(task),
  close: async () => undefined,
};
