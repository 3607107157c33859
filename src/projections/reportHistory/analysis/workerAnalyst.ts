import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { AnalysedRun } from '../runContribution.js';
import { analysedPart, inProcessAnalyst, type MeasureTask, type RunAnalyst } from './analyst.js';
import { unpackMeasures, type PackedMeasures } from './wire.js';

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
  let pool: Piscina<MeasureTask, PackedMeasures[]> | null = null;
  const started = () =>
    (pool ??= new Piscina<MeasureTask, PackedMeasures[]>({
      filename: new URL('./measureWorker.mjs', import.meta.url).href,
      // All threads from the start: piscina 4 with minThreads 0 leaves tasks queued for good.
      minThreads: threads,
      maxThreads: threads,
    }));
  return {
    async measure(detection, runs) {
      if (runs.length < minimumRunsForWorkers) return inProcessAnalyst.measure(detection, runs);
      const size = Math.max(50, Math.min(runsPerTask, Math.ceil(runs.length / threads)));
      const tasks: Promise<PackedMeasures[]>[] = [];
      for (let from = 0; from < runs.length; from += size) {
        tasks.push(started().run({ detection, runs: runs.slice(from, from + size).map(analysedPart) }));
      }
      return (await Promise.all(tasks)).flat().map((packed, index) => unpackMeasures(packed, runs[index] as AnalysedRun));
    },
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
