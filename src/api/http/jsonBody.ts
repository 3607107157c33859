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

/** express's `etag fn` setting: the ETag of a body's bytes. */
export type EtagFunction = (body: Buffer, encoding?: BufferEncoding) => string | undefined;

interface HeldBytes {
  bytes: Buffer;
  etagOf: EtagFunction | undefined;
  etag: string | undefined;
}

const heldBytes = new WeakMap<object, HeldBytes>();

/**
 * The bytes of a held answer (one whose text was measured) and their ETag, made once per answer: express would
 * encode the text and hash it for its ETag on every request, about a millisecond for half a megabyte of
 * `/stats`. Undefined for an answer nothing holds. The ETag is the one express computes, by its own setting.
 */
export function heldJsonBytes(body: unknown, etagOf: EtagFunction | undefined): { bytes: Buffer; etag: string | undefined } | undefined {
  const text = measuredJson(body);
  if (text === undefined) return undefined;
  const held = heldBytes.get(body as object);
  if (held && held.etagOf === etagOf) return held;
  const bytes = Buffer.from(text, 'utf8');
  const made: HeldBytes = { bytes, etagOf, etag: etagOf?.(bytes) };
  heldBytes.set(body as object, made);
  return made;
}
