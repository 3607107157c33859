import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { GUNZIP_OPTIONS, startsWithGzipMagic } from './logLines.js';

/** What a log's content measures: its bytes within the limit, over it, or gzip that does not inflate. */
export type ContentSize = { kind: 'within'; bytes: number } | { kind: 'over' } | { kind: 'corrupt'; problem: string };

/** The first `length` bytes of the chunks (fewer when there are fewer). */
function head(chunks: readonly Buffer[], length: number): Buffer {
  const taken: Buffer[] = [];
  for (let total = 0, index = 0; total < length && index < chunks.length; index += 1) {
    const chunk = chunks[index] as Buffer;
    taken.push(chunk);
    total += chunk.length;
  }
  return Buffer.concat(taken).subarray(0, length);
}

/**
 * The size of a log's content (after gunzip when its bytes are gzip), read no further than `maxBytes` and
 * without parsing a line: a gzip bomb is refused after inflating `maxBytes` at zlib's speed (about a second per
 * gigabyte), where parsing them would take tens of seconds. Memory stays at one output chunk.
 */
export async function measureContent(chunks: readonly Buffer[], maxBytes: number): Promise<ContentSize> {
  if (!startsWithGzipMagic(head(chunks, 2))) {
    const bytes = chunks.reduce((total, chunk) => total + chunk.length, 0);
    return bytes > maxBytes ? { kind: 'over' } : { kind: 'within', bytes };
  }
  let bytes = 0;
  try {
    for await (const inflated of Readable.from(chunks).pipe(createGunzip(GUNZIP_OPTIONS))) {
      bytes += (inflated as Buffer).length;
      if (bytes > maxBytes) return { kind: 'over' };
    }
  } catch (error) {
    return { kind: 'corrupt', problem: String((error as { message?: unknown }).message ?? error) };
  }
  return { kind: 'within', bytes };
}
