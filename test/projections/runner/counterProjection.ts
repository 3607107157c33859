import type { Doc } from '../../../src/ports/documentStore.js';
import type { Projection } from '../../../src/projections/runner/projection.js';

export interface TotalDoc extends Doc {
  count: number;
}

/**
 * Records every applied event twice: as a document keyed by event id (a second application of the same
 * event would hit a duplicate key) and as an increment of a total (a double application would over-count).
 */
export function counterProjection(options: { version?: number; failOnce?: (eventIndex: number) => boolean } = {}): Projection {
  let applied = 0;
  return {
    name: 'counter',
    version: options.version ?? 1,
    eventTypes: ['Counted'],
    async setup(scope) {
      await scope.collection('applied').createIndex({ stream: 1 });
    },
    async apply(events, scope) {
      for (const event of events) {
        await scope.collection('applied').insertOne({ _id: event.id, stream: event.streamName });
        await scope.collection<TotalDoc>('totals').updateOne({ _id: 'all' }, { $inc: { count: 1 } }, { upsert: true });
        applied += 1;
        if (options.failOnce?.(applied)) {
          options.failOnce = undefined;
          throw new Error('simulated failure in the middle of a batch');
        }
      }
    },
  };
}
