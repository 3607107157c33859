import { scheduledRunId } from '../../domain/run/events.js';
import type { CountryCode } from '../../domain/shared/countries.js';
import { ENGINES, type EngineId } from '../../domain/shared/engines.js';
import { profileOf } from '../../engines/index.js';
import { LEGACY_RUNS_PER_DAY, replicateStart, runsPerDayOn, type RunsPerDaySetting } from '../../domain/workspace/runsPerDay.js';
import type { RunSubject } from '../runs/runEvents.js';

/** An active prompt as the scheduler needs it. */
export interface ScheduledPrompt {
  promptId: string;
  workspaceId: string;
  /** The workspace's team: the scheduler's slots are shared fairly between teams. */
  teamId: string;
  country: CountryCode;
  text: string;
  /** The workspace's replicates setting; absent: once a day, as workspaces created before replicates run. */
  runs?: RunsPerDaySetting;
}

/** Where the prompts to run come from: the directory read model in the server, the event log in the CLI. */
export type PromptSource = () => Promise<ScheduledPrompt[]>;

/** One run to make: replicate k of a prompt on an engine for a UTC day. Its run id makes it happen at most once. */
export interface RunJob {
  runId: string;
  prompt: ScheduledPrompt;
  engine: EngineId;
  day: string;
  replicate: number;
  /** The day's replicates of this prompt: replicate k starts no earlier than k·24/n hours into the day. */
  runsPerDay: number;
}

/**
 * The engines a prompt runs on: every engine that serves the prompt's country. A prompt has no per-engine
 * switch of its own (the API gives none), and an engine asked about a country it does not serve would
 * answer for somewhere else, which is worse than no answer.
 */
export function enabledEngines(country: CountryCode, among: readonly EngineId[] = ENGINES): EngineId[] {
  return among.filter((engine) => profileOf(engine).countries.includes(country));
}

const replicatesOn = (prompt: ScheduledPrompt, day: string): number => (prompt.runs ? runsPerDayOn(prompt.runs, day) : LEGACY_RUNS_PER_DAY);

/**
 * A day's jobs whose replicate has started by `dueBy` (epoch ms; default: all of them), earlier replicates
 * first, then prompt by prompt with the engines interleaved, so workers pulling from the front spread over the
 * engines instead of queueing behind one engine's rate limit.
 */
export function planDay(prompts: readonly ScheduledPrompt[], day: string, engines: readonly EngineId[] = ENGINES, dueBy = Number.POSITIVE_INFINITY): RunJob[] {
  const replicates = prompts.map((prompt) => replicatesOn(prompt, day));
  const jobs: RunJob[] = [];
  for (let replicate = 0; replicate < Math.max(0, ...replicates); replicate++) {
    prompts.forEach((prompt, index) => {
      const runsPerDay = replicates[index] as number;
      if (replicate >= runsPerDay || replicateStart(day, replicate, runsPerDay) > dueBy) return;
      for (const engine of enabledEngines(prompt.country, engines)) {
        jobs.push({ runId: scheduledRunId(prompt.promptId, engine, day, replicate), prompt, engine, day, replicate, runsPerDay });
      }
    });
  }
  return jobs;
}

export function jobSubject(job: RunJob, runDate: string): RunSubject {
  const { promptId, workspaceId, country } = job.prompt;
  return { runId: job.runId, promptId, workspaceId, country, engine: job.engine, runDate, replicate: job.replicate };
}
