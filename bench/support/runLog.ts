import { runStream } from '../../src/domain/run/events.js';
import type { EventStore } from '../../src/ports/eventStore.js';

interface RunEventLike {
  type: string;
  data: { runId: string };
}

/**
 * Appends run events in one commit per call, each to its own run's stream as the service records them: the
 * projections select runs by event type, and the readers of answers (AI responses, recommendations, alerts) read
 * each run's stream.
 */
export async function appendRunBatch(eventStore: EventStore, events: readonly RunEventLike[]): Promise<void> {
  if (events.length === 0) return;
  await eventStore.appendMultiple(events.map((event) => ({ streamName: runStream(event.data.runId), events: [event] })));
}
