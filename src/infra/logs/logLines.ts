/**
 * Streams an access log as lines: from a file path or any Readable, gunzipped when its first bytes are the gzip
 * magic number, with memory bounded whatever the size (a chunk and one partial line at a time). The SHA-256 of
 * the content (after gunzip) is computed on the way, so a retried upload is recognised whether it travelled
 * compressed or not.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';

const GZIP_MAGIC = [0x1f, 0x8b] as const;
const CHUNK_BYTES = 1 << 20;
/** zlib's output chunks: larger than its 16 KB default, inflating costs a quarter of the CPU time. */
export const GUNZIP_OPTIONS = { chunkSize: 1 << 20 } as const;
/**
 * A longer "line" is not a log line (a binary file, a missing newline): it is yielded
 * empty, to count as skipped.
 */
export const MAX_LINE_CHARS = 64 * 1024;

/** Whether bytes that start a log are gzip's magic number. */
export const startsWithGzipMagic = (head: Buffer): boolean => head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];

export interface LogReadProgress {
  /** Raw (possibly compressed) bytes read so far. */
  bytesRead: number;
  /** The source's size when known (a file), else null. */
  totalBytes: number | null;
}

export interface LogReadSummary {
  /** SHA-256 of the content, after gunzip, hex. */
  sha256: string;
  /** Raw (possibly compressed) bytes read. */
  bytes: number;
  lines: number;
}

export interface LogLineOptions {
  onProgress?: (progress: LogReadProgress) => void;
  chunkBytes?: number;
}

/** Batches of lines (one per decoded chunk: cheaper than one await per line); `summary()` once iterated. */
export interface LogLines extends AsyncIterable<string[]> {
  summary(): LogReadSummary;
}

/** Counts and reports the raw bytes as the consumer pulls them: backpressure is the consumer's. */
async function* counted(source: AsyncIterable<Buffer>, read: { bytes: number }, progress: (bytes: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    read.bytes += chunk.length;
    progress(read.bytes);
    yield chunk;
  }
}

/** The decompressed byte stream: the raw chunks, or their gunzip when the first two bytes say gzip. */
async function* decompressed(raw: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = raw[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  while (head.length < GZIP_MAGIC.length) {
    const next = await iterator.next();
    if (next.done === true) break;
    head = Buffer.concat([head, next.value]);
  }
  async function* rest(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
  }
  yield* startsWithGzipMagic(head) ? Readable.from(rest(), { objectMode: false }).pipe(createGunzip(GUNZIP_OPTIONS)) : rest();
}

/** Splits decoded text into lines across chunk boundaries, without `\r`, keeping at most one partial line. */
class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private discardingOverlong = false;

  push(chunk: Buffer): string[] {
    return this.split(this.decoder.write(chunk), false);
  }

  end(): string[] {
    return this.split(this.decoder.end(), true);
  }

  private split(text: string, atEnd: boolean): string[] {
    const parts = (this.pending + text).split('\n');
    const unfinished = parts.pop() ?? '';
    const lines = parts.map((part, index) => (index === 0 && this.takeOverlongMark() ? '' : logLine(part)));
    this.pending = unfinished;
    if (atEnd) {
      if (this.pending !== '' || this.discardingOverlong) lines.push(this.takeOverlongMark() ? '' : logLine(this.pending));
      this.pending = '';
    } else if (this.pending.length > MAX_LINE_CHARS) {
      this.pending = '';
      this.discardingOverlong = true;
    }
    return lines;
  }

  /** Whether the line now ending is the rest of an overlong one (it is then yielded empty); clears the mark. */
  private takeOverlongMark(): boolean {
    const overlong = this.discardingOverlong;
    this.discardingOverlong = false;
    return overlong;
  }
}

/** The line without its `\r`; an overlong one as an empty line. */
const logLine = (part: string): string =>
  part.length > MAX_LINE_CHARS ? '' : part.endsWith('\r') ? part.slice(0, -1) : part;

async function totalBytesOf(source: string | Readable): Promise<number | null> {
  return typeof source === 'string' ? (await stat(source)).size : null;
}

/** Opens a log (a file path or a Readable of its raw bytes) for streaming line batches. */
export function openLogLines(source: string | Readable, options: LogLineOptions = {}): LogLines {
  const read = { bytes: 0 };
  const hash = createHash('sha256');
  let summary: LogReadSummary | null = null;
  async function* batches(): AsyncGenerator<string[]> {
    const totalBytes = await totalBytesOf(source);
    const raw = typeof source === 'string' ? createReadStream(source, { highWaterMark: options.chunkBytes ?? CHUNK_BYTES }) : source;
    const progress = (bytesRead: number): void => options.onProgress?.({ bytesRead, totalBytes });
    const splitter = new LineSplitter();
    let lines = 0;
    for await (const chunk of decompressed(counted(raw, read, progress))) {
      hash.update(chunk);
      const batch = splitter.push(chunk);
      lines += batch.length;
      if (batch.length > 0) yield batch;
    }
    const last = splitter.end();
    lines += last.length;
    if (last.length > 0) yield last;
    summary = { sha256: hash.digest('hex'), bytes: read.bytes, lines };
  }
  return {
    [Symbol.asyncIterator]: () => batches(),
    summary() {
      if (summary === null) throw new Error('the log has not been read to its end yet');
      return summary;
    },
  };
}
