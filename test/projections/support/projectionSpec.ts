import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DomainEvent } from '../../../src/domain/shared/decider.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import type { DocumentStore } from '../../../src/ports/documentStore.js';
import { physicalCollectionName, type ProjectedEvent, type Projection, type ProjectionScope } from '../../../src/projections/runner/projection.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';

/**
 * A projection as a specification (Emmett's `PostgreSQLProjectionSpec`): `given` past events, `when` new ones,
 * `then` what its reader answers. Each batch goes through the projection's own `setup`, `prepare` and `apply`
 * into a real SQLite document store on a temp dir, and the reader reads it as the application does.
 */
export interface ProjectionSpec<Event extends DomainEvent, Reader> {
  given(...events: Event[]): { when(...events: Event[]): { then(expectations: (reader: Reader) => Promise<void> | void): Promise<void> } };
}

function recorded<Event extends DomainEvent>(events: readonly Event[], from: number): ProjectedEvent<Event>[] {
  return events.map((event, index) => {
    const position = BigInt(from + index + 1);
    return { id: `spec-${position}`, streamName: 'spec', revision: position, position, type: event.type, data: event.data, metadata: {}, created: new Date(0) } as ProjectedEvent<Event>;
  });
}

async function applyBatch<Event extends DomainEvent>(projection: Projection<Event>, scope: ProjectionScope, events: readonly ProjectedEvent<Event>[]): Promise<void> {
  if (events.length === 0) return;
  const prepared = projection.prepare ? await projection.prepare(events, scope) : undefined;
  await projection.apply(events, scope, prepared);
}

async function withStore(work: (store: DocumentStore) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-projection-spec-'));
  const store = await SqliteDocumentStore.open(dataDir);
  try {
    await work(store);
  } finally {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function projectionSpec<Event extends DomainEvent, Reader>(
  projection: Projection<Event>,
  reader: (readModels: ReadModels) => Reader,
): ProjectionSpec<Event, Reader> {
  return {
    given: (...given) => ({
      when: (...when) => ({
        then: (expectations) =>
          withStore(async (store) => {
            const scope: ProjectionScope = { collection: (logical) => store.collection(physicalCollectionName(projection.name, projection.version, logical)) };
            await projection.setup?.(scope);
            await applyBatch(projection, scope, recorded(given, 0));
            await applyBatch(projection, scope, recorded(when, given.length));
            await expectations(reader(new ReadModels(store)));
          }),
      }),
    }),
  };
}
