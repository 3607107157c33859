import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { setTimeout as delay } from 'node:timers/promises';
import { createBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { importRuns } from '../../../src/app/runs/import.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import { clockAt } from '../../../src/background/clock.js';
import { recommendationWindowStart } from '../../../src/domain/analysis/index.js';
import { addDays } from '../../../src/domain/shared/days.js';
import type { Doc } from '../../../src/ports/documentStore.js';
import type { DayDoc } from '../../../src/projections/reportHistory/dayDocument.js';
import { evidenceFrom, evidencePrunedBefore, windowEvidence, type EvidenceDoc, type EvidenceRevisionDoc } from '../../../src/projections/reportHistory/evidenceDocument.js';
import { historyReader } from '../../../src/projections/reportHistory/reader.js';
import { REPORT_HISTORY, reportHistoryProjection } from '../../../src/projections/reportHistory/projection.js';
import { ReportRebuilder } from '../../../src/projections/reportHistory/rebuilder.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';
import { historyHarness, type HistoryHarness } from './support.js';

const NOW = Date.parse('2026-11-15T10:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

let harness: HistoryHarness;
beforeAll(async () => {
  harness = await historyHarness(undefined, undefined, clockAt(() => new Date(NOW)));
});
afterAll(() => harness.close());

const collection = <T extends Doc>(logical: string) => new ReadModels(harness.context.documentStore).collection<T>(reportHistoryProjection, logical);

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await delay(10);
  }
}

/** A run naming only a competitor (a content gap, so evidence) on `day`. */
const gapRun = (promptId: string, day: string) =>
  JSON.stringify({ runId: `run-${day}`, promptId, engine: 'chatgpt', runDate: `${day}T09:00:00Z`, content: 'Globex is the best CRM.', citations: [] });

/** `prompts` in a new team's workspace with `runsOf(their ids)` imported, and a report on them whose history is built. */
async function builtReport(teamName: string, prompts: readonly string[], runsOf: (promptIds: string[]) => string[]) {
  const team = await createTeam(harness.context, { name: teamName, plan: 'premium' });
  const workspaceId = (await createWorkspace(harness.context, { teamId: team.id, name: 'Main' })).id;
  const promptIds: string[] = [];
  for (const text of prompts) promptIds.push((await createPrompt(harness.context, { workspaceId, country: 'us', text })).id);
  await importRuns(harness.context, runsOf(promptIds));
  const reportId = (await createBrandReport(harness.context, {
    workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds, competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }],
  })).id;
  await harness.settle();
  await harness.rebuilder.drain();
  const version = await historyReader(new ReadModels(harness.context.documentStore)).activeVersion(reportId);
  if (!version) throw new Error('the report has no active history version');
  return { promptIds, reportId, version };
}

