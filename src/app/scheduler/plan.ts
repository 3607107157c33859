import { scheduledRunId } from '../../domain/run/events.js';
import type { CountryCode } from '../../domain/shared/countries.js';
import { ENGINES, type EngineId } from '../../domain/shared/engines.js';
import { profileOf } from '../../engines/index.js';
import type { RunSubject } from '../runs/runEvents.js';

/** An active prompt as the scheduler needs it. */
export interface ScheduledPrompt {
  promptId: string;
  workspaceId: string;
  /** The workspace's team: the scheduler's slots are shared fairly between teams. */
  teamId: string;
  country: CountryCode;
  text: string;
}

/** Where the prompts to run come from: the directory read model in the server, the event log in the CLI. */
export type PromptSource = () => Promise<ScheduledPrompt[]>;

/** One run to make: a prompt on an engine for a UTC day. Its run id makes it happen at most once. */
export interface RunJob {
  runId: string;
  prompt: ScheduledPrompt;
  engine: EngineId;
  day: string;
}

/**
 * The engines a prompt runs on: every engine that serves the prompt's country. A prompt has no per-engine
 * switch of its own (interface.md gives none), and an engine asked about a country it does not serve would
 * answer for somewhere else, which is worse than no answer.
 */
export function enabledEngines(country: CountryCode, among: readonly EngineId[] = ENGINES): EngineId[] {
  return among.filter((engine) => profileOf(engine).countries.includes(country));
}

/**
 * A day's jobs, prompt by prompt with the engines interleaved, so workers pulling from the front spread over
 * the engines instead of queueing behind one engine's rate limit.
 */
export function planDay(prompts: readonly ScheduledPrompt[], day: string, engines: readonly EngineId[] = ENGINES): RunJob[] {
  return prompts.flatMap((prompt) =>
    enabledEngines(prompt.country, engines).map((engine) => ({ runId: scheduledRunId(prompt.promptId, engine, day), prompt, engine, day })),
  );
}

export function jobSubject(job: RunJob, runDate: string): RunSubject {
  const { promptId, workspaceId, country } = job.prompt;
  return { runId: job.runId, promptId, workspaceId, country, engine: job.engine, runDate };
}
