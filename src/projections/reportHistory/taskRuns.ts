import { runIdOfStream, type RunCompleted } from '../../domain/run/events.js';
import type { RecordedEvent } from '../../ports/eventStore.js';
import { eventDataText } from '../../ports/eventText.js';
import type { TaskRun } from './analysis/analyst.js';

/**
 * A completed run's event as an analyst's task takes it, with the run's id: the JSON text its data was stored as
 * where the store kept it (the thread that measures the run parses it, so this one never does), else its data.
 * A run's stream is named after it (`runStream`), which tells its id without reading the data.
 */
export function taskRunOf(event: RecordedEvent): { run: TaskRun; runId: string } {
  const text = eventDataText(event);
  const runId = text === undefined ? undefined : runIdOfStream(event.streamName);
  if (text !== undefined && runId !== undefined) return { run: text, runId };
  const run = event.data as RunCompleted['data'];
  return { run, runId: run.runId };
}
