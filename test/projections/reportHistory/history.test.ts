import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { createBrandReport, updateBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { importRuns } from '../../../src/app/runs/import.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import { compileDetection } from '../../../src/domain/analysis/index.js';
import { decodeTotals } from '../../../src/projections/reportHistory/compactRows.js';
import type { DayDoc } from '../../../src/projections/reportHistory/dayDocument.js';
import { REPORT_HISTORY, reportHistoryProjection } from '../../../src/projections/reportHistory/projection.js';
import type { ReportVersionDoc } from '../../../src/projections/reportHistory/versions.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';
import { historyHarness, type HistoryHarness } from './support.js';

let harness: HistoryHarness;
let workspaceId: string;
let promptId: string;

beforeEach(async () => {
  harness = await historyHarness();
  const team = await createTeam(harness.context, { name: 'Acme' });
  workspaceId = (await createWorkspace(harness.context, { teamId: team.id, name: 'Main' })).id;
  promptId = (await createPrompt(harness.context, { workspaceId, country: 'us', text: 'Best CRM?' })).id;
});

afterEach(async () => harness.close());

const runLine = (runId: string, day: string, engine: string, content: string) =>
  JSON.stringify({ runId, promptId, engine, runDate: `${day}T09:00:00Z`, content, citations: [{ title: 'G2', link: 'https://www.g2.com/crm/', rank: 1 }] });

async function versionsOf(reportId: string): Promise<ReportVersionDoc[]> {
  const versions = await new ReadModels(harness.context.documentStore).collection<ReportVersionDoc>(reportHistoryProjection, REPORT_HISTORY.versions);
  return versions.find({ reportId }, { sort: { version: 1 } });
}

async function activeDays(reportId: string): Promise<DayDoc[]> {
  const active = (await versionsOf(reportId)).find(({ state }) => state === 'active');
  const days = await new ReadModels(harness.context.documentStore).collection<DayDoc>(reportHistoryProjection, REPORT_HISTORY.days);
  return days.find({ reportId, version: active?.version }, { sort: { day: 1 } });
}

/** Mentions per brand on each day over all engines: the essence of what queries read. */
async function mentionsByDay(reportId: string) {
  const active = (await versionsOf(reportId)).find(({ state }) => state === 'active');
  const brands = active ? compileDetection(active.detection).brands : [];
  return (await activeDays(reportId)).map(({ day, all }) => {
    const totals = decodeTotals(all, brands);
    return { day, runs: totals.runs, mentions: Object.fromEntries(totals.brands.map(({ brand, mentions }) => [brand, mentions])) };
  });
}

describe('report history', () => {
  test('runs imported before a report exists are replayed into it when the report is created with the prompt', async () => {
    await importRuns(harness.context, [
      runLine('r1', '2026-11-01', 'chatgpt', 'Acme is great. Globex is fine. Acme again.'),
      runLine('r2', '2026-11-01', 'claude', 'Globex leads.'),
      runLine('r3', '2026-11-02', 'chatgpt', 'Nothing relevant.'),
    ]);
    const report = await createBrandReport(harness.context, {
      workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId], competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }],
    });
    await harness.settle();
    await harness.rebuilder.drain();

    // The prompts a report is created with belong to its first version, which replays their past runs.
    expect((await versionsOf(report.id)).map(({ version, state }) => ({ version, state }))).toEqual([{ version: 1, state: 'active' }]);
    expect(await mentionsByDay(report.id)).toEqual([
      { day: '2026-11-01', runs: 2, mentions: { Acme: 2, Globex: 2 } },
      { day: '2026-11-02', runs: 1, mentions: { Acme: 0, Globex: 0 } },
    ]);
  });

  test('runs recorded after the switch reach the active version through the live projection, once', async () => {
    const report = await createBrandReport(harness.context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId] });
    await harness.settle();
    await harness.rebuilder.drain();
    await importRuns(harness.context, [runLine('r1', '2026-11-03', 'gemini', 'Acme, Acme and Acme.')]);
    await harness.settle();
    expect(await mentionsByDay(report.id)).toEqual([{ day: '2026-11-03', runs: 1, mentions: { Acme: 3 } }]);
  });

  test('a detection change keeps serving the old figures until its rebuild switches, then serves the new ones', async () => {
    await importRuns(harness.context, [runLine('r1', '2026-11-01', 'chatgpt', 'Acme and AcmeCloud and Acme Cloud.')]);
    const report = await createBrandReport(harness.context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId] });
    await harness.settle();
    await harness.rebuilder.drain();
    const before = await mentionsByDay(report.id);
    expect(before).toEqual([{ day: '2026-11-01', runs: 1, mentions: { Acme: 2 } }]);

    await updateBrandReport(harness.context, report.id, { brand: 'Acme Cloud', brandVariations: ['AcmeCloud'] });
    await harness.settle();
    expect((await versionsOf(report.id)).at(-1)).toMatchObject({ version: 2, state: 'building', reason: 'detection' });
    expect(await mentionsByDay(report.id)).toEqual(before);

    await harness.rebuilder.drain();
    expect(await mentionsByDay(report.id)).toEqual([{ day: '2026-11-01', runs: 1, mentions: { 'Acme Cloud': 2 } }]);
  });

  test('a second change during a rebuild supersedes it and the newest settings win', async () => {
    await importRuns(harness.context, [runLine('r1', '2026-11-01', 'chatgpt', 'Acme, Globex and Initech.')]);
    const report = await createBrandReport(harness.context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId] });
    await harness.settle();
    await updateBrandReport(harness.context, report.id, { competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }] });
    await updateBrandReport(harness.context, report.id, { competitors: [{ brand: 'Initech', brandDomain: 'initech.com' }] });
    await harness.settle();
    await harness.rebuilder.drain();
    const states = (await versionsOf(report.id)).map(({ version, state }) => `${version}:${state}`);
    expect(states).toEqual(['1:superseded', '2:superseded', '3:active']);
    expect(await mentionsByDay(report.id)).toEqual([{ day: '2026-11-01', runs: 1, mentions: { Acme: 1, Initech: 1 } }]);
  });
});
