import type { Readable } from 'node:stream';
import type { AgentVisitRow } from '../../domain/agentLogs/aggregate.js';
import type { ClassificationContext } from '../../domain/agentLogs/classify.js';
import { createLogIngestion } from '../../domain/agentLogs/ingestion.js';
import type { LogFormat } from '../../domain/agentLogs/records.js';
import { openLogLines, type LogReadProgress } from './logLines.js';

export interface IngestLogOptions extends ClassificationContext {
  format: LogFormat;
  onProgress?: (progress: LogReadProgress) => void;
}

/** What `logs ingest` answers (`lines`, `visits`, `skipped`), plus what the caller records. */
export interface IngestLogResult {
  lines: number;
  visits: number;
  skipped: number;
  /** SHA-256 of the raw content, hex: the same upload twice has the same digest. */
  sha256: string;
  rows: AgentVisitRow[];
}

/** Streams a log (a file path or a Readable of raw, possibly gzipped, bytes) through parsing and classification. */
export async function ingestLog(source: string | Readable, options: IngestLogOptions): Promise<IngestLogResult> {
  const { format, onProgress, ...context } = options;
  const ingestion = createLogIngestion(format, context);
  const lines = openLogLines(source, onProgress === undefined ? {} : { onProgress });
  for await (const batch of lines) for (const line of batch) ingestion.addLine(line);
  const { visits, skipped, rows } = ingestion.result();
  return { lines: lines.summary().lines, visits, skipped, sha256: lines.summary().sha256, rows };
}
