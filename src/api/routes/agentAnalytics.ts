import type { Request, RequestHandler } from 'express';
import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  getStatsOperation,
  listAgentsOperation,
  listPagesOperation,
  uploadAgentLogsOperation,
} from '../../app/agentAnalytics/operations.js';
import type { AgentLogSource } from '../../app/agentAnalytics/logSource.js';
import { DomainError } from '../../domain/shared/errors.js';
import { ingestLog } from '../../infra/logs/index.js';
import { expressPath } from '../http/mount.js';
import { restRoute, type Route } from '../http/route.js';

const REPORT = '/v1/reports/brand/{reportId}';
const LOG_UPLOAD_PATH = `${REPORT}/agent-analytics/logs`;
const LOG_MEDIA_TYPES = ['text/plain', 'application/x-ndjson'] as const;
/** contract.md section 10: an upload holds at most 50 MB, as sent (gzip-encoded or not). */
export const MAX_LOG_UPLOAD_BYTES = 50 * 1024 * 1024;

class PayloadTooLargeError extends DomainError {
  readonly status = 413;
}

class UnsupportedMediaTypeError extends DomainError {
  readonly status = 415;
}

/** gzip needs no inflating here: the log reader recognises gzip bytes by their magic number, encoded or not. */
function checkEncoding(request: Request): void {
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip') {
    throw new UnsupportedMediaTypeError(`Content-Encoding ${encoding} is not supported; send the log plain or gzip-encoded`);
  }
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

/**
 * The uploaded log as the ingestion reads it: received when first read (after the request is authorized and
 * its report found), then kept, since an ingestion cut short may need a second reading under older settings.
 */
function uploadedLog(request: Request): AgentLogSource {
  let chunks: Promise<Buffer[]> | null = null;
  return {
    async classify(format, context) {
      chunks ??= receive(request);
      return ingestLog(Readable.from(await chunks), { format, ...context });
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

export const agentAnalyticsRoutes: readonly Route[] = [
  restRoute(listAgentsOperation, { method: 'get', path: `${REPORT}/agent-analytics/agents` }),
  restRoute(getStatsOperation, { method: 'get', path: `${REPORT}/agent-analytics/stats` }),
  restRoute(listPagesOperation, { method: 'get', path: `${REPORT}/agent-analytics/pages` }),
  restRoute(uploadAgentLogsOperation, {
    method: 'post',
    path: LOG_UPLOAD_PATH,
    queryFields: ['format', 'host'],
    rawBody: {
      field: 'content',
      mediaTypes: LOG_MEDIA_TYPES,
      documentedAs: z.string().describe('The access log, one request per line; may be gzip-encoded (Content-Encoding: gzip, or gzip bytes)'),
    },
  }),
];
