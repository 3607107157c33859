import type { Collection, Doc } from '../../ports/documentStore.js';
import type { DomainEvent } from '../../domain/shared/decider.js';
import type { RecordedEvent } from '../../ports/eventStore.js';

/** Collections of one projection version, bound to the transaction that also moves its checkpoint. */
export interface ProjectionScope {
  collection<T extends Doc = Doc>(logicalName: string): Collection<T>;
}

/** A recorded event of one of the domain events a projection declares, typed as that event. */
export type ProjectedEvent<Event extends DomainEvent> = Event extends DomainEvent<infer Type, infer Data> ? RecordedEvent<Type, Data> : never;

/**
 * A read model builder. `apply` must only write through `scope`: the runner commits those writes
 * together with the checkpoint, so an event is applied exactly once even across crashes.
 * Bumping `version` builds a fresh copy beside the old one; queries switch once it has caught up.
 */
export interface Projection<Event extends DomainEvent = DomainEvent> {
  readonly name: string;
  readonly version: number;
  /** The runner hands `apply` only events of these types, which is what types them. */
  readonly eventTypes: readonly Event['type'][];
  /** Creates indexes; runs before the first batch, idempotent. */
  setup?(scope: ProjectionScope): Promise<void>;
  /**
   * Work on a batch that need not hold the write lock (measuring answers, on worker threads): the runner
   * calls it outside the batch's transaction, with read-only use of `scope`, while the previous batch is
   * written. What it returns reaches `apply`, which must not trust it blindly: the read models may have
   * moved on in between (a previous batch, another process).
   */
  prepare?(events: readonly ProjectedEvent<Event>[], scope: ProjectionScope): Promise<unknown>;
  apply(events: readonly ProjectedEvent<Event>[], scope: ProjectionScope, prepared?: unknown): Promise<void>;
}

/** Physical collection name of a projection's logical collection at a version. */
export const physicalCollectionName = (projectionName: string, version: number, logicalName: string): string =>
  `${projectionName}_v${version}_${logicalName}`;

export const CHECKPOINTS_COLLECTION = '_projections';

export interface CheckpointDoc extends Doc {
  name: string;
  version: number;
  /** Decimal string of the last position whose effects are committed. */
  position: string;
  /** `building` until the version first caught up with the log, then `live`. */
  state: 'building' | 'live';
  /** The kind of event store the position belongs to (EventStore.kind). */
  eventStore?: string;
  updatedDate: string;
}

export const checkpointId = (name: string, version: number): string => `${name}@v${version}`;
