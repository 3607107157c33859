import { z } from 'zod';
import type { ClassificationContext } from '../../domain/agentLogs/classify.js';
import type { LogIngestionResult } from '../../domain/agentLogs/ingestion.js';
import type { LogFormat } from '../../domain/agentLogs/records.js';

/** A log read through parsing and classification, with the SHA-256 of its content. */
export interface ClassifiedContent extends LogIngestionResult {
  sha256: string;
}

/**
 * A log to ingest, as an edge supplies it: a file (the CLI) or an uploaded body (REST). It can be read more
 * than once, which an ingestion cut short by a crash may need: it is finished under the settings it began
 * with, which may differ from today's.
 */
export interface AgentLogSource {
  classify(format: LogFormat, context: ClassificationContext): Promise<ClassifiedContent>;
}

const isAgentLogSource = (value: unknown): value is AgentLogSource =>
  typeof value === 'object' && value !== null && typeof (value as Partial<AgentLogSource>).classify === 'function';

/** The log of an ingestion; an edge that has none (a body of another media type) fails this check. */
export const agentLogSourceSchema = z.custom<AgentLogSource>(isAgentLogSource, {
  message: 'Expected the log as the body, Content-Type text/plain or application/x-ndjson',
});
