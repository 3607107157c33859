import { replicateOf, RUN_EVENT_TYPES, runDay, type RunEvent } from '../../domain/run/events.js';
import type { Answer } from '../../domain/run/schema.js';
import type { Doc } from '../../ports/documentStore.js';
import type { Projection } from '../runner/projection.js';

/**
 * A recorded run, one document per run, shared by every report: who, when, where and how it ended. The answer
 * itself (content, citations, ads, shopping, searches) stays in the run's event only: the read model refers to it
 * by run id (`runStream`), so it is not a second copy of the event log (`withAnswers` in the reader reads it).
 */
export interface RunDoc extends Doc {
  promptId: string;
  workspaceId: string;
  country: string;
  engine: string;
  runDate: string;
  /** UTC date of `runDate`: windows filter on it. */
  day: string;
  /** Equals `runDate`: the sort key of newest-first cursor paging. */
  createdDate: string;
  state: 'completed' | 'failed';
  source: string;
  model: string | null;
  error: string | null;
  /** Which of the day's runs of its prompt and engine it is; null for an imported run that gave none. */
  replicate: number | null;
}

/** A run with its answer, as the AI responses list and the evidence readers show it. */
export type RunWithAnswer = RunDoc & Answer;

const EMPTY_ANSWER: Answer = { content: '', citations: [], webSearchQuery: [], ads: [], shopping: [], overviewAvailable: false };

export function runDocument(event: RunEvent): RunDoc {
  const { runId, promptId, workspaceId, country, engine, runDate, source, model } = event.data;
  const day = runDay(runDate);
  const base = { _id: runId, promptId, workspaceId, country, engine, runDate, day, createdDate: runDate, source, model, replicate: replicateOf(event.data) };
  if (event.type === 'RunFailed') return { ...base, state: 'failed', error: event.data.error };
  return { ...base, state: 'completed', error: null };
}

/** The answer a run's event recorded; a failed run has the empty answer. */
export function answerOf(event: RunEvent): Answer {
  if (event.type === 'RunFailed') return EMPTY_ANSWER;
  const { content, citations, webSearchQuery, ads, shopping, overviewAvailable } = event.data;
  return { content, citations, webSearchQuery, ads, shopping, overviewAvailable };
}

export const RUNS_COLLECTION = 'runs';
/** Completed runs per prompt: the size of a report rebuild, known before it starts. */
export const PROMPT_RUN_COUNTS_COLLECTION = 'promptRunCounts';

export interface PromptRunCountDoc extends Doc {
  completedRuns: number;
}

/** Runs a real engine adapter answered, per workspace and UTC day (`{workspaceId}|{day}`): what engine spend counts. */
export const ENGINE_RUN_COUNTS_COLLECTION = 'engineRunCounts';

export interface EngineRunCountDoc extends Doc {
  workspaceId: string;
  day: string;
  /** Completed runs by engine. */
  runs: Record<string, number>;
}

export const engineRunCountId = (workspaceId: string, day: string): string => `${workspaceId}|${day}`;

/** The `$inc` of a batch's completed runs of real adapters, per workspace and day. */
function engineRunIncrements(documents: readonly RunDoc[]): Map<string, { workspaceId: string; day: string; runs: Record<string, number> }> {
  const increments = new Map<string, { workspaceId: string; day: string; runs: Record<string, number> }>();
  for (const { workspaceId, day, engine, state, source } of documents) {
    if (state !== 'completed' || source !== 'api') continue;
    const id = engineRunCountId(workspaceId, day);
    const entry = increments.get(id) ?? { workspaceId, day, runs: {} };
    entry.runs[engine] = (entry.runs[engine] ?? 0) + 1;
    increments.set(id, entry);
  }
  return increments;
}

export const runsProjection: Projection<RunEvent> = {
  name: 'runs',
  // 2: the answer is no longer copied into the document (read from the run's event). 3: each run's replicate,
  // and the runs of real adapters counted per workspace and day.
  version: 3,
  eventTypes: RUN_EVENT_TYPES,
  async setup(scope) {
    await scope.collection(RUNS_COLLECTION).createIndex({ promptId: 1, day: 1 });
  },
  async apply(events, scope) {
    const documents = events.map(runDocument);
    await scope.collection<RunDoc>(RUNS_COLLECTION).bulkWrite(
      documents.map((document) => ({ replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true } })),
    );
    const completedByPrompt = new Map<string, number>();
    for (const { promptId, state } of documents) {
      if (state === 'completed') completedByPrompt.set(promptId, (completedByPrompt.get(promptId) ?? 0) + 1);
    }
    await scope.collection<PromptRunCountDoc>(PROMPT_RUN_COUNTS_COLLECTION).bulkWrite(
      [...completedByPrompt].map(([promptId, completed]) => ({
        updateOne: { filter: { _id: promptId }, update: { $inc: { completedRuns: completed } }, upsert: true },
      })),
    );
    await scope.collection<EngineRunCountDoc>(ENGINE_RUN_COUNTS_COLLECTION).bulkWrite(
      [...engineRunIncrements(documents)].map(([id, { workspaceId, day, runs }]) => ({
        updateOne: {
          filter: { _id: id },
          update: { $set: { workspaceId, day }, $inc: Object.fromEntries(Object.entries(runs).map(([engine, count]) => [`runs.${engine}`, count])) },
          upsert: true,
        },
      })),
    );
  },
};
