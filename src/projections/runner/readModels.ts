import type { Collection, Doc, DocumentStore } from '../../ports/documentStore.js';
import { CHECKPOINTS_COLLECTION, physicalCollectionName, type CheckpointDoc, type Projection } from './projection.js';

const LIVE_VERSION_TTL_MS = 1000;

/**
 * Query-side access to read models. Queries read the newest version that has caught up with the log
 * (`live`); while a new version is still building beside it, they keep reading the previous one.
 */
export class ReadModels {
  private readonly liveVersions = new Map<string, { version: number; expires: number }>();

  constructor(private readonly documentStore: DocumentStore) {}

  async collection<T extends Doc = Doc>(projection: Projection, logicalName: string): Promise<Collection<T>> {
    const version = await this.liveVersion(projection);
    return this.documentStore.collection<T>(physicalCollectionName(projection.name, version, logicalName));
  }

  private async liveVersion(projection: Projection): Promise<number> {
    const cached = this.liveVersions.get(projection.name);
    if (cached && cached.expires > Date.now()) return cached.version;
    const [newestLive] = await this.documentStore
      .collection<CheckpointDoc>(CHECKPOINTS_COLLECTION)
      .find({ name: projection.name, state: 'live', version: { $lte: projection.version } }, { sort: { version: -1 }, limit: 1 });
    // Nothing live yet (first start): read the version being built rather than nothing.
    const version = newestLive?.version ?? projection.version;
    this.liveVersions.set(projection.name, { version, expires: Date.now() + LIVE_VERSION_TTL_MS });
    return version;
  }
}
