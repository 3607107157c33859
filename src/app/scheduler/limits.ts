import { Semaphore } from 'async-mutex';
import type { Clock } from '../../background/clock.js';
import { untilAborted } from './untilAborted.js';

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
    private readonly clock: Clock,
  ) {
    this.slots = new Semaphore(limit.concurrency);
  }

  /** Resolves with the release of the slot once a call may start; rejects when `signal` aborts first. */
  async admit(signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted();
    const acquiring = this.slots.acquire();
    const [, release] = await untilAborted(acquiring, signal).catch((error: unknown) => {
      // Given up while queued: the slot, once granted, goes straight back.
      void acquiring.then(([, granted]) => granted());
      throw error;
    });
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
