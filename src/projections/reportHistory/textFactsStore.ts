import { ANALYSIS_VERSION } from '../../domain/analysis/index.js';
import type { RunCompleted } from '../../domain/run/events.js';
import type { Collection, Doc } from '../../ports/documentStore.js';
import type { EncodedFacts } from './analysis/factsCodec.js';

/**
 * Text facts kept per run (by run id), shared by every report version that measures the run: derived the first
 * time any version measures it (live or in a replay), read by every later replay. Documents of an older
 * `ANALYSIS_VERSION` are ignored and replaced when the run is next measured.
 */
export const TEXT_FACTS_COLLECTION = 'textFacts';

export type TextFactsDoc = Doc & EncodedFacts;

type Run = Pick<RunCompleted['data'], 'runId'>;

/** The stored facts of `runs`, aligned with them; null where none of the current analysis version are stored. */
export async function loadTextFacts(collection: Collection<TextFactsDoc>, runs: readonly Run[]): Promise<(EncodedFacts | null)[]> {
  if (runs.length === 0) return [];
  // By id alone: a filter on `v` too made the embedded store read the whole collection per batch.
  const stored = await collection.find({ _id: { $in: [...new Set(runs.map(({ runId }) => runId))] } });
  const byRun = new Map(stored.filter((doc) => doc.v === ANALYSIS_VERSION).map((doc) => [doc._id, doc]));
  return runs.map(({ runId }) => byRun.get(runId) ?? null);
}

/** Keeps the facts derived for `runs` (aligned with them; null where they were read from the store). */
export async function saveTextFacts(collection: Collection<TextFactsDoc>, runs: readonly Run[], derived: readonly (EncodedFacts | null)[]): Promise<void> {
  const byRun = new Map<string, TextFactsDoc>();
  runs.forEach(({ runId }, index) => {
    const facts = derived[index];
    if (facts) byRun.set(runId, { _id: runId, ...facts });
  });
  if (byRun.size === 0) return;
  await collection.bulkWrite([...byRun.values()].map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } })));
}
