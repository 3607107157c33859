/**
 * One line of an exported event log: an event as NDJSON, with everything a store of
 * another kind needs to record it again as it was. The global position is left out: it belongs to one store.
 */
import { z } from 'zod';
import { ValidationError } from '../../domain/shared/errors.js';
import type { NewEvent, RecordedEvent } from '../../ports/eventStore.js';

export const exportedEventSchema = z
  .object({
    stream: z.string().min(1),
    revision: z.number().int().nonnegative(),
    type: z.string().min(1),
    id: z.string().min(1),
    time: z.iso.datetime(),
    data: z.json(),
    metadata: z.record(z.string(), z.json()),
  })
  .strict();

export type ExportedEvent = z.output<typeof exportedEventSchema>;

export const exportedLine = (event: RecordedEvent): string =>
  JSON.stringify({
    stream: event.streamName,
    revision: Number(event.revision),
    type: event.type,
    id: event.id,
    time: event.created.toISOString(),
    data: event.data,
    metadata: event.metadata,
  });

/** The event of line `lineNumber` (1-based), or a ValidationError naming the line and what is wrong with it. */
export function parseExportedLine(text: string, lineNumber: number): ExportedEvent {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw malformed(lineNumber, `not JSON (${(error as Error).message})`);
  }
  const parsed = exportedEventSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw malformed(lineNumber, `${field}${issue?.message ?? 'not an exported event'}`);
}

export const malformed = (lineNumber: number, problem: string): ValidationError =>
  ValidationError.single('file', `line ${lineNumber}: ${problem}`);

export const toNewEvent = (event: ExportedEvent): NewEvent => ({
  type: event.type,
  data: event.data,
  metadata: event.metadata,
  id: event.id,
  created: new Date(event.time),
});

/** Whether a recorded event is the one a line describes (a resumed import compares what is already there). */
export const sameEvent = (recorded: RecordedEvent, line: ExportedEvent): boolean =>
  recorded.id === line.id && recorded.streamName === line.stream && recorded.revision === BigInt(line.revision) && recorded.type === line.type;