describe('the days the evidence read model keeps', () => {
  test('cover the recommendations’ window at any hour, with pruning behind what is still written', () => {
    for (let hour = 0; hour < 24 * 40; hour += 5) {
      const now = new Date(NOW + hour * 60 * 60 * 1000);
      expect(evidenceFrom(now) < recommendationWindowStart(now)).toBe(true);
      expect(evidencePrunedBefore(now) < evidenceFrom(now)).toBe(true);
      // A day pruned now was not written by a process whose clock is a day behind.
      expect(evidencePrunedBefore(now) < evidenceFrom(new Date(now.getTime() - DAY_MS))).toBe(true);
    }
  });

  test('a rebuild and the live projection keep the window’s days only; the rebuilder deletes days that leave it', async () => {
    const team = await createTeam(harness.context, { name: 'Acme', plan: 'premium' });
    const workspaceId = (await createWorkspace(harness.context, { teamId: team.id, name: 'Main' })).id;
    const promptId = (await createPrompt(harness.context, { workspaceId, country: 'us', text: 'Best CRM?' })).id;
    const days = Array.from({ length: 45 }, (_, index) => addDays('2026-10-01', index));
    await importRuns(harness.context, days.map((day) => gapRun(promptId, day)));
    const reportId = (await createBrandReport(harness.context, {
      workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId], competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }],
    })).id;
    await harness.settle();
    await harness.rebuilder.drain();

    const evidence = await collection<EvidenceDoc>(REPORT_HISTORY.evidence);
    const dayDocs = await collection<DayDoc>(REPORT_HISTORY.days);
    const evidenceDays = async () => (await evidence.find({ reportId }, { sort: { day: 1 } })).map(({ day }) => day);
    const from = evidenceFrom(new Date(NOW));
    expect(await dayDocs.countDocuments({ reportId })).toBe(45);
    expect(await evidenceDays()).toEqual(days.filter((day) => day >= from));
    expect((await evidence.findOne({ reportId, day: '2026-11-14' }))?.runs.map(([runId]) => runId)).toEqual(['run-2026-11-14']);

    // Live: a run of today is kept; a late run of a day before the window is counted but not kept.
    await importRuns(harness.context, [gapRun(promptId, '2026-11-15'), gapRun(promptId, '2026-09-20')]);
    await harness.settle();
    expect(await dayDocs.countDocuments({ reportId })).toBe(47);
    expect(await evidenceDays()).toEqual([...days.filter((day) => day >= from), '2026-11-15']);

    const later = NOW + 26 * DAY_MS;
    const pruneBefore = evidencePrunedBefore(new Date(later));
    expect(pruneBefore > from).toBe(true);
    const collector = new ReportRebuilder(harness.context.eventStore, harness.context.documentStore, {
      owner: 'server',
      logger: harness.context.logger,
      pollMs: 10,
      clock: clockAt(() => new Date(later)),
    });
    collector.start();
    try {
      await until(async () => (await evidenceDays())[0] === pruneBefore);
    } finally {
      await collector.stop();
    }
    expect(await evidenceDays()).toEqual([...days.filter((day) => day >= pruneBefore), '2026-11-15']);
    const revisions = await collection<EvidenceRevisionDoc>(REPORT_HISTORY.evidenceRevisions);
    expect((await revisions.find({ reportId }, { sort: { day: 1 } })).map(({ day }) => day)).toEqual(await evidenceDays());
    expect(await dayDocs.countDocuments({ reportId })).toBe(47);
  });

  test('a month of many prompts is read a few days at a time, the event loop turning between, into what one read gives', async () => {
    const { promptIds, reportId, version } = await builtReport('Globex', Array.from({ length: 12 }, (_, index) => `Best CRM ${index}?`), (ids) =>
      ids.flatMap((promptId) => ['2026-11-10', '2026-11-12'].map((day) => gapRun(promptId, day).replace(`run-${day}`, `run-${promptId}-${day}`))));
    const reader = historyReader(new ReadModels(harness.context.documentStore));
    const window = { country: 'us', startDate: recommendationWindowStart(new Date(NOW)), endDate: '2026-11-15' };

    let turns = 0;
    let counting = true;
    const tick = (): void => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const read = await reader.evidence(version, window, promptIds, undefined);
    const turnsWhileReading = turns;
    counting = false;

    const documents = await (await collection<EvidenceDoc>(REPORT_HISTORY.evidence)).find({ reportId });
    expect(read).toEqual(windowEvidence(documents, undefined));
    expect(read.runs).toHaveLength(24);
    // Thirty days, three a turn: nine turns of the event loop while reading, where one query would give none.
    expect(turnsWhileReading).toBeGreaterThanOrEqual(9);
  });

  test('a day held since an earlier read is not read again until a write gives it a new revision', async () => {
    const { promptIds: [promptId = ''], reportId, version } = await builtReport('Vandelay', ['Best importer?'], ([id = '']) =>
      ['2026-11-10', '2026-11-12'].map((day) => gapRun(id, day).replace(`run-${day}`, `held-${day}`)));
    // One process's read models (what a service holds), a reader per request as the API makes them.
    const readModels = new ReadModels(harness.context.documentStore);
    const window = { country: 'us', startDate: recommendationWindowStart(new Date(NOW)), endDate: '2026-11-15' };
    const runIds = async () => (await historyReader(readModels).evidence(version, window, [promptId], undefined)).runs.map(({ runId }) => runId);
    expect(await runIds()).toEqual(['held-2026-11-10', 'held-2026-11-12']);

    // Changed behind the projection's back, the revision kept: the held day answers, the stored one is not read.
    const evidence = await collection<EvidenceDoc>(REPORT_HISTORY.evidence);
    await evidence.deleteMany({ reportId, day: '2026-11-10' });
    expect(await runIds()).toEqual(['held-2026-11-10', 'held-2026-11-12']);

    // A run recorded for a past day writes it and its revision: the next read has it.
    await importRuns(harness.context, [gapRun(promptId, '2026-11-12').replace('run-2026-11-12', 'late-2026-11-12')]);
    await harness.settle();
    expect(await runIds()).toEqual(['held-2026-11-10', 'held-2026-11-12', 'late-2026-11-12']);
    const revisions = await collection<EvidenceRevisionDoc>(REPORT_HISTORY.evidenceRevisions);
    await revisions.updateOne({ reportId, day: '2026-11-10' }, { $set: { revision: 'another' } });
    expect(await runIds()).toEqual(['held-2026-11-12', 'late-2026-11-12']);
  });

  test('a read of some prompts (a tag filter) holds their evidence and no other prompt’s', async () => {
    const { promptIds, version } = await builtReport('Initech', ['Best ERP 0?', 'Best ERP 1?', 'Best ERP 2?'], (ids) =>
      ids.map((promptId) => gapRun(promptId, '2026-11-12').replace('run-2026-11-12', `run-${promptId}`)));
    const reader = historyReader(new ReadModels(harness.context.documentStore));
    const window = { country: 'us', startDate: recommendationWindowStart(new Date(NOW)), endDate: '2026-11-15' };
    const picked = [promptIds[0] ?? '', promptIds[2] ?? ''];
    const read = await reader.evidence(version, window, picked, undefined);
    expect(read.runs.map(({ promptId }) => promptId).sort()).toEqual([...picked].sort());
    expect([...read.totals.keys()].sort()).toEqual([...picked].sort());
  });
});
