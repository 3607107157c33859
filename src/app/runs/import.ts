import { runDecider } from '../../domain/run/decide.js';
import { runStream, type RunEvent } from '../../domain/run/events.js';
import { importedRunSchema, type ImportedRun } from '../../domain/run/schema.js';
import { promptDecider } from '../../domain/prompt/decide.js';
import { promptStream } from '../../domain/prompt/events.js';
import { ConcurrencyError, ValidationError } from '../../domain/shared/errors.js';
import { issuesFromZod } from '../../domain/shared/zodIssues.js';
import { randomUUID } from 'node:crypto';
import { loadState } from '../shared/aggregates.js';
import { handleCommand } from '../shared/commandHandler.js';
import type { AppContext } from '../shared/context.js';

/** Appends a finished run unless a run with its id exists; true when this call recorded it. */
export async function recordRun(context: AppContext, event: RunEvent): Promise<boolean> {
  const result = await handleCommand(context.eventStore, runStream(event.data.runId), runDecider, {
    type: 'RecordRun',
    data: { event },
  });
  return result.newEvents.length > 0;
}

/** Runs recorded per commit: one synced write for the lot instead of one per run. */
export const RUN_BATCH = 1_000;

/**
 * Records many runs, each unless a run with its id exists, in commits of RUN_BATCH runs when the event store
 * appends several streams atomically. Each batch is appended as it is, every stream expected new: a fresh
 * import reads nothing. A batch that meets a recorded run (a second import, another writer) is rolled back
 * whole, filtered to the runs still unrecorded and appended again; should it meet one once more, it is recorded
 * run by run. The outcome is the same as `recordRun` for each. Resolves with the number recorded.
 */
export async function recordRuns(context: AppContext, events: readonly RunEvent[]): Promise<number> {
  if (context.eventStore.multiStreamAppend !== 'atomic') return recordOneByOne(context, events);
  let recorded = 0;
  for (let start = 0; start < events.length; start += RUN_BATCH) {
    const batch = distinctRuns(events.slice(start, start + RUN_BATCH));
    if (await appendedAsNew(context, batch)) {
      recorded += batch.length;
      continue;
    }
    const remaining = await unrecorded(context, batch);
    if (remaining.length === 0) continue;
    recorded += (await appendedAsNew(context, remaining)) ? remaining.length : await recordOneByOne(context, remaining);
  }
  return recorded;
}

/** Appends each run as a new stream in one commit; false, with nothing written, when one of them exists. */
async function appendedAsNew(context: AppContext, runs: readonly RunEvent[]): Promise<boolean> {
  const appends = runs.map((event) => ({ streamName: runStream(event.data.runId), events: [{ type: event.type, data: event.data }], expectedRevision: 'no_stream' as const }));
  try {
    await context.eventStore.appendMultiple(appends);
    return true;
  } catch (error) {
    if (error instanceof ConcurrencyError) return false;
    throw error;
  }
}

async function recordOneByOne(context: AppContext, events: readonly RunEvent[]): Promise<number> {
  let recorded = 0;
  for (const event of events) if (await recordRun(context, event)) recorded += 1;
  return recorded;
}

/** Each run once, the first of its id: a file may name a run twice. */
function distinctRuns(events: readonly RunEvent[]): RunEvent[] {
  const byId = new Map<string, RunEvent>();
  for (const event of events) if (!byId.has(event.data.runId)) byId.set(event.data.runId, event);
  return [...byId.values()];
}

/** The runs whose id no run has. */
async function unrecorded(context: AppContext, events: readonly RunEvent[]): Promise<RunEvent[]> {
  const remaining: RunEvent[] = [];
  for (const event of events) {
    const existing = await context.eventStore.readStream(runStream(event.data.runId), { maxCount: 1 });
    if (existing.length === 0) remaining.push(event);
  }
  return remaining;
}

interface PromptPlace {
  workspaceId: string;
  country: string;
}

/** Prompt lookups of one import, cached: a file has many runs per prompt. */
function promptPlaces(context: AppContext): (promptId: string) => Promise<PromptPlace | null> {
  const cache = new Map<string, PromptPlace | null>();
  return async (promptId) => {
    if (!cache.has(promptId)) {
      const prompt = await loadState(context.eventStore, promptStream(promptId), promptDecider);
      cache.set(promptId, prompt.status === 'active' ? { workspaceId: prompt.workspaceId, country: prompt.country } : null);
    }
    return cache.get(promptId) ?? null;
  };
}

const lineError = (lineNumber: number, path: string, message: string, code = 'custom') =>
  new ValidationError(`line ${lineNumber}: ${path ? `${path}: ` : ''}${message}`, [{ path: `line ${lineNumber}`, message, code }]);

function parseLine(text: string, lineNumber: number): ImportedRun {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw lineError(lineNumber, '', 'not valid JSON', 'invalid_type');
  }
  const parsed = importedRunSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = issuesFromZod(parsed.error);
    throw lineError(lineNumber, issue?.path ?? '', issue?.message ?? 'invalid run', issue?.code);
  }
  return parsed.data;
}

function toEvent(run: ImportedRun, place: PromptPlace): RunEvent {
  const facts = {
    runId: run.runId ?? randomUUID(),
    promptId: run.promptId,
    workspaceId: place.workspaceId,
    country: place.country,
    engine: run.engine,
    runDate: new Date(run.runDate).toISOString(),
    source: 'import' as const,
    model: null,
    ...(run.replicate === undefined ? {} : { replicate: run.replicate }),
  };
  if (run.state === 'failed') return { type: 'RunFailed', data: { ...facts, error: run.error ?? 'failed' } };
  const { content, citations, webSearchQuery, ads, shopping, overviewAvailable } = run;
  return { type: 'RunCompleted', data: { ...facts, content, citations, webSearchQuery, ads, shopping, overviewAvailable } };
}

/**
 * `geolens runs import`: every line is validated (shape and prompt) before anything is written, so a bad
 * file writes nothing; a run whose id was imported before is skipped, so importing twice changes nothing.
 */
export async function importRuns(context: AppContext, lines: readonly string[]): Promise<{ imported: number; skipped: number }> {
  const placeOf = promptPlaces(context);
  const events: RunEvent[] = [];
  for (const [index, text] of lines.entries()) {
    if (text.trim() === '') continue;
    const run = parseLine(text, index + 1);
    const place = await placeOf(run.promptId);
    if (!place) throw lineError(index + 1, 'promptId', `prompt ${run.promptId} does not exist`);
    events.push(toEvent(run, place));
  }
  const imported = await recordRuns(context, events);
  return { imported, skipped: events.length - imported };
}
