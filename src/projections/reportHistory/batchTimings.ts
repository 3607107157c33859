import { performance } from 'node:perf_hooks';

/** Where a rebuild batch's wall time went; for the replay benchmark. */
export interface BatchTimings {
  runs: number;
  /** Reading and decoding run events from the event log (the next batch's, while this one is analysed). */
  readEventsMs: number;
  /** Waiting for the analysis of the answers (and the workers' merge of them), then merging that into the stored documents. */
  analysisMs: number;
  /** Loading the day documents a batch touches and committing them with the version's progress. */
  writeReadModelsMs: number;
}

type Phase = Exclude<keyof BatchTimings, 'runs'>;

/** Splits a batch's wall time into consecutive phases. */
export class PhaseTimer {
  readonly phases: Record<Phase, number> = { readEventsMs: 0, analysisMs: 0, writeReadModelsMs: 0 };
  private last = performance.now();

  lap(phase: Phase): void {
    const now = performance.now();
    this.phases[phase] += now - this.last;
    this.last = now;
  }
}
