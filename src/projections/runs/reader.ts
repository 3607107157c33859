import { setImmediate as nextTurn } from 'node:timers/promises';
import { RUN_EVENT_TYPES, runStream, type RunEvent } from '../../domain/run/events.js';
import type { Collection } from '../../ports/documentStore.js';
import type { EventStore, RecordedEvent } from '../../ports/eventStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { answerOf, RUNS_COLLECTION, runsProjection, type RunDoc, type RunWithAnswer } from './projection.js';

export type { RunDoc, RunWithAnswer } from './projection.js';

/** The live version's runs, one document per run without its answer (`withAnswers` adds it). */
export const runCollection = (readModels: ReadModels): Promise<Collection<RunDoc>> => readModels.collection<RunDoc>(runsProjection, RUNS_COLLECTION);

/** Runs whose events are read in one call: a page of AI responses in one, a month of evidence in a few. */
const RUNS_PER_READ = 500;

const isRunEvent = (event: RecordedEvent): boolean => (RUN_EVENT_TYPES as readonly string[]).includes(event.type);

/**
 * `runs` with the answers their events recorded, in the same order. A document exists only once its event was
 * projected, so a missing event means the event log and the read models are not of one store: an error, not an
 * empty answer.
 */
export async function withAnswers(eventStore: EventStore, runs: readonly RunDoc[]): Promise<RunWithAnswer[]> {
  const answered: RunWithAnswer[] = [];
  for (let start = 0; start < runs.length; start += RUNS_PER_READ) {
    // The embedded store reads synchronously: between reads, the server's other requests take their turn.
    if (start > 0) await nextTurn();
    const page = runs.slice(start, start + RUNS_PER_READ);
    const streams = await eventStore.readStreams(page.map(({ _id }) => runStream(_id)));
    for (const run of page) {
      const event = streams.get(runStream(run._id))?.find(isRunEvent);
      if (event === undefined) throw new Error(`the event of run ${run._id} is not in the event store`);
      answered.push({ ...run, ...answerOf(event as unknown as RunEvent) });
    }
  }
  return answered;
}
