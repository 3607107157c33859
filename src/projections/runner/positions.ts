import type { DocumentStore } from '../../ports/documentStore.js';
import { CHECKPOINTS_COLLECTION, type CheckpointDoc } from './projection.js';

/**
 * Where the read models of the named projections stand, every version of each (the one queries read and any
 * being built beside it), as one string: it changes whenever a batch is committed to any of them, or a version
 * goes live. What a cached answer is keyed on (issue 24): the same string means the same read models. The
 * checkpoints are a few documents, read whole and picked here: a filtered, sorted find of them costs 20 times more.
 */
export async function readModelPositions(documentStore: DocumentStore, names: readonly string[]): Promise<string> {
  const checkpoints = await documentStore.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION).find({});
  return checkpoints
    .filter(({ name }) => names.includes(name))
    .map(({ _id, position, state }) => `${_id}:${position}:${state}`)
    .sort()
    .join(',');
}
