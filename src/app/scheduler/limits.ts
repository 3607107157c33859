import type { SchedulerClock } from './clock.js';

/**
 * Counts holders and makes the one past `limit` wait; waiting ends early, with the reason, when `signal` aborts.
 * A release hands its slot straight to the first waiter, so a newcomer cannot slip in between.
 */
export class Semaphore {
  private holders = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async acquire(signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted();
    if (this.holders < this.limit) this.holders += 1;
    else await this.queue(signal);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.holders -= 1;
    };
  }

  private queue(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const wake = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(wake);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason as Error);
      };
      this.waiting.push(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

export interface EngineLimit {
  /** Calls to the engine in flight at once. */
  concurrency: number;
  /** Least time between the starts of two calls to the engine. */
  minIntervalMs: number;
}

/**
 * One engine's admission: a slot among its concurrent calls, then the next start time its rate allows.
 * A provider's Retry-After pauses the whole engine, not just the call that met it.
 */
export class EngineGate {
  private readonly slots: Semaphore;
  private nextStartMs = 0;

  constructor(
    private readonly limit: EngineLimit,
    private readonly clock: SchedulerClock,
  ) {
    this.slots = new Semaphore(limit.concurrency);
  }

  /** Resolves with the release of the slot once a call may start. */
  async admit(signal: AbortSignal): Promise<() => void> {
    const release = await this.slots.acquire(signal);
    try {
      const now = this.clock.now().getTime();
      const startMs = Math.max(now, this.nextStartMs);
      this.nextStartMs = startMs + this.limit.minIntervalMs;
      if (startMs > now) await this.clock.sleep(startMs - now, signal);
      return release;
    } catch (error) {
      release();
      throw error;
    }
  }

  pauseUntil(epochMs: number): void {
    this.nextStartMs = Math.max(this.nextStartMs, epochMs);
  }
}

/** Runs `work` on every item with at most `limit` running at once; stops taking items once `signal` aborts. */
export async function forEachBounded<T>(items: readonly T[], limit: number, signal: AbortSignal, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!signal.aborted && next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
