import { compileDetection } from '../../../domain/analysis/index.js';
import type { DetectionSettings } from '../../../domain/brandReport/events.js';
import type { RunCompleted } from '../../../domain/run/events.js';
import { measureRunContribution, type AnalysedRun, type RunContribution, type RunMeasures } from '../runContribution.js';
import { packMeasures, type PackedMeasures } from './wire.js';

/**
 * Measures runs under a report version's detection: the CPU-bound part of building report history, apart
 * from merging and writing, so the live projection and the rebuilder can have it done off the event loop
 * (`createWorkerAnalyst`) while they read the next events and write the previous documents.
 */
export interface RunAnalyst {
  /** What each run contributes under `detection`, in the order of `runs`. */
  measure(detection: DetectionSettings, runs: readonly AnalysedRun[]): Promise<RunMeasures[]>;
  close(): Promise<void>;
}

/** The task a worker thread runs, and what the in-process analyst runs: one detection, many runs. */
export interface MeasureTask {
  detection: DetectionSettings;
  runs: readonly AnalysedRun[];
}

export const measureTask = ({ detection, runs }: MeasureTask): RunMeasures[] => {
  const compiled = compileDetection(detection);
  return runs.map((run) => measureRunContribution(run, compiled));
};

/** What a worker thread runs: the measures packed for the way back. */
export const measurePackedTask = (task: MeasureTask): PackedMeasures[] => measureTask(task).map(packMeasures);

/** Measures on the calling thread: for tests, commands and small batches. */
export const inProcessAnalyst: RunAnalyst = {
  measure: async (detection, runs) => measureTask({ detection, runs }),
  close: async () => undefined,
};

/** Only what the analysis reads crosses to a worker thread: a run's ids, engine and extras stay behind. */
export const analysedPart = ({ content, citations, runDate }: AnalysedRun): AnalysedRun => ({ content, citations, runDate });

/** Runs measured by `analyst`, each with its run: what the history documents add up. */
export async function contributionsOf(analyst: RunAnalyst, detection: DetectionSettings, runs: readonly RunCompleted['data'][]): Promise<RunContribution[]> {
  const measures = await analyst.measure(detection, runs);
  return runs.map((run, index) => ({ run, ...(measures[index] as RunMeasures) }));
}
