import type { Request } from 'express';
import { z } from 'zod';
import { validationFailed } from '../../../domain/shared/zodIssues.js';

export const CSV_MEDIA_TYPE = 'text/csv';

/** `format` on a list operation: a link's way of asking for CSV without an `Accept` header. */
export const formatParameterSchema = z
  .enum(['csv', 'json'])
  .optional()
  .describe('csv answers the items as text/csv (every page unless limit, offset or cursor is sent); json the default answer. Without it, the Accept header decides');

/**
 * Whether a list request is answered as CSV: `format` when sent, else content negotiation on `Accept` (its
 * q-values, then the more specific type); JSON wins ties, a missing header and `*\/*`.
 */
export function wantsCsv(request: Request): boolean {
  const format = formatParameterSchema.safeParse(request.query && (request.query as Record<string, unknown>).format);
  if (!format.success) {
    const message = 'Invalid option: expected one of "csv"|"json"';
    throw validationFailed([{ path: 'format', message, code: 'invalid_value' }], 'query');
  }
  if (format.data !== undefined) return format.data === 'csv';
  return request.accepts(['application/json', CSV_MEDIA_TYPE]) === CSV_MEDIA_TYPE;
}
