import type { EngineId } from '../engine.js';
import {
  EngineError,
  EngineRateLimitedError,
  EngineResponseError,
  EngineTimeoutError,
  EngineUnavailableError,
} from '../errors.js';

/** Maps a provider's HTTP failure to the error a scheduler acts on. */
export function errorForStatus(engine: EngineId, status: number, headers: Headers | undefined): EngineError {
  if (status === 429) return new EngineRateLimitedError(engine, retryAfterMs(headers));
  if (status === 408) return new EngineUnavailableError(engine, status);
  if (status >= 500) return new EngineUnavailableError(engine, status);
  return new EngineResponseError(engine, 'request refused', status);
}

/** Reads `retry-after-ms` (OpenAI) or `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  const milliseconds = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers?.get('retry-after');
  if (value === null || value === undefined || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Turns a thrown SDK error into an EngineError, or null when the error is not one the SDK describes. */
export type ErrorClassifier = (engine: EngineId, error: unknown) => EngineError | null;

/**
 * Runs one provider call under a deadline. The caller's own abort is passed through untouched (it is not an
 * engine failure); everything else leaves as an EngineError so the scheduler can decide on a retry.
 */
export async function callWithDeadline<T>(
  engine: EngineId,
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
  classify: ErrorClassifier = () => null,
): Promise<T> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal === undefined ? deadline : AbortSignal.any([callerSignal, deadline]);
  try {
    return await call(signal);
  } catch (error) {
    if (callerSignal?.aborted === true) throw error;
    if (deadline.aborted) throw new EngineTimeoutError(engine, timeoutMs);
    throw toEngineError(engine, error, classify);
  }
}

function toEngineError(engine: EngineId, error: unknown, classify: ErrorClassifier): EngineError {
  if (error instanceof EngineError) return error;
  const classified = classify(engine, error);
  if (classified !== null) return classified;
  if (isJsonSyntaxError(error)) return new EngineResponseError(engine, 'body is not valid JSON', null, { cause: error });
  return new EngineUnavailableError(engine, null, { cause: error });
}

/** By name, not instanceof: `JSON.parse` inside an SDK may throw the SyntaxError of another realm. */
function isJsonSyntaxError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'SyntaxError';
}
