import type { Position } from '../ports/eventStore.js';

/** A wait that ran out: the subscriber is behind (or stalled), which a caller may choose to wait out. */
export class PositionTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PositionTimeoutError';
  }
}

interface Waiter {
  position: Position;
  resolve: () => void;
}

/**
 * Callers waiting for a subscriber of the event log to reach a position (read-your-writes). Each wait has a
 * timeout, so a stalled subscriber fails its callers instead of hanging them; `release` resolves every waiter
 * at or below the position reached.
 */
export class PositionWaiters {
  private readonly waiters = new Set<Waiter>();

  /** `subject` names what is waited for in the timeout's message ("Read models", "Credentials", …). */
  constructor(private readonly subject: string) {}

  wait(position: Position, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new PositionTimeoutError(`${this.subject} did not reach position ${position} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  release(reached: Position): void {
    for (const waiter of this.waiters) {
      if (waiter.position > reached) continue;
      this.waiters.delete(waiter);
      waiter.resolve();
    }
  }
}
