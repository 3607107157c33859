/**
 * The body of a log upload: received only once the request is authorized, bounded as
 * sent (50 MB) and once decompressed (1 GB), read by at most 2 uploads at once per process.
 */
import { Semaphore } from 'async-mutex';
import type { Request, RequestHandler } from 'express';
import { Readable } from 'node:stream';
import type { AgentLogSource } from '../../app/agentAnalytics/logSource.js';
import { DomainError } from '../../domain/shared/errors.js';
import { ingestLog, measureContent, startsWithGzipMagic } from '../../infra/logs/index.js';
import { expressPath } from '../http/mount.js';

export const REPORT = '/v1/reports/brand/{reportId}';
export const LOG_UPLOAD_PATH = `${REPORT}/agent-analytics/logs`;
export const LOG_MEDIA_TYPES = ['text/plain', 'application/x-ndjson'] as const;
/** An upload holds at most 50 MB as sent (gzip-encoded or not)… */
export const MAX_LOG_UPLOAD_BYTES = 50 * 1024 * 1024;
/** …and at most 1 GB once decompressed. */
export const MAX_LOG_CONTENT_BYTES = 1024 * 1024 * 1024;

/**
 * Inflating and parsing an upload takes a core for seconds: at most 2 uploads are read at once per process, and
 * more wait for a slot, so that a few large uploads cannot take every core from the requests beside them.
 */
export const uploadReadings = new Semaphore(2);

class PayloadTooLargeError extends DomainError {
  readonly status = 413;
}

class UnsupportedMediaTypeError extends DomainError {
  readonly status = 415;
}

class CorruptBodyError extends DomainError {
  readonly status = 400;
}

const encodingOf = (request: Request): string => (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();

/** gzip needs no inflating here: the log reader recognises gzip bytes by their magic number, encoded or not. */
function checkEncoding(request: Request): void {
  const encoding = encodingOf(request);
  if (encoding !== 'identity' && encoding !== 'gzip') {
    throw new UnsupportedMediaTypeError(`Content-Encoding ${encoding} is not supported; send the log plain or gzip-encoded`);
  }
}

/** A body labelled gzip must be gzip: read as plain text, its bytes would count as lines skipped. */
function checkLabelledGzip(request: Request, chunks: readonly Buffer[]): void {
  if (encodingOf(request) !== 'gzip' || startsWithGzipMagic(Buffer.concat(chunks.slice(0, 2)))) return;
  throw new CorruptBodyError('The body is labelled Content-Encoding: gzip but is not gzip data (it does not start with the gzip magic bytes 1f 8b)');
}

/**
 * The body's chunks as received, refused beyond the limit (announced or actual) without reading further. The
 * refused connection is closed after the answer, so that no client sends its next request after a body cut
 * short.
 */
function receive(request: Request): Promise<Buffer[]> {
  checkEncoding(request);
  const refuse = (): PayloadTooLargeError => {
    request.res?.setHeader('Connection', 'close');
    return new PayloadTooLargeError(`A log upload may hold at most ${MAX_LOG_UPLOAD_BYTES} bytes; split larger logs`);
  };
  if (Number(request.headers['content-length'] ?? 0) > MAX_LOG_UPLOAD_BYTES) return Promise.reject(refuse());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received <= MAX_LOG_UPLOAD_BYTES) {
        chunks.push(chunk);
        return;
      }
      request.off('data', onData).off('end', onEnd);
      reject(refuse());
    };
    const onEnd = (): void => resolve(chunks);
    request.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

/** Measures the content before any line is parsed: a bomb or a corrupt gzip body is refused, and nothing recorded. */
async function checkContent(chunks: readonly Buffer[]): Promise<void> {
  const size = await measureContent(chunks, MAX_LOG_CONTENT_BYTES);
  if (size.kind === 'over') {
    throw new PayloadTooLargeError(`A log may hold at most ${MAX_LOG_CONTENT_BYTES} bytes once decompressed; split larger logs`);
  }
  if (size.kind === 'corrupt') throw new CorruptBodyError(`The gzip-compressed log is corrupt or truncated (${size.problem})`);
}

/**
 * The uploaded log as the ingestion reads it: received and checked when first read (after the request is
 * authorized and its report found), then kept, since an ingestion cut short may need a second reading under
 * older settings.
 */
function uploadedLog(request: Request): AgentLogSource {
  let accepted: Promise<Buffer[]> | null = null;
  return {
    async classify(format, context) {
      accepted ??= receive(request).then((chunks) => {
        checkLabelledGzip(request, chunks);
        return uploadReadings.runExclusive(() => checkContent(chunks)).then(() => chunks);
      });
      const chunks = await accepted;
      return uploadReadings.runExclusive(() => ingestLog(Readable.from(chunks), { format, ...context }));
    },
  };
}

/**
 * Mounted before the JSON parser: a log upload of a supported media type becomes the ingestion's source,
 * read only once its route runs. Any other body is left alone, and the route answers 400 for it.
 */
export const logUploadBody: { path: string; handler: RequestHandler } = {
  path: expressPath(LOG_UPLOAD_PATH),
  handler: (request, _response, next) => {
    if (request.method === 'POST' && request.is([...LOG_MEDIA_TYPES])) request.body = uploadedLog(request);
    next();
  },
};
