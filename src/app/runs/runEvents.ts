import type { RunCompleted, RunEvent, RunFailed, RunSubject } from '../../domain/run/events.js';
import { answerSchema } from '../../domain/run/schema.js';
import type { EngineId } from '../../domain/shared/engines.js';
import { EngineError, type EngineAnswer } from '../../engines/index.js';

/** Who and when a run is for; the rest of a run event comes from the answer or the failure. */
export type { RunSubject };

/** Same bound as an imported run's `error`: a failure is a line for people, not a dump. */
const MAX_ERROR_LENGTH = 2000;

/**
 * The event recording an engine's answer. The answer goes through the domain's answer schema, so stored facts
 * have one shape whichever adapter produced them; an answer the schema refuses (say, 300 KB of content) is
 * recorded as a failed run rather than lost.
 */
export function answeredRun(subject: RunSubject, answer: EngineAnswer): RunEvent {
  const parsed = answerSchema.safeParse(answer);
  const facts = { ...subject, source: answer.producedBy, model: answer.model ?? null };
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue?.path.join('.') || 'answer';
    return { type: 'RunFailed', data: { ...facts, error: bounded(`${subject.engine}: answer not recordable: ${where}: ${issue?.message ?? 'invalid'}`) } };
  }
  return { type: 'RunCompleted', data: { ...facts, ...parsed.data } } satisfies RunCompleted;
}

/**
 * The event recording an engine failure after the scheduler gave up. Engine errors promise messages without
 * keys or request URLs; any other error is named by its class only, because its message is not ours to vouch for.
 */
export function failedRun(subject: RunSubject, source: 'api' | 'simulator', error: unknown): RunFailed {
  return { type: 'RunFailed', data: { ...subject, source, model: null, error: bounded(failureText(subject.engine, error)) } };
}

export function failureText(engine: EngineId, error: unknown): string {
  if (error instanceof EngineError) return error.message;
  return `${engine}: unexpected ${errorClass(error)}`;
}

export const errorClass = (error: unknown): string => (error instanceof Error ? error.name : typeof error);

const bounded = (text: string): string => (text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text);
