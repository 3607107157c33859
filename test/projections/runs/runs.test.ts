import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { pino } from 'pino';
import { runStream, type RunCompleted, type RunEvent, type RunFailed } from '../../../src/domain/run/events.js';
import type { Answer } from '../../../src/domain/run/schema.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../../../src/infra/eventStore/sqliteEventStore.js';
import { physicalCollectionName, type ProjectedEvent, type Projection, type ProjectionScope } from '../../../src/projections/runner/projection.js';
import { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';
import { answerOf, ENGINE_RUN_COUNTS_COLLECTION, RUNS_COLLECTION, runDocument, runsProjection } from '../../../src/projections/runs/projection.js';
import { runCollection, withAnswers, type RunDoc } from '../../../src/projections/runs/reader.js';

const subject = { promptId: 'pr_1', workspaceId: 'ws_1', country: 'us', engine: 'chatgpt' as const, source: 'import' as const, model: null };

const answer: Answer = {
  content: `Acme leads the market. ${'Globex follows with a broad catalogue and fair prices. '.repeat(60)}`,
  citations: [{ title: 'Acme', link: 'https://acme.com/pricing', rank: 1 }],
  webSearchQuery: ['best crm'],
  ads: [],
  shopping: [],
  overviewAvailable: true,
};

const completed = (runId: string, runDate: string): RunCompleted => ({ type: 'RunCompleted', data: { ...subject, runId, runDate, ...answer } });
const failed = (runId: string, runDate: string): RunFailed => ({ type: 'RunFailed', data: { ...subject, runId, runDate, error: 'engine timed out' } });

/** The answer's fields a run document would hold if it copied the event. */
const ANSWER_FIELDS = ['content', 'citations', 'webSearchQuery', 'ads', 'shopping', 'overviewAvailable'];

describe('runs read model', () => {
  let dataDir: string;
  let eventStore: SqliteEventStore;
  let documentStore: SqliteDocumentStore;
  let readModels: ReadModels;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'geolens-runs-'));
    eventStore = new SqliteEventStore(dataDir);
    documentStore = await SqliteDocumentStore.open(dataDir);
    readModels = new ReadModels(documentStore);
  });

  afterEach(async () => {
    await eventStore.close();
    await documentStore.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Records the events in their runs' streams and projects them as the runner hands them over: read back from the log. */
  async function record(...events: RunEvent[]): Promise<RunDoc[]> {
    for (const event of events) await eventStore.append(runStream(event.data.runId), [event]);
    const { events: recorded } = await eventStore.readAll({ maxCount: events.length });
    const scope: ProjectionScope = { collection: (logical) => documentStore.collection(physicalCollectionName(runsProjection.name, runsProjection.version, logical)) };
    await runsProjection.setup?.(scope);
    await runsProjection.apply(recorded as ProjectedEvent<RunEvent>[], scope, undefined);
    return (await runCollection(readModels)).find({}, { sort: { runDate: 1 } });
  }

  test('a run document keeps who, when and how the run ended, not a copy of the answer its event holds', async () => {
    const [run] = await record(completed('run_1', '2026-11-20T08:00:00.000Z'));

    expect(run).toEqual({
      _id: 'run_1',
      ...{ promptId: 'pr_1', workspaceId: 'ws_1', country: 'us', engine: 'chatgpt', source: 'import', model: null },
      runDate: '2026-11-20T08:00:00.000Z',
      day: '2026-11-20',
      createdDate: '2026-11-20T08:00:00.000Z',
      state: 'completed',
      error: null,
      replicate: null,
    });
    expect(Object.keys(run ?? {}).filter((key) => ANSWER_FIELDS.includes(key))).toEqual([]);
    expect(JSON.stringify(run).length).toBeLessThan(answer.content.length / 5);
  });

  test('a run keeps its replicate: given, 0 for a scheduled run recorded before replicates, null for an import that gives none', async () => {
    const scheduled = { ...subject, source: 'simulator' as const };
    const runs = await record(
      { type: 'RunCompleted', data: { ...scheduled, runId: 'pr_1.chatgpt.2026-11-20.r2', runDate: '2026-11-20T18:00:00.000Z', replicate: 2, ...answer } },
      { type: 'RunCompleted', data: { ...scheduled, runId: 'pr_1.chatgpt.2026-11-21', runDate: '2026-11-21T06:00:00.000Z', ...answer } },
      completed('run_imported', '2026-11-22T08:00:00.000Z'),
    );
    expect(runs.map(({ _id, replicate }) => [_id, replicate])).toEqual([
      ['pr_1.chatgpt.2026-11-20.r2', 2],
      ['pr_1.chatgpt.2026-11-21', 0],
      ['run_imported', null],
    ]);
  });

  test('completed runs of real adapters are counted per workspace, day and engine; simulated, imported and failed runs are not', async () => {
    const real = { ...subject, source: 'api' as const };
    const day = '2026-11-20T08:00:00.000Z';
    await record(
      { type: 'RunCompleted', data: { ...real, runId: 'a', runDate: day, ...answer } },
      { type: 'RunCompleted', data: { ...real, runId: 'b', runDate: day, replicate: 1, ...answer } },
      { type: 'RunCompleted', data: { ...real, engine: 'claude', runId: 'c', runDate: day, ...answer } },
      { type: 'RunFailed', data: { ...real, runId: 'd', runDate: day, error: 'timed out' } },
      { type: 'RunCompleted', data: { ...subject, source: 'simulator', runId: 'e', runDate: day, ...answer } },
      completed('f', day),
    );
    const counts = documentStore.collection(physicalCollectionName(runsProjection.name, runsProjection.version, ENGINE_RUN_COUNTS_COLLECTION));
    expect(await counts.find({})).toEqual([{ _id: 'ws_1|2026-11-20', workspaceId: 'ws_1', day: '2026-11-20', runs: { chatgpt: 2, claude: 1 } }]);
  });

  test('withAnswers adds each run’s answer from its event, in the runs’ order; a failed run has the empty answer', async () => {
    const runs = await record(completed('run_a', '2026-11-20T08:00:00.000Z'), failed('run_b', '2026-11-21T08:00:00.000Z'), completed('run_c', '2026-11-22T08:00:00.000Z'));

    const answered = await withAnswers(eventStore, [runs[2] as RunDoc, runs[1] as RunDoc, runs[0] as RunDoc]);

    expect(answered.map(({ _id }) => _id)).toEqual(['run_c', 'run_b', 'run_a']);
    expect(answered[0]).toEqual({ ...runs[2], ...answer });
    expect(answered[1]).toMatchObject({ _id: 'run_b', state: 'failed', error: 'engine timed out', content: '', citations: [], overviewAvailable: false });
    expect(answered[2]).toEqual({ ...runs[0], ...answer });
  });

  test('withAnswers reads more runs than one read holds', async () => {
    const events = Array.from({ length: 1_203 }, (_, index) => completed(`run_${index}`, new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString()));
    const runs = await record(...events);

    const answered = await withAnswers(eventStore, runs);

    expect(answered).toHaveLength(1_203);
    expect(answered.every((run, index) => run._id === runs[index]?._id && run.content === answer.content)).toBe(true);
  });

  test('a run document whose event is not in the event store is an error naming the run, not an empty answer', async () => {
    const [run] = await record(completed('run_1', '2026-11-20T08:00:00.000Z'));
    const orphan = { ...(run as RunDoc), _id: 'run_elsewhere' };

    await expect(withAnswers(eventStore, [orphan])).rejects.toThrow('the event of run run_elsewhere is not in the event store');
  });

  test('a store whose runs read model copied the answers (version 1) is rebuilt without them, and the copies are dropped', async () => {
    await eventStore.append(runStream('run_1'), [completed('run_1', '2026-11-20T08:00:00.000Z')]);
    // The version before: the same projection writing each document with the answer copied in.
    const copying: Projection<RunEvent> = {
      ...runsProjection,
      version: 1,
      async apply(events, scope) {
        await scope.collection(RUNS_COLLECTION).bulkWrite(
          events.map((event) => ({ insertOne: { document: { ...runDocument(event), ...answerOf(event) } } })),
        );
      },
    };
    const head = await eventStore.headPosition();
    const runUntilHead = async (projection: Projection<RunEvent>) => {
      const runner = new ProjectionRunner(eventStore, documentStore, [projection], { logger: pino({ level: 'silent' }) });
      await runner.start();
      await runner.waitFor(head, 10_000);
      await runner.stop();
    };
    await runUntilHead(copying);
    const copies = physicalCollectionName(runsProjection.name, 1, RUNS_COLLECTION);
    expect(await documentStore.collection(copies).findOne({ _id: 'run_1' })).toMatchObject({ content: answer.content });

    await runUntilHead(runsProjection);

    expect(await documentStore.listCollections()).not.toContain(copies);
    const [run] = await (await runCollection(new ReadModels(documentStore))).find({});
    expect(run?._id).toBe('run_1');
    expect(Object.keys(run ?? {}).filter((key) => ANSWER_FIELDS.includes(key))).toEqual([]);
  });
});
