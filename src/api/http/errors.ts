import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { BusyError, DomainError, UnauthorizedError, ValidationError } from '../../domain/shared/errors.js';

/** Error bodies: `{message}` with the status that names the problem. */
export const plainErrorSchema = z.object({ message: z.string() }).meta({ id: 'Error' });

export const validationErrorSchema = z
  .object({
    message: z.string(),
    target: z.enum(['params', 'query', 'body']).describe('The part of the request that failed'),
    errors: z.array(
      z.object({
        path: z.string().describe('Dotted path of the failing field; empty for the whole part'),
        message: z.string(),
        code: z.string().describe('zod issue code: invalid_type, too_small, too_big, invalid_format, invalid_value, unrecognized_keys, custom'),
      }),
    ),
  })
  .meta({ id: 'ValidationError' });

type ErrorBody = z.output<typeof plainErrorSchema> | z.output<typeof validationErrorSchema>;

/**
 * What body-parser and express throw for bad input: an HTTP status and a message that is safe to show. Its own
 * errors carry a `type`; a body that its `Content-Encoding` does not decode is zlib's error with a 400 status
 * and an `errno`.
 */
interface HttpInputError {
  type?: string;
  status: number;
  errno?: number;
  message: string;
}

function isHttpInputError(error: unknown): error is HttpInputError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Partial<HttpInputError>;
  return typeof candidate.status === 'number' && candidate.status >= 400 && candidate.status < 500 && typeof candidate.message === 'string';
}

const INTERNAL_ERROR = { status: 500, body: { message: 'Internal server error' } };

function describeError(error: unknown, contentEncoding: string | undefined): { status: number; body: ErrorBody } {
  if (error instanceof ValidationError) {
    const target = error.target === 'params' || error.target === 'query' ? error.target : 'body';
    return { status: 400, body: { message: error.message, target, errors: error.issues } };
  }
  if (error instanceof DomainError) return { status: error.status, body: { message: error.message } };
  if (!isHttpInputError(error)) return INTERNAL_ERROR;
  if (error.type === 'entity.parse.failed') {
    const message = `Invalid body: malformed JSON (${error.message})`;
    return { status: 400, body: { message, target: 'body', errors: [{ path: '', message, code: 'invalid_format' }] } };
  }
  if (error.type === undefined && typeof error.errno === 'number') {
    return { status: 400, body: { message: `Invalid body: not valid ${contentEncoding ?? 'encoded'} data, as its Content-Encoding says (${error.message})` } };
  }
  return { status: error.status, body: { message: error.message } };
}

/**
 * The one place errors become HTTP answers: domain errors carry their status, body-parser's JSON syntax
 * errors become the validation body, other bad input keeps its 4xx and message, and anything else is a 500
 * whose details stay in the log (with the request id `request.log` carries), never in the answer.
 */
export const errorHandler: ErrorRequestHandler = (error, request, response, next) => {
  if (response.headersSent) {
    next(error);
    return;
  }
  const { status, body } = describeError(error, request.headers['content-encoding']);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  if (error instanceof UnauthorizedError) response.setHeader('WWW-Authenticate', 'Bearer realm="geolens"');
  if (error instanceof BusyError) response.setHeader('Retry-After', String(error.retryAfterSeconds));
  response.status(status).json(body);
};

export const notFoundHandler: RequestHandler = (request, response) => {
  response.status(404).json({ message: `No such endpoint: ${request.method} ${request.path}` });
};
