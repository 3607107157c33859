import { compileDetection, deriveTextFacts, type CompiledDetection, type TextFacts } from '../../../domain/analysis/index.js';
import type { DetectionSettings } from '../../../domain/brandReport/events.js';
import type { JsonDocument } from '../../../ports/documentStore.js';
import { historyDeltaOf, type HistoryDelta, type HistoryVersion } from '../historyBatch.js';
import { measureFactsContribution, type EvidenceFrom, type HistoryRun, type RunContribution } from '../runContribution.js';
import { decodeFacts, encodeFacts, type EncodedFacts } from './factsCodec.js';

/**
 * Measures runs under report versions' detections and merges them into the documents they add to: the
 * CPU-bound part of building report history, apart from merging into stored documents and writing, so the live
 * projection and the rebuilder can have it done off the event loop (`createWorkerAnalyst`) while they read the
 * next events and write the previous documents.
 */
export interface RunAnalyst {
  /**
   * What the runs add to each version's history, as documents holding them alone (one delta per share of the
   * batch, in the order of `runs`), from their stored facts where `facts` has them: the merge that would
   * otherwise cost the main thread every run, done beside the measuring.
   */
  history(task: HistoryTask): Promise<HistoryDeltas>;
  close(): Promise<void>;
}

/**
 * A run to add to a history: its data, or the JSON text its event's data was stored as (`eventText.ts`), which
 * the thread that measures it parses. Either way a run goes only to the versions that track its prompt.
 */
export type TaskRun = HistoryRun | string;

/**
 * A run's stored text facts: the facts document's JSON text as stored (`Collection.findJson`), the document, or
 * null where none is stored. Facts of another run or of an older analysis version are not used: they are derived.
 */
export type StoredFacts = string | (EncodedFacts & { _id?: string }) | null;

/** One report version a task adds runs to. */
export interface TaskVersion {
  detection: DetectionSettings;
  version: HistoryVersion;
}

/** Runs to add to the history of some versions, with their stored text facts (aligned with `runs`). */
export interface HistoryTask {
  versions: readonly TaskVersion[];
  runs: readonly TaskRun[];
  facts: readonly StoredFacts[];
  /** The first day the evidence read model keeps (`evidenceFrom`). */
  evidenceFrom: EvidenceFrom;
}

/** What a history task adds, per version of the task (in its order), and the text facts it derived. */
export interface HistoryDeltas {
  /** Per version, one delta per share of the task's runs. */
  deltas: HistoryDelta[][];
  /** Per version, how many of the runs it tracks: the runs its deltas hold. */
  added: number[];
  /** Text facts derived for runs that had none of the current analysis version: documents to keep, by run id. */
  derived: JsonDocument[];
}

/** Compiled detections a thread has used, by their settings: a thread measures task after task of the same report. */
const compiledDetections = new Map<string, CompiledDetection>();
const COMPILED_DETECTIONS_KEPT = 64;

function compiled(detection: DetectionSettings): CompiledDetection {
  const key = JSON.stringify(detection);
  let found = compiledDetections.get(key);
  if (!found) {
    if (compiledDetections.size >= COMPILED_DETECTIONS_KEPT) compiledDetections.clear();
    found = compileDetection(detection);
    compiledDetections.set(key, found);
  }
  return found;
}

/** The run's facts from what is stored for it, or null when nothing usable is. */
function storedFacts(run: HistoryRun, stored: StoredFacts | undefined): TextFacts | null {
  if (stored === null || stored === undefined) return null;
  const document = typeof stored === 'string' ? (JSON.parse(stored) as EncodedFacts & { _id?: string }) : stored;
  if (document._id !== undefined && document._id !== run.runId) return null;
  return decodeFacts(document, run.citations);
}

/** What a worker thread runs for `RunAnalyst.history`, and the calling thread for small batches. */
export function historyTask({ versions, runs, facts, evidenceFrom }: HistoryTask): HistoryDeltas {
  const targets = versions.map(({ detection, version }) => ({ version, detection: compiled(detection), prompts: new Set(version.promptIds) }));
  const contributions: RunContribution[][] = targets.map(() => []);
  const derived: JsonDocument[] = [];
  runs.forEach((task, index) => {
    const run = typeof task === 'string' ? historyPart(JSON.parse(task) as HistoryRun) : task;
    let textFacts: TextFacts | null = null;
    targets.forEach(({ detection, prompts }, at) => {
      if (!prompts.has(run.promptId)) return;
      if (textFacts === null) {
        textFacts = storedFacts(run, facts[index]);
        if (textFacts === null) {
          textFacts = deriveTextFacts(run);
          derived.push({ _id: run.runId, json: JSON.stringify({ _id: run.runId, ...encodeFacts(textFacts, run.citations) }) });
        }
      }
      contributions[at]?.push({ run, ...measureFactsContribution(run, textFacts, detection, evidenceFrom) });
    });
  });
  return {
    deltas: targets.map(({ version, detection }, at) => [historyDeltaOf(version, contributions[at] ?? [], detection.brands.length)]),
    added: contributions.map((runsOfVersion) => runsOfVersion.length),
    derived,
  };
}

/** Only what a run's history reads crosses to a worker thread: its ids and extras stay behind. */
export const historyPart = ({ runId, promptId, country, engine, content, citations, runDate }: HistoryRun): HistoryRun => ({ runId, promptId, country, engine, content, citations, runDate });

export const taskPart = (run: TaskRun): TaskRun => (typeof run === 'string' ? run : historyPart(run));

/** Measures and merges on the calling thread: for tests, commands and small batches. */
export const inProcessAnalyst: RunAnalyst = {
  history: async (task) => historyTask(task),
  close: async () => undefined,
};
