import { utcDay } from '../shared/days.js';
import type { DomainEvent } from '../shared/decider.js';
import type { EngineId } from '../shared/engines.js';
import type { Answer } from './schema.js';

/**
 * One stream per run. Scheduled runs have the id `{promptId}.{engine}.{YYYY-MM-DD}`, so a second worker or a
 * restart that tries the same run finds the stream taken; imported runs bring their own id.
 */
export const runStream = (runId: string): string => `run-${runId}`;
const RUN_STREAM_PREFIX = 'run-';
/** The run a stream holds (`runStream`), or undefined for a stream of something else. */
export const runIdOfStream = (streamName: string): string | undefined =>
  streamName.startsWith(RUN_STREAM_PREFIX) ? streamName.slice(RUN_STREAM_PREFIX.length) : undefined;
export const scheduledRunId = (promptId: string, engine: EngineId, day: string): string => `${promptId}.${engine}.${day}`;

/** Who produced the answer: a real engine API, the deterministic simulator, or an import. */
export type RunSource = 'api' | 'simulator' | 'import';

/** Who and when a run is for. */
export interface RunSubject {
  runId: string;
  promptId: string;
  workspaceId: string;
  country: string;
  engine: EngineId;
  /** ISO timestamp; its UTC date is the run's day. */
  runDate: string;
}

interface RunFacts extends RunSubject {
  source: RunSource;
  model: string | null;
}

export type RunCompleted = DomainEvent<'RunCompleted', RunFacts & Answer>;
export type RunFailed = DomainEvent<'RunFailed', RunFacts & { error: string }>;
export type RunEvent = RunCompleted | RunFailed;

export const RUN_EVENT_TYPES: readonly RunEvent['type'][] = ['RunCompleted', 'RunFailed'];

export const runDay = (runDate: string): string => utcDay(runDate);
