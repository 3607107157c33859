import type { Readable } from 'node:stream';
import type { ClassificationContext } from '../../domain/agentLogs/classify.js';
import { createLogIngestion, type LogIngestionResult } from '../../domain/agentLogs/ingestion.js';
import type { LogFormat } from '../../domain/agentLogs/records.js';
import { openLogLines, type LogReadProgress } from './logLines.js';

export interface IngestLogOptions extends ClassificationContext {
  format: LogFormat;
  onProgress?: (progress: LogReadProgress) => void;
}

/** What `logs ingest` answers (`lines`, `visits`, `skipped`), plus what the caller records (rows, referrals). */
export interface IngestLogResult extends LogIngestionResult {
  /** SHA-256 of the raw content, hex: the same upload twice has the same digest. */
  sha256: string;
}

/** Streams a log (a file path or a Readable of raw, possibly gzipped, bytes) through parsing and classification. */
export async function ingestLog(source: string | Readable, options: IngestLogOptions): Promise<IngestLogResult> {
  const { format, onProgress, ...context } = options;
  const ingestion = createLogIngestion(format, context);
  const lines = openLogLines(source, onProgress === undefined ? {} : { onProgress });
  for await (const batch of lines) for (const line of batch) ingestion.addLine(line);
  return { ...ingestion.result(), lines: lines.summary().lines, sha256: lines.summary().sha256 };
}
