import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { GUNZIP_OPTIONS, startsWithGzipMagic } from './logLines.js';

/** What a log's content measures: its bytes within the limit, over it, or gzip that does not inflate. */
export type ContentSize = { kind: 'within'; bytes: number } | { kind: 'over' } | { kind: 'corrupt'; problem: string };

/** The first `length` bytes of a stream (fewer when it holds fewer); the stream is closed after. */
async function head(stream: Readable, length: number): Promise<Buffer> {
  const taken: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      taken.push(chunk as Buffer);
      total += (chunk as Buffer).length;
      if (total >= length) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(taken).subarray(0, length);
}

/**
 * The size of a log's content (after gunzip when its bytes are gzip), read no further than `maxBytes` and
 * without parsing a line: a gzip bomb is refused after inflating `maxBytes` at zlib's speed (about a second per
 * gigabyte), where parsing them would take tens of seconds. `open` gives the log's bytes from the start each
 * time it is called (a file, or chunks held); memory stays at one chunk.
 */
export async function measureContent(open: () => Readable, maxBytes: number): Promise<ContentSize> {
  const gzip = startsWithGzipMagic(await head(open(), 2));
  const source = open();
  const content = gzip ? source.pipe(createGunzip(GUNZIP_OPTIONS)) : source;
  source.once('error', (error) => content.destroy(error));
  let bytes = 0;
  try {
    for await (const chunk of content) {
      bytes += (chunk as Buffer).length;
      if (bytes > maxBytes) return { kind: 'over' };
    }
  } catch (error) {
    return { kind: 'corrupt', problem: String((error as { message?: unknown }).message ?? error) };
  } finally {
    source.destroy();
    content.destroy();
  }
  return { kind: 'within', bytes };
}
