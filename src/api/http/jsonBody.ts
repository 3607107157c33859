import { measuredJson } from '../../app/shared/responseCache.js';

/**
 * The JSON text of an answer: the text the response cache measured when it computed the answer (issue 24: a
 * held answer is served to many requests, and serializing a 90-day `/stats` answer of half a megabyte would cost
 * more than the rest of a cached request), else serialized as express's `response.json` does (no replacer, no
 * spaces), so every answer's bytes are the same either way.
 */
export function jsonBody(body: unknown): string {
  return measuredJson(body) ?? JSON.stringify(body);
}
