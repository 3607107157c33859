import type { DocumentStore, TransactionScope } from '../../ports/documentStore.js';
import { START, type Position } from '../../ports/eventStore.js';
import { CHECKPOINTS_COLLECTION, checkpointId, type CheckpointDoc } from './projection.js';

/** Names one version of a projection. */
export interface ProjectionVersion {
  readonly name: string;
  readonly version: number;
}

/** The stored checkpoint of a projection version, read through `scope` (a transaction's, to take part in it). */
export function storedCheckpoint(scope: TransactionScope, { name, version }: ProjectionVersion): Promise<CheckpointDoc | null> {
  return scope.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION).findOne({ _id: checkpointId(name, version) });
}

/** How far the runner has committed a projection version: START before its first batch. */
export async function committedPosition(scope: TransactionScope, projection: ProjectionVersion): Promise<Position> {
  const checkpoint = await storedCheckpoint(scope, projection);
  return checkpoint ? BigInt(checkpoint.position) : START;
}

/**
 * Writes the checkpoint back, unmoved, when it stands at `position`. A transaction that acts on the position it
 * read writes it too, so that a batch the runner commits meanwhile conflicts with it (snapshot isolation
 * detects only write-write conflicts).
 */
export async function pinCheckpoint(scope: TransactionScope, { name, version }: ProjectionVersion, position: Position, at: string): Promise<void> {
  await scope
    .collection<CheckpointDoc>(CHECKPOINTS_COLLECTION)
    .updateOne({ _id: checkpointId(name, version), position: position.toString() }, { $set: { updatedDate: at } });
}

/** Whether any projection has recorded a checkpoint in `documentStore`: read models built from some event log. */
export async function hasProjectedEvents(documentStore: DocumentStore): Promise<boolean> {
  return (await documentStore.collection(CHECKPOINTS_COLLECTION).countDocuments()) > 0;
}
