import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
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
  /** The bytes gzip-compressed and their ETag, made when first asked for (off the event loop). */
  gzipped?: Promise<HeldJson>;
}

/** The bytes of a held answer as sent: identity, or gzip with its own ETag. */
export interface HeldJson {
  bytes: Buffer;
  etag: string | undefined;
}

const heldBytes = new WeakMap<object, HeldBytes>();

/** Held answers this large or larger are sent gzip-compressed to a client that accepts it (a 90-day `/stats` is ~0.5 MB). */
export const GZIP_MIN_BYTES = 1024;

const gzipBytes = promisify(gzip);

/**
 * The bytes of a held answer (one whose text was measured) and their ETag, made once per answer: express would
 * encode the text and hash it for its ETag on every request, about a millisecond for half a megabyte of
 * `/stats`. Undefined for an answer nothing holds. The ETag is the one express computes, by its own setting.
 */
export function heldJsonBytes(body: unknown, etagOf: EtagFunction | undefined): HeldJson | undefined {
  return heldEntry(body, etagOf);
}

function heldEntry(body: unknown, etagOf: EtagFunction | undefined): HeldBytes | undefined {
  const text = measuredJson(body);
  if (text === undefined) return undefined;
  let held = heldBytes.get(body as object);
  if (!held || held.etagOf !== etagOf) {
    const bytes = Buffer.from(text, 'utf8');
    held = { bytes, etagOf, etag: etagOf?.(bytes) };
    heldBytes.set(body as object, held);
  }
  return held;
}

/**
 * `heldJsonBytes` gzip-compressed, made once per answer on libuv's threads (the event loop goes on serving) at
 * zlib's fastest level, under an ETag of its own: a cache must not take one encoding's bytes for the other's.
 */
export function heldGzipBytes(body: unknown, etagOf: EtagFunction | undefined): Promise<HeldJson> | undefined {
  const held = heldEntry(body, etagOf);
  if (!held) return undefined;
  held.gzipped ??= gzipBytes(held.bytes, { level: constants.Z_BEST_SPEED }).then((bytes) => ({ bytes, etag: held.etag?.replace(/"$/, '-gzip"') }));
  return held.gzipped;
}
