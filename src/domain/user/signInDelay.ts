/** Failures allowed before each further attempt must wait. */
const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 1000;
/** The longest wait, and how long failures are remembered after the last one. */
export const SIGN_IN_MEMORY_MS = 15 * 60 * 1000;

export interface RecordedFailures {
  count: number;
  lastFailureMs: number;
}

/**
 * Growing delays rather than a lockout: after 5 failures each attempt waits after the
 * previous failure, 1 s doubling up to 15 minutes; failures are forgotten 15 minutes after the last one.
 * Seconds to wait at `nowMs`; 0 when the attempt may go ahead.
 */
export function signInWaitSeconds(failures: RecordedFailures | null, nowMs: number): number {
  if (!failures || failures.count < FREE_FAILURES || nowMs - failures.lastFailureMs >= SIGN_IN_MEMORY_MS) return 0;
  const waitMs = Math.min(FIRST_WAIT_MS * 2 ** (failures.count - FREE_FAILURES), SIGN_IN_MEMORY_MS);
  return Math.max(0, Math.ceil((failures.lastFailureMs + waitMs - nowMs) / 1000));
}
