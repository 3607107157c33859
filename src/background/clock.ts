import { setTimeout as sleepFor } from 'node:timers/promises';

/**
 * Time as the service sees it: what time it is, a pause that ends early when its signal aborts, and a deadline.
 * The composition root builds one and injects it everywhere, so tests run leases, retries, polls, deadlines and
 * expiries in fake time.
 */
export interface Clock {
  now(): Date;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A signal that aborts `ms` from now: the deadline of a call. */
  timeout(ms: number): AbortSignal;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: async (ms, signal) => {
    await sleepFor(ms, undefined, signal ? { signal } : {});
  },
  timeout: (ms) => AbortSignal.timeout(ms),
};

/** The system clock telling the time `now` gives: for a caller that sets only what time it is (a test, a bench). */
export const clockAt = (now: () => Date): Clock => ({ ...systemClock, now });

/** The system clock's pace from `start` on: `now()` is `start` plus the time passed since this call. */
export function clockStartingAt(start: Date): Clock {
  const offsetMs = start.getTime() - Date.now();
  return clockAt(() => new Date(Date.now() + offsetMs));
}
