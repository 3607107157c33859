/**
 * When a failed delivery is tried again: after 5 s, 30 s, 2 min, 10 min and 1 h, then
 * every 2 h, each delay stretched or shrunk by up to 10 %, until 24 h after the message was created.
 */
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR];
export const LATER_RETRY_DELAY_MS = 2 * HOUR;
export const RETRY_WINDOW_MS = 24 * HOUR;
export const JITTER = 0.1;

export interface RetryInput {
  createdDate: string;
  /** When the attempt that just failed was made. */
  attemptDate: string;
  /** Attempts made so far, the failed one included. */
  attempts: number;
  /** A number in [-1, 1] (injected randomness): -1 shortens the delay by 10 %, 1 lengthens it by 10 %. */
  jitter: number;
}

/** The nominal delay after the `attempts`-th failed attempt. */
export const nominalDelayMs = (attempts: number): number => RETRY_DELAYS_MS[attempts - 1] ?? LATER_RETRY_DELAY_MS;

/** When the next attempt is due, or null when it would fall past the 24 h window: the delivery has failed. */
export function nextAttemptDate({ createdDate, attemptDate, attempts, jitter }: RetryInput): string | null {
  const bounded = Math.max(-1, Math.min(1, jitter));
  const delay = Math.round(nominalDelayMs(attempts) * (1 + JITTER * bounded));
  const next = Date.parse(attemptDate) + delay;
  return next - Date.parse(createdDate) > RETRY_WINDOW_MS ? null : new Date(next).toISOString();
}
