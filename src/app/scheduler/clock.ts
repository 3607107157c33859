import { systemClock as backgroundClock, type Clock } from '../../background/clock.js';

/**
 * The background `Clock` plus deadlines and randomness, as the scheduler sees them. Injected so tests run
 * retries, backoff, rate limits and timeouts in fake time, deterministically and without waiting.
 */
export interface SchedulerClock extends Clock {
  /** A signal that aborts `ms` from now: the deadline of one engine call. */
  timeout(ms: number): AbortSignal;
  /** Uniform in [0, 1): the jitter of backoff delays. */
  random(): number;
}

export const systemClock: SchedulerClock = {
  ...backgroundClock,
  timeout: (ms) => AbortSignal.timeout(ms),
  random: () => Math.random(),
};

/** Rejects as soon as `signal` aborts, so an engine that ignores its signal cannot hold a worker past its deadline. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
