import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { AnalysedRun } from '../runContribution.js';
import { analysedPart, inProcessAnalyst, type MeasuredBatch, type MeasureTask, type RunAnalyst } from './analyst.js';
import type { EncodedFacts } from './factsCodec.js';
import { unpackMeasures, type PackedMeasures } from './wire.js';

/** A worker's answer: the measures packed, and the facts it derived. */
type WorkerResult = [PackedMeasures[], (EncodedFacts | null)[]];

export interface WorkerAnalystOptions {
  /** Worker threads; default: one per core. */
  threads?: number;
  /** Batches smaller than this are measured on the calling thread: a worker's round trip would cost more. */
  minimumRunsForWorkers?: number;
  /** Runs per task: a batch is split so that every thread has a share. */
  runsPerTask?: number;
}

/**
 * Measures runs on worker threads (piscina): a batch is cut into tasks of a few hundred runs, spread over one
 * thread per core; only what the analysis reads is sent, and only what the run cannot tell comes back
 * (`wire.ts`). The threads start with the first batch large enough for them, so a command or a service that
 * only records the odd run starts none.
 */
export function createWorkerAnalyst(options: WorkerAnalystOptions = {}): RunAnalyst {
  const threads = options.threads ?? availableParallelism();
  const minimumRunsForWorkers = options.minimumRunsForWorkers ?? 200;
  const runsPerTask = options.runsPerTask ?? 250;
  let pool: Piscina<MeasureTask, WorkerResult> | null = null;
  const started = () =>
    (pool ??= new Piscina<MeasureTask, WorkerResult>({
      filename: new URL('./measureWorker.mjs', import.meta.url).href,
      // All threads from the start: piscina 4 with minThreads 0 leaves tasks queued for good.
      minThreads: threads,
      maxThreads: threads,
    }));
  const measureWithFacts = async (detection: MeasureTask['detection'], runs: readonly AnalysedRun[], facts: readonly (EncodedFacts | null)[]): Promise<MeasuredBatch> => {
    if (runs.length < minimumRunsForWorkers) return inProcessAnalyst.measureWithFacts(detection, runs, facts);
    const size = Math.max(50, Math.min(runsPerTask, Math.ceil(runs.length / threads)));
    const tasks: Promise<WorkerResult>[] = [];
    for (let from = 0; from < runs.length; from += size) {
      tasks.push(started().run({ detection, runs: runs.slice(from, from + size).map(analysedPart), facts: facts.slice(from, from + size) }));
    }
    const results = await Promise.all(tasks);
    return {
      measures: results.flatMap(([packed]) => packed).map((packed, index) => unpackMeasures(packed, runs[index] as AnalysedRun)),
      derived: results.flatMap(([, derived]) => derived),
    };
  };
  return {
    measure: async (detection, runs) => (await measureWithFacts(detection, runs, [])).measures,
    measureWithFacts,
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
