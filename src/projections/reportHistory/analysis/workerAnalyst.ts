import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { taskPart, inProcessAnalyst, type HistoryDeltas, type HistoryTask, type RunAnalyst } from './analyst.js';

export interface WorkerAnalystOptions {
  /** Worker threads; default: one per core. */
  threads?: number;
  /** Batches smaller than this are measured (and merged) on the calling thread: a worker's round trip would cost more. */
  minimumRunsForWorkers?: number;
  /** Runs per task: a batch is split so that every thread has a share. */
  runsPerTask?: number;
}

/**
 * Measures runs on worker threads (piscina): a batch is cut into tasks of a few hundred runs, spread over one
 * thread per core; only what a run's history reads is sent, and each task comes back as the documents its
 * runs add to (a delta, `historyBatch.ts`), so the main thread merges a few documents per task, not every run.
 * The threads start with the first batch large enough for them, so a command or a service that only records
 * the odd run starts none.
 */
/**
 * The worker thread's entry: the compiled module when this one is compiled JavaScript, else a shim that loads the
 * TypeScript module through tsx (a worker thread inherits no loader registered at run time).
 */
const WORKER_ENTRY = import.meta.url.endsWith('.js') ? './measureWorker.js' : './measureWorker.mjs';

export function createWorkerAnalyst(options: WorkerAnalystOptions = {}): RunAnalyst {
  const threads = options.threads ?? availableParallelism();
  const minimumRunsForWorkers = options.minimumRunsForWorkers ?? 200;
  const runsPerTask = options.runsPerTask ?? 250;
  let pool: Piscina<HistoryTask, HistoryDeltas> | null = null;
  const started = () =>
    (pool ??= new Piscina<HistoryTask, HistoryDeltas>({
      filename: new URL(WORKER_ENTRY, import.meta.url).href,
      // All threads from the start: piscina 4 with minThreads 0 leaves tasks queued for good.
      minThreads: threads,
      maxThreads: threads,
    }));
  /** Each thread's share of `count` runs, in task sizes. */
  const shares = (count: number): Array<[from: number, to: number]> => {
    const size = Math.max(50, Math.min(runsPerTask, Math.ceil(count / threads)));
    const ranges: Array<[number, number]> = [];
    for (let from = 0; from < count; from += size) ranges.push([from, Math.min(count, from + size)]);
    return ranges;
  };
  const history = async (task: HistoryTask): Promise<HistoryDeltas> => {
    const { versions, runs, facts, evidenceFrom } = task;
    if (runs.length < minimumRunsForWorkers) return inProcessAnalyst.history(task);
    // A version document carries more than its history reads: only its key and prompts cross.
    const targets = versions.map(({ detection, version: { reportId, version, promptIds } }) => ({ detection, version: { reportId, version, promptIds } }));
    const tasks = shares(runs.length).map(([from, to]): Promise<HistoryDeltas> =>
      started().run({ versions: targets, runs: runs.slice(from, to).map(taskPart), facts: facts.slice(from, to), evidenceFrom }),
    );
    const results = await Promise.all(tasks);
    return {
      deltas: targets.map((_, at) => results.flatMap(({ deltas }) => deltas[at] ?? [])),
      added: targets.map((_, at) => results.reduce((sum, { added }) => sum + (added[at] ?? 0), 0)),
      derived: results.flatMap(({ derived }) => derived),
    };
  };
  return {
    history,
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
