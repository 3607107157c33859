import type { z } from 'zod';
import type { EngineId } from '../engine.js';
import { EngineResponseError } from '../errors.js';

/**
 * Checks a provider body against the part of its documented shape an adapter reads. SDK types describe what
 * the provider promises; this is what a proxy, an outage page or a format change actually delivers.
 */
export function parseBody<Schema extends z.ZodType>(engine: EngineId, schema: Schema, body: unknown): z.infer<Schema> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? 'body' : issue.path.join('.');
  throw new EngineResponseError(engine, `unexpected response shape at ${where}`, null, { cause: result.error });
}

/** Keeps the first occurrence of each non-empty query, in order. */
export function distinctQueries(queries: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const query of queries) {
    const trimmed = query.trim();
    if (trimmed !== '') seen.add(trimmed);
  }
  return [...seen];
}
