import type { Clock } from '../../../../src/background/clock.js';

interface Timer {
  at: number;
  fire: () => void;
}

/**
 * Fake time for the scheduler, with the jitter's randomness fixed. Sleeps shorter than `parkFromMs` end at the next turn of the event loop, moving
 * time on to their end; longer ones wait for advance(). Call deadlines fire when time passes them.
 */
export class FakeClock implements Clock {
  /** Every sleep asked for, in order: backoffs, Retry-After waits and rate-limit spacing. */
  readonly sleeps: number[] = [];
  private nowMs: number;
  private timers: Timer[] = [];

  constructor(
    start = '2026-03-10T08:00:00.000Z',
    private readonly options: { random?: number; parkFromMs?: number } = {},
  ) {
    this.nowMs = Date.parse(start);
  }

  now(): Date {
    return new Date(this.nowMs);
  }

  async sleep(ms: number, signal = new AbortController().signal): Promise<void> {
    signal.throwIfAborted();
    this.sleeps.push(ms);
    const wakeAt = this.nowMs + ms;
    if (ms < (this.options.parkFromMs ?? Number.POSITIVE_INFINITY)) {
      // Time moves when the sleeper wakes, so concurrent sleepers wake in the order of their wake times.
      await new Promise((resolve) => setImmediate(resolve));
      if (wakeAt > this.nowMs) this.advance(wakeAt - this.nowMs);
      return;
    }
    await new Promise<void>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      this.timers.push({ at: wakeAt, fire: resolve });
    });
  }

  timeout(ms: number): AbortSignal {
    const controller = new AbortController();
    this.timers.push({ at: this.nowMs + ms, fire: () => controller.abort(new DOMException('deadline passed', 'TimeoutError')) });
    return controller.signal;
  }

  random(): number {
    return this.options.random ?? 0.5;
  }

  advance(ms: number): void {
    this.nowMs += ms;
    const due = this.timers.filter((timer) => timer.at <= this.nowMs);
    this.timers = this.timers.filter((timer) => timer.at > this.nowMs);
    for (const timer of due) timer.fire();
  }
}
