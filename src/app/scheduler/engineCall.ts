import type { Logger } from 'pino';
import { EngineError, EngineRateLimitedError, EngineTimeoutError, type Engine, type EngineAnswer, type EngineRequest } from '../../engines/index.js';
import { errorClass } from '../runs/runEvents.js';
import type { Clock } from '../../background/clock.js';
import { untilAborted } from './untilAborted.js';
import type { EngineGate } from './limits.js';

export interface RetryPolicy {
  /** Calls per job, the first included. */
  maxAttempts: number;
  /** Deadline of one call. */
  callTimeoutMs: number;
  /** Backoff before the second attempt; it doubles per attempt up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export type CallOutcome = { ok: true; answer: EngineAnswer; attempts: number } | { ok: false; error: unknown; attempts: number };

export interface EngineCall {
  engine: Engine;
  request: EngineRequest;
  gate: EngineGate;
  policy: RetryPolicy;
  clock: Clock;
  /** Uniform in [0, 1): the jitter of backoff delays. */
  random: () => number;
  /** Aborted by stop(): the call ends with the signal's reason, and nothing is recorded. */
  signal: AbortSignal;
  /** Renews the job's lease; rejects when the lease was lost, which ends the call. */
  keepLease(): Promise<void>;
  logger: Logger;
}

/**
 * Calls an engine until it answers, fails for good (a non-retryable error) or runs out of attempts. Between
 * attempts it waits what the provider asked (Retry-After) or an exponential backoff with jitter.
 */
export async function callWithRetries(call: EngineCall): Promise<CallOutcome> {
  const { policy, clock, signal } = call;
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptOnce(call);
    if (outcome.ok) return { ok: true, answer: outcome.answer, attempts: attempt };
    const { error } = outcome;
    if (!isRetryable(error) || attempt >= policy.maxAttempts) {
      return { ok: false, error, attempts: attempt };
    }
    const waitMs = retryDelayMs(error, attempt, policy, call.random());
    call.logger.warn({ attempt, errorClass: errorClass(error), error: (error as EngineError).message, retryInMs: waitMs }, 'engine call failed; retrying');
    await call.keepLease();
    await clock.sleep(waitMs, signal);
  }
}

const isRetryable = (error: unknown): error is EngineError => error instanceof EngineError && error.retryable;

/** Retry-After when the provider sent one; else base·2^(attempt-1), capped, with "equal jitter" (half fixed, half random). */
export function retryDelayMs(error: EngineError, attempt: number, policy: RetryPolicy, random: number): number {
  if (error instanceof EngineRateLimitedError && error.retryAfterMs !== null) return error.retryAfterMs;
  const exponential = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** (attempt - 1));
  return Math.round(exponential / 2 + (random * exponential) / 2);
}

/** One call under the engine's admission and a deadline; a stop() aborts it with the stop's reason. */
async function attemptOnce(call: EngineCall): Promise<AttemptOutcome> {
  const release = await call.gate.admit(call.signal);
  try {
    // Renewed after admission, not before: waiting for the engine's turn may have outlasted the lease.
    await call.keepLease();
    return await callBeforeDeadline(call);
  } finally {
    release();
  }
}

type AttemptOutcome = { ok: true; answer: EngineAnswer } | { ok: false; error: unknown };

async function callBeforeDeadline(call: EngineCall): Promise<AttemptOutcome> {
  const deadline = call.clock.timeout(call.policy.callTimeoutMs);
  const callSignal = AbortSignal.any([call.signal, deadline]);
  try {
    return { ok: true, answer: await untilAborted(call.engine.run(call.request, { signal: callSignal }), callSignal) };
  } catch (error) {
    if (call.signal.aborted) throw call.signal.reason;
    if (deadline.aborted) return { ok: false, error: new EngineTimeoutError(call.engine.id, call.policy.callTimeoutMs) };
    // Before the slot is released, so no call slips through to a provider that asked for a pause.
    if (error instanceof EngineRateLimitedError && error.retryAfterMs !== null) call.gate.pauseUntil(call.clock.now().getTime() + error.retryAfterMs);
    return { ok: false, error };
  }
}
