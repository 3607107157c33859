/**
 * Projection throughput on the embedded stores: prompt and tag events appended to `events.sqlite`, then the
 * directory projection catches up from zero into `readmodels.sqlite` (transactions of 1000 events, each
 * with its checkpoint), timed from start to the last event applied.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { SqliteDocumentStore } from '../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../src/infra/eventStore/sqliteEventStore.js';
import type { NewEvent } from '../src/ports/eventStore.js';
import { directoryProjection } from '../src/projections/directory/projection.js';
import { ProjectionRunner } from '../src/projections/runner/projectionRunner.js';

const PROMPTS = 50_000;
const TAG_CHANGES_PER_PROMPT = 1;

function promptEvents(index: number): NewEvent[] {
  const promptId = `pr_bench${index}`;
  const base = { promptId, workspaceId: `ws_${index % 20}` };
  const created: NewEvent = {
    type: 'PromptCreated',
    data: { ...base, teamId: 'tm_bench', country: 'us', text: `What is the best CRM for team ${index}?`, tagIds: [], intentVolume: null, createdDate: '2026-11-01T00:00:00.000Z' },
  };
  const tagChanges = Array.from({ length: TAG_CHANGES_PER_PROMPT }, (_, change): NewEvent => ({
    type: 'PromptTagsReplaced',
    data: { ...base, tagIds: [`tg_${change}`], changedDate: '2026-11-02T00:00:00.000Z' },
  }));
  return [created, ...tagChanges];
}

export async function benchProjection(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-projection-'));
  const eventStore = new SqliteEventStore(dataDir);
  const documentStore = await SqliteDocumentStore.open(dataDir);
  try {
    for (let index = 0; index < PROMPTS; index++) {
      await eventStore.append(`prompt-pr_bench${index}`, promptEvents(index));
    }
    const head = await eventStore.headPosition();
    const runner = new ProjectionRunner(eventStore, documentStore, [directoryProjection], {
      logger: pino({ level: 'silent' }),
    });
    const started = performance.now();
    await runner.start();
    await runner.waitFor(head, 600_000);
    const seconds = (performance.now() - started) / 1000;
    await runner.stop();
    return { directoryProjectionEventsPerSecond: Math.round(Number(head) / seconds) };
  } finally {
    await eventStore.close();
    await documentStore.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
