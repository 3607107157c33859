/**
 * The body of a log upload: received only once the request is authorized and holds one of the server's 2
 * upload slots (else a 503 with Retry-After, before a byte is read), streamed to a temporary file bounded as
 * sent (50 MB), measured once decompressed (1 GB), then read from the file line by line.
 */
import type { Request, RequestHandler, Response } from 'express';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentLogSource } from '../../app/agentAnalytics/logSource.js';
import { BusyError, DomainError } from '../../domain/shared/errors.js';
import { ingestLog, measureContent, startsWithGzipMagic } from '../../infra/logs/index.js';
import { expressPath } from '../http/mount.js';

export const REPORT = '/v1/reports/brand/{reportId}';
export const LOG_UPLOAD_PATH = `${REPORT}/agent-analytics/logs`;
export const LOG_MEDIA_TYPES = ['text/plain', 'application/x-ndjson'] as const;
/** An upload holds at most 50 MB as sent (gzip-encoded or not)… */
export const MAX_LOG_UPLOAD_BYTES = 50 * 1024 * 1024;
/** …and at most 1 GB once decompressed. */
export const MAX_LOG_CONTENT_BYTES = 1024 * 1024 * 1024;

/** Slots of one process: taken at once or not at all, so a busy server answers at once instead of queueing bodies. */
export interface Slots {
  /** A slot's release (idempotent), or null when every slot is taken. */
  tryTake(): (() => void) | null;
  readonly taken: number;
}

function slots(size: number): Slots {
  let taken = 0;
  return {
    tryTake() {
      if (taken >= size) return null;
      taken += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        taken -= 1;
      };
    },
    get taken() {
      return taken;
    },
  };
}

/**
 * Receiving, inflating and parsing an upload takes a core for seconds: at most 2 uploads are read at once per
 * process, so that a few large uploads cannot take every core (or the memory of their bodies) from the requests
 * beside them. A third is answered 503 with Retry-After before its body is read.
 */
export const UPLOAD_SLOTS = 2;
export const UPLOAD_RETRY_AFTER_SECONDS = 5;
export const uploadSlots: Slots = slots(UPLOAD_SLOTS);

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

async function firstBytes(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A body labelled gzip must be gzip: read as plain text, its bytes would count as lines skipped. */
async function checkLabelledGzip(request: Request, file: string): Promise<void> {
  if (encodingOf(request) !== 'gzip' || startsWithGzipMagic(await firstBytes(file, 2))) return;
  throw new CorruptBodyError('The body is labelled Content-Encoding: gzip but is not gzip data (it does not start with the gzip magic bytes 1f 8b)');
}

/**
 * The body written to `file` as received (with the socket paused while the disk catches up), refused beyond the
 * limit (announced or actual) without reading further. The refused connection is closed after the answer, so
 * that no client sends its next request after a body cut short.
 */
function receive(request: Request, file: string): Promise<void> {
  const refuse = (): PayloadTooLargeError => {
    request.res?.setHeader('Connection', 'close');
    return new PayloadTooLargeError(`A log upload may hold at most ${MAX_LOG_UPLOAD_BYTES} bytes; split larger logs`);
  };
  if (Number(request.headers['content-length'] ?? 0) > MAX_LOG_UPLOAD_BYTES) return Promise.reject(refuse());
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    let received = 0;
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      request.off('data', onData).off('end', onEnd);
      out.destroy();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > MAX_LOG_UPLOAD_BYTES) return fail(refuse());
      if (!out.write(chunk)) {
        request.pause();
        out.once('drain', () => request.resume());
      }
    };
    const onEnd = (): void => {
      out.end(() => {
        if (settled) return;
        settled = true;
        resolve();
      });
    };
    out.once('error', fail);
    request.on('data', onData).once('end', onEnd).once('error', fail);
  });
}

/** Measures the content before any line is parsed: a bomb or a corrupt gzip body is refused, and nothing recorded. */
async function checkContent(file: string): Promise<void> {
  const size = await measureContent(() => createReadStream(file), MAX_LOG_CONTENT_BYTES);
  if (size.kind === 'over') {
    throw new PayloadTooLargeError(`A log may hold at most ${MAX_LOG_CONTENT_BYTES} bytes once decompressed; split larger logs`);
  }
  if (size.kind === 'corrupt') throw new CorruptBodyError(`The gzip-compressed log is corrupt or truncated (${size.problem})`);
}

/**
 * The upload received into a temporary file and checked, under a slot held until the response is done (sent or
 * cut off), when the file is removed.
 */
async function accept(request: Request, response: Response): Promise<string> {
  checkEncoding(request);
  const release = uploadSlots.tryTake();
  if (release === null) {
    throw new BusyError(
      `This server reads at most ${UPLOAD_SLOTS} log uploads at once and all are busy; retry in ${UPLOAD_RETRY_AFTER_SECONDS} seconds`,
      UPLOAD_RETRY_AFTER_SECONDS,
    );
  }
  const directory = mkdtemp(join(tmpdir(), 'geolens-upload-'));
  response.once('close', () => {
    release();
    directory.then((made) => rm(made, { recursive: true, force: true })).catch(() => undefined);
  });
  const file = join(await directory, 'log');
  await receive(request, file);
  await checkLabelledGzip(request, file);
  await checkContent(file);
  return file;
}

/**
 * The uploaded log as the ingestion reads it: received and checked when first read (after the request is
 * authorized and its report found), then kept in its file, since an ingestion cut short may need a second
 * reading under older settings.
 */
function uploadedLog(request: Request, response: Response): AgentLogSource {
  let accepted: Promise<string> | null = null;
  return {
    async classify(format, context) {
      accepted ??= accept(request, response);
      const file = await accepted;
      return ingestLog(createReadStream(file), { format, ...context });
    },
  };
}

/**
 * Mounted before the JSON parser: a log upload of a supported media type becomes the ingestion's source,
 * read only once its route runs. Any other body is left alone, and the route answers 400 for it.
 */
export const logUploadBody: { path: string; handler: RequestHandler } = {
  path: expressPath(LOG_UPLOAD_PATH),
  handler: (request, response, next) => {
    if (request.method === 'POST' && request.is([...LOG_MEDIA_TYPES])) request.body = uploadedLog(request, response);
    next();
  },
};
