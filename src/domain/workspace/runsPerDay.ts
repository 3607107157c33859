import { addDays, utcDay } from '../shared/days.js';

/** Replicates of each prompt per engine and UTC day. */
export const RUNS_PER_DAY_MIN = 1;
export const RUNS_PER_DAY_MAX = 10;
/** New workspaces sample each prompt three times a day. */
export const NEW_WORKSPACE_RUNS_PER_DAY = 3;
/** Workspaces created before replicates existed keep one run a day, so their engine bill does not triple on upgrade. */
export const LEGACY_RUNS_PER_DAY = 1;

/**
 * A workspace's setting and the day it took effect: a change made on day D applies from D + 1, so the day in
 * progress keeps the number of replicates it was planned with (`before`).
 */
export interface RunsPerDaySetting {
  runsPerDay: number;
  /** First UTC day of `runsPerDay`; absent when it has applied since the workspace was created. */
  from?: string;
  /** What applied before `from`. */
  before?: number;
}

export const legacySetting = (runsPerDay: number | undefined): RunsPerDaySetting => ({ runsPerDay: runsPerDay ?? LEGACY_RUNS_PER_DAY });

/** The replicates the scheduler makes on `day`. */
export function runsPerDayOn(setting: RunsPerDaySetting, day: string): number {
  return setting.from !== undefined && day < setting.from ? (setting.before ?? LEGACY_RUNS_PER_DAY) : setting.runsPerDay;
}

/** The setting after `runsPerDay` is chosen at `now`: the day of `now` keeps what it had. */
export function changedSetting(setting: RunsPerDaySetting, runsPerDay: number, now: string): RunsPerDaySetting {
  const today = utcDay(now);
  return { runsPerDay, from: addDays(today, 1), before: runsPerDayOn(setting, today) };
}

const DAY_MS = 86_400_000;

/** Replicate k of n starts no earlier than k·24/n hours after midnight UTC, so replicates see different hours. */
export function replicateStart(day: string, replicate: number, runsPerDay: number): number {
  return Date.parse(day) + Math.floor((replicate * DAY_MS) / runsPerDay);
}
