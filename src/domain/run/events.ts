import { utcDay } from '../shared/days.js';
import type { DomainEvent } from '../shared/decider.js';
import type { EngineId } from '../shared/engines.js';
import type { Answer } from './schema.js';

/**
 * One stream per run. Scheduled runs have the id `{promptId}.{engine}.{YYYY-MM-DD}` for replicate 0 (the id runs
 * had before replicates, so a day recorded then is not run again) and `{promptId}.{engine}.{YYYY-MM-DD}.r{k}` for
 * replicate k ≥ 1, so a second worker or a restart that tries the same run finds the stream taken; imported runs
 * bring their own id.
 */
export const runStream = (runId: string): string => `run-${runId}`;
const RUN_STREAM_PREFIX = 'run-';
/** The run a stream holds (`runStream`), or undefined for a stream of something else. */
export const runIdOfStream = (streamName: string): string | undefined =>
  streamName.startsWith(RUN_STREAM_PREFIX) ? streamName.slice(RUN_STREAM_PREFIX.length) : undefined;
export const scheduledRunId = (promptId: string, engine: EngineId, day: string, replicate = 0): string =>
  replicate === 0 ? `${promptId}.${engine}.${day}` : `${promptId}.${engine}.${day}.r${replicate}`;

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
  /**
   * Which of the day's runs of this prompt and engine it is (0-based). Absent on runs recorded before replicates
   * existed (replicate 0 when scheduled or simulated) and on imported runs that give none (`replicateOf`).
   */
  replicate?: number;
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

/** A run's replicate as lists show it: null for an imported run that gave none. */
export const replicateOf = (facts: { replicate?: number | undefined; source: RunSource }): number | null =>
  facts.replicate ?? (facts.source === 'import' ? null : 0);
