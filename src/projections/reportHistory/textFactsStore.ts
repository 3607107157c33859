import type { Collection, Doc, JsonDocument } from '../../ports/documentStore.js';
import type { EncodedFacts } from './analysis/factsCodec.js';

/**
 * Text facts kept per run (by run id), shared by every report version that measures the run: derived the first
 * time any version measures it (live or in a replay), read by every later replay. Documents of an older
 * `ANALYSIS_VERSION` are ignored and replaced when the run is next measured.
 */
export const TEXT_FACTS_COLLECTION = 'textFacts';

export type TextFactsDoc = Doc & EncodedFacts;

/**
 * The stored facts documents of `runIds` as their JSON text, aligned with them; null where none is stored. The
 * thread that measures the runs parses them (and ignores those of an older analysis version), so the thread
 * that reads them never does.
 */
export async function loadTextFacts(collection: Collection<TextFactsDoc>, runIds: readonly string[]): Promise<(string | null)[]> {
  if (runIds.length === 0) return [];
  const stored = await collection.findJson([...new Set(runIds)]);
  return runIds.map((runId) => stored.get(runId) ?? null);
}

/** Keeps the facts derived for runs (documents by run id, as the analyst serialized them). */
export async function saveTextFacts(collection: Collection<TextFactsDoc>, derived: readonly JsonDocument[]): Promise<void> {
  await collection.upsertJson(derived);
}
