import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { setTimeout as delay } from 'node:timers/promises';
import { createBrandReport, updateBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { importRuns } from '../../../src/app/runs/import.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import type { Collection } from '../../../src/ports/documentStore.js';
import type { DayDoc } from '../../../src/projections/reportHistory/dayDocument.js';
import { REPORT_HISTORY, reportHistoryProjection } from '../../../src/projections/reportHistory/projection.js';
import { ReportRebuilder } from '../../../src/projections/reportHistory/rebuilder.js';
import type { ReportVersionDoc } from '../../../src/projections/reportHistory/versions.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';
import { historyHarness, type HistoryHarness } from './support.js';
import { clockAt } from '../../../src/background/clock.js';

const DAY = 24 * 60 * 60 * 1000;

let harness: HistoryHarness;
beforeAll(async () => {
  harness = await historyHarness();
});
afterAll(() => harness.close());

const collection = <T extends ReportVersionDoc | DayDoc>(logical: string): Promise<Collection<T>> =>
  new ReadModels(harness.context.documentStore).collection<T>(reportHistoryProjection, logical);

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await delay(10);
  }
}

describe('a retired version by default', () => {
  test('keeps its documents for 7 days after the switch, and loses them after', async () => {
    const team = await createTeam(harness.context, { name: 'Acme', plan: 'premium' });
    const workspaceId = (await createWorkspace(harness.context, { teamId: team.id, name: 'Main' })).id;
    const promptId = (await createPrompt(harness.context, { workspaceId, country: 'us', text: 'Best CRM?' })).id;
    const run = { runId: 'run-1', promptId, engine: 'chatgpt', runDate: '2026-11-01T10:00:00Z', content: 'Acme is great.', citations: [] };
    await importRuns(harness.context, [JSON.stringify(run)]);
    const reportId = (await createBrandReport(harness.context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId] })).id;
    await harness.settle();
    await harness.rebuilder.drain();

    let clockMs = Date.parse('2026-11-15T10:00:00Z');
    const collector = new ReportRebuilder(harness.context.eventStore, harness.context.documentStore, {
      owner: 'server',
      logger: harness.context.logger,
      pollMs: 10,
      clock: clockAt(() => new Date(clockMs)),
    });
    // Two changes: the first one's version is superseded at once, and its deletion shows a cleanup pass ran.
    await updateBrandReport(harness.context, reportId, { competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }] });
    await updateBrandReport(harness.context, reportId, { brandVariations: ['Acme Cloud'] });
    await harness.settle();
    await collector.drain();
    const versions = await collection<ReportVersionDoc>(REPORT_HISTORY.versions);
    const days = await collection<DayDoc>(REPORT_HISTORY.days);
    expect(await versions.findOne({ reportId, version: 1 })).toMatchObject({ state: 'retired', finishedDate: new Date(clockMs).toISOString() });

    clockMs += 7 * DAY - 1000;
    collector.start();
    try {
      await until(async () => (await versions.findOne({ reportId, version: 2 }))?.dataDeleted === true);
      expect(await days.countDocuments({ reportId, version: 1 })).toBe(1);

      clockMs += 1000;
      await until(async () => (await versions.findOne({ reportId, version: 1 }))?.dataDeleted === true);
    } finally {
      await collector.stop();
    }
    expect(await days.countDocuments({ reportId, version: 1 })).toBe(0);
    expect(await days.countDocuments({ reportId, version: 3 })).toBe(1);
  });
});
