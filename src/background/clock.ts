import { setTimeout as sleepFor } from 'node:timers/promises';

/**
 * Time as background work sees it: what time it is, and a pause that ends early when its signal aborts.
 * Injected, so tests run leases, retries and polls in fake time.
 */
export interface Clock {
  now(): Date;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: async (ms, signal) => {
    await sleepFor(ms, undefined, signal ? { signal } : {});
  },
};
