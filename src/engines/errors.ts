import type { EngineId } from './engine.js';

/**
 * How an engine call failed, in the terms a scheduler needs: whether a retry can help and, for rate limits,
 * how long the provider asked us to wait. Messages never contain API keys or request URLs (SerpApi puts the
 * key in the query string).
 */
export abstract class EngineError extends Error {
  abstract readonly retryable: boolean;

  constructor(
    readonly engine: EngineId,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`${engine}: ${message}`, options);
    this.name = new.target.name;
  }
}

export class EngineRateLimitedError extends EngineError {
  readonly retryable = true;

  constructor(
    engine: EngineId,
    /** From the provider's Retry-After header; null when it sent none, and the scheduler's backoff decides. */
    readonly retryAfterMs: number | null,
  ) {
    super(engine, retryAfterMs === null ? 'rate limited' : `rate limited, retry after ${retryAfterMs} ms`);
  }
}

export class EngineTimeoutError extends EngineError {
  readonly retryable = true;

  constructor(
    engine: EngineId,
    readonly timeoutMs: number,
  ) {
    super(engine, `no answer within ${timeoutMs} ms`);
  }
}

/** The provider is down or unreachable (5xx, connection refused); worth retrying later. */
export class EngineUnavailableError extends EngineError {
  readonly retryable = true;

  constructor(
    engine: EngineId,
    readonly status: number | null,
    options?: ErrorOptions,
  ) {
    super(engine, status === null ? 'unreachable' : `unavailable (HTTP ${status})`, options);
  }
}

/**
 * The provider refused the request (bad key, bad parameters) or answered something we cannot read. Retrying
 * the same request would fail the same way.
 */
export class EngineResponseError extends EngineError {
  readonly retryable = false;

  constructor(
    engine: EngineId,
    detail: string,
    readonly status: number | null = null,
    options?: ErrorOptions,
  ) {
    super(engine, status === null ? detail : `${detail} (HTTP ${status})`, options);
  }
}
