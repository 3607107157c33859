/**
 * The few error classes the whole service uses. Each carries its HTTP meaning so that one error handler at
 * the edge (REST, MCP, CLI) maps them, instead of try/catch in every route.
 */

export interface ValidationIssue {
  /** Dotted path of the failing field, e.g. `competitors.2.brandDomain`; `''` for the whole input. */
  path: string;
  message: string;
  /** Machine-readable code; zod issue codes (`invalid_type`, `too_big`, `custom`, ...). */
  code: string;
}

export type ValidationTarget = 'body' | 'query' | 'params' | 'arguments' | 'command';

export abstract class DomainError extends Error {
  abstract readonly status: number;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly status = 400;
  constructor(
    message: string,
    readonly issues: ValidationIssue[],
    readonly target: ValidationTarget = 'body',
  ) {
    super(message);
  }

  static single(path: string, message: string, code = 'custom', target: ValidationTarget = 'body'): ValidationError {
    return new ValidationError(message, [{ path, message, code }], target);
  }
}

export class UnauthorizedError extends DomainError {
  readonly status = 401;
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  /** The input field that named the missing resource (`teamId`), when known: lets the CLI name its flag. */
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Something that existed and has ended (an expired share link): it will not come back. */
export class GoneError extends DomainError {
  readonly status = 410;
}

/** Optimistic concurrency conflict: the stream moved since it was read. */
export class ConcurrencyError extends DomainError {
  readonly status = 409;
  constructor(
    message: string,
    readonly streamName?: string,
  ) {
    super(message);
  }
}

/** A state conflict other than concurrency (e.g. revoking a revoked key). */
export class ConflictError extends DomainError {
  readonly status = 409;
}

export class QuotaExceededError extends DomainError {
  readonly status = 429;
}

/** Something the service needs for this request is not installed or not reachable; the message says what. */
export class ServiceUnavailableError extends DomainError {
  readonly status = 503;
}

/** Busy for now, not broken: the answer tells the client when to try again (Retry-After, in seconds). */
export class BusyError extends ServiceUnavailableError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
