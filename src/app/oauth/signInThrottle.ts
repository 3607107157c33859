/** Failures allowed before each further attempt for the address must wait. */
const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 1000;
/** The longest wait, and how long failures are remembered after the last one. */
const MAX_WAIT_MS = 15 * 60 * 1000;
/** Beyond this many remembered addresses, forgotten ones are swept out so memory stays bounded. */
const SWEEP_ABOVE = 10_000;

interface Failures {
  count: number;
  lastFailureMs: number;
}

/**
 * Slows down password guessing for one e-mail address: after 5 failures, each attempt must wait after the
 * previous failure, 1 s doubling up to 15 minutes. Counted on the service's clock (so tests move it instead of
 * waiting), in this process's memory: a failed sign-in writes nothing to the event log.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly now: () => Date) {}

  /** Seconds before `email` may try again; 0 when it may try now. */
  secondsToWait(email: string): number {
    const failures = this.remembered(email);
    if (!failures || failures.count < FREE_FAILURES) return 0;
    const waitMs = Math.min(FIRST_WAIT_MS * 2 ** (failures.count - FREE_FAILURES), MAX_WAIT_MS);
    return Math.max(0, Math.ceil((failures.lastFailureMs + waitMs - this.now().getTime()) / 1000));
  }

  recordFailure(email: string): void {
    if (this.failures.size > SWEEP_ABOVE) this.sweep();
    const count = (this.remembered(email)?.count ?? 0) + 1;
    this.failures.set(email, { count, lastFailureMs: this.now().getTime() });
  }

  recordSuccess(email: string): void {
    this.failures.delete(email);
  }

  private remembered(email: string): Failures | undefined {
    const failures = this.failures.get(email);
    return failures && this.now().getTime() - failures.lastFailureMs < MAX_WAIT_MS ? failures : undefined;
  }

  private sweep(): void {
    for (const email of [...this.failures.keys()]) if (!this.remembered(email)) this.failures.delete(email);
  }
}
