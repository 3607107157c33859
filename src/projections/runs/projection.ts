import { RUN_EVENT_TYPES, runDay, type RunEvent } from '../../domain/run/events.js';
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
}

/** A run with its answer, as the AI responses list and the evidence readers show it. */
export type RunWithAnswer = RunDoc & Answer;

const EMPTY_ANSWER: Answer = { content: '', citations: [], webSearchQuery: [], ads: [], shopping: [], overviewAvailable: false };

export function runDocument(event: RunEvent): RunDoc {
  const { runId, promptId, workspaceId, country, engine, runDate, source, model } = event.data;
  const base = { _id: runId, promptId, workspaceId, country, engine, runDate, day: runDay(runDate), createdDate: runDate, source, model };
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

export const runsProjection: Projection<RunEvent> = {
  name: 'runs',
  // 2: the answer is no longer copied into the document (read from the run's event).
  version: 2,
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
  },
};
