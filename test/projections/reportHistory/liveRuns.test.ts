import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DetectionSettings } from '../../../src/domain/brandReport/events.js';
import type { RunCompleted } from '../../../src/domain/run/events.js';
import { ENGINES } from '../../../src/domain/shared/engines.js';
import { simulateAnswer } from '../../../src/engines/simulator/index.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { eventWithStoredData } from '../../../src/infra/eventStore/storedText.js';
import { inProcessAnalyst, type HistoryTask, type RunAnalyst } from '../../../src/projections/reportHistory/analysis/analyst.js';
import type { DayDoc } from '../../../src/projections/reportHistory/dayDocument.js';
import { REPORT_HISTORY, reportHistoryProjectionWith } from '../../../src/projections/reportHistory/projection.js';
import { versionId, type ReportVersionDoc } from '../../../src/projections/reportHistory/versions.js';
import type { ProjectionScope } from '../../../src/projections/runner/projection.js';

/**
 * The live projection's path for completed runs: the batch's runs go to the analyst once, for every active
 * version that tracks prompts, and `apply` uses what `prepare` measured only for the same runs and versions.
 */

const identity = (brand: string, brandDomain: string) => ({ brand, brandVariations: [], brandDomain, brandDomainVariations: [], brandDomainWildcard: true, brandRegex: null });
const DETECTION: DetectionSettings = { ...identity('Nimbus CRM', 'nimbuscrm.com'), competitors: [identity('HubSpot', 'hubspot.com'), identity('Salesforce', 'salesforce.com')] };
const PROMPTS = ['pr_1', 'pr_2'];

type HistoryEvent = Parameters<ReturnType<typeof reportHistoryProjectionWith>['apply']>[0][number];

/** Completed runs as the embedded event store reads them: their data kept as the JSON text it was stored as. */
function runEvents(count: number): HistoryEvent[] {
  return Array.from({ length: count }, (_, index) => {
    const engine = ENGINES[index % ENGINES.length] as (typeof ENGINES)[number];
    const promptId = PROMPTS[index % PROMPTS.length] as string;
    const day = `2026-11-0${1 + (index % 3)}`;
    const { content, citations } = simulateAnswer({ engine, prompt: `Best CRM ${promptId}?`, country: 'us', date: day, promptId });
    const data: RunCompleted['data'] = {
      runId: `run_${index}`, promptId, workspaceId: 'ws_1', country: 'us', engine, runDate: `${day}T09:00:00.000Z`, source: 'simulator', model: null,
      content, citations: citations.map(({ title = '', link, rank }) => ({ title, link, rank })), webSearchQuery: [], ads: [], shopping: [], overviewAvailable: false,
    };
    const position = BigInt(100 + index);
    return eventWithStoredData({ id: `e${index}`, streamName: `run-run_${index}`, revision: 0n, position, type: 'RunCompleted', metadata: {}, created: new Date(0) }, JSON.stringify(data)) as HistoryEvent;
  });
}

const activeVersion = (reportId: string, promptIds: string[]): ReportVersionDoc => ({
  _id: versionId(reportId, 1), reportId, version: 1, state: 'active', detection: DETECTION, promptIds, position: '0', processed: 0, total: 0,
  startedDate: '2026-11-01T00:00:00.000Z', finishedDate: '2026-11-01T00:00:00.000Z', reason: 'created',
});

/** An analyst that measures on this thread and records the tasks it was given. */
function recordingAnalyst(): RunAnalyst & { tasks: HistoryTask[] } {
  const tasks: HistoryTask[] = [];
  return { tasks, history: (task) => (tasks.push(task), inProcessAnalyst.history(task)), close: async () => undefined };
}

let dataDir: string;
let store: SqliteDocumentStore;
let scope: ProjectionScope;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-live-runs-'));
  store = await SqliteDocumentStore.open(dataDir);
  scope = { collection: (logical) => store.collection(`${REPORT_HISTORY.name}_v${REPORT_HISTORY.version}_${logical}`) };
});

afterEach(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

const daysOf = async (reportId: string): Promise<DayDoc[]> =>
  (await scope.collection<DayDoc>(REPORT_HISTORY.days).find({ reportId })).sort((left, right) => left._id.localeCompare(right._id));

describe('live runs of the report history', () => {
  test('runs that no active version takes (every report still building its first version) reach no analyst', async () => {
    const analyst = recordingAnalyst();
    const projection = reportHistoryProjectionWith(analyst);
    await scope.collection(REPORT_HISTORY.versions).insertOne({ ...activeVersion('br_building', PROMPTS), state: 'building' });
    await scope.collection(REPORT_HISTORY.versions).insertOne(activeVersion('br_empty', []));
    const events = runEvents(12);
    const prepared = await projection.prepare?.(events, scope);
    await projection.apply(events, scope, prepared);
    expect(prepared).toBeUndefined();
    expect(analyst.tasks).toEqual([]);
    expect(await scope.collection(REPORT_HISTORY.days).countDocuments()).toBe(0);
  });

  test('a batch’s runs go to the analyst once, as their stored text, for every version that tracks their prompt', async () => {
    const analyst = recordingAnalyst();
    const projection = reportHistoryProjectionWith(analyst);
    await scope.collection(REPORT_HISTORY.versions).insertOne(activeVersion('br_both', PROMPTS));
    await scope.collection(REPORT_HISTORY.versions).insertOne(activeVersion('br_first', ['pr_1']));
    const events = runEvents(12);
    await projection.apply(events, scope, await projection.prepare?.(events, scope));
    expect(analyst.tasks).toHaveLength(1);
    expect(analyst.tasks[0]?.runs.every((run) => typeof run === 'string')).toBe(true);
    expect(analyst.tasks[0]?.versions.map(({ version }) => version.reportId).sort()).toEqual(['br_both', 'br_first']);
    const runsOf = (days: DayDoc[]) => days.reduce((sum, { all }) => sum + all.runs, 0);
    expect(runsOf(await daysOf('br_both'))).toBe(12);
    expect(runsOf(await daysOf('br_first'))).toBe(6);
  });

  test('a version that became active between prepare and apply gets the batch’s runs, measured in apply', async () => {
    const analyst = recordingAnalyst();
    const projection = reportHistoryProjectionWith(analyst);
    await scope.collection(REPORT_HISTORY.versions).insertOne(activeVersion('br_before', PROMPTS));
    const events = runEvents(12);
    const prepared = await projection.prepare?.(events, scope);
    // A rebuild switches another report's version live meanwhile.
    await scope.collection(REPORT_HISTORY.versions).insertOne(activeVersion('br_switched', PROMPTS));
    await projection.apply(events, scope, prepared);
    const before = await daysOf('br_before');
    const switched = await daysOf('br_switched');
    expect(before.length).toBeGreaterThan(0);
    // The same runs under the same detection: the same documents but for the report they belong to.
    const keyless = (days: DayDoc[]) => days.map(({ _id, reportId, ...rest }) => ({ ...rest, _id: _id.slice(reportId.length) }));
    expect(keyless(switched)).toEqual(keyless(before));
  });

  test('apply measures the runs itself when it is given fewer runs than prepare saw (another process committed part of the batch)', async () => {
    const projection = reportHistoryProjectionWith(recordingAnalyst());
    await scope.collection(REPORT_HISTORY.versions).insertOne(activeVersion('br_part', PROMPTS));
    const events = runEvents(12);
    const prepared = await projection.prepare?.(events, scope);
    await projection.apply(events.slice(6), scope, prepared);
    expect((await daysOf('br_part')).reduce((sum, { all }) => sum + all.runs, 0)).toBe(6);
  });
});
