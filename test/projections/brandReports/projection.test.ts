import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadState } from '../../../src/app/shared/aggregates.js';
import { createBrandReport, updateBrandReport } from '../../../src/app/brandReports/commands.js';
import type { AppContext } from '../../../src/app/shared/context.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { createTeam, createWorkspace } from '../../../src/app/teams/teams.js';
import { brandReportDecider } from '../../../src/domain/brandReport/decide.js';
import { brandReportStream } from '../../../src/domain/brandReport/events.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { MemoryEventStore } from '../../support/memoryEventStore.js';
import { reportState, type BrandReportDoc } from '../../../src/projections/brandReports/documents.js';
import { brandReportsProjection } from '../../../src/projections/brandReports/projection.js';
import { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';

let dataDir: string;
let context: AppContext;
let runner: ProjectionRunner;
let clock: number;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-brandreports-'));
  const logger = pino({ level: 'silent' });
  clock = Date.parse('2026-11-01T10:00:00Z');
  const now = () => new Date((clock += 1000));
  context = { eventStore: new MemoryEventStore(), documentStore: await SqliteDocumentStore.open(dataDir), logger, now };
  runner = new ProjectionRunner(context.eventStore, context.documentStore, [brandReportsProjection], { logger });
});

afterEach(async () => {
  await runner.stop();
  await context.documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function projected(reportId: string): Promise<BrandReportDoc | null> {
  await runner.waitFor(await context.eventStore.headPosition());
  const reports = await new ReadModels(context.documentStore).collection<BrandReportDoc>(brandReportsProjection, 'reports');
  return reports.findOne({ _id: reportId });
}

async function workspaceWithPrompts(countries: Array<'us' | 'uk' | 'de'>) {
  const team = await createTeam(context, { name: 'Acme' });
  const workspace = await createWorkspace(context, { teamId: team.id, name: 'Main' });
  const promptIds: string[] = [];
  for (const [index, country] of countries.entries()) {
    promptIds.push((await createPrompt(context, { workspaceId: workspace.id, country, text: `Prompt ${index}` })).id);
  }
  return { teamId: team.id, workspaceId: workspace.id, promptIds };
}

describe('brand reports projection', () => {
  test('countries and countryPromptsTotal count the report’s own prompts, not the workspace’s', async () => {
    await runner.start();
    const { workspaceId, promptIds } = await workspaceWithPrompts(['us', 'us', 'uk', 'de']);
    const [us1, us2, uk] = promptIds as [string, string, string];
    const report = await createBrandReport(context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [us1, us2, uk] });
    expect(await projected(report.id)).toMatchObject({
      workspaceId,
      countries: ['uk', 'us'],
      countryPromptsTotal: { us: 2, uk: 1 },
      prompts: [{ promptId: us1, country: 'us' }, { promptId: us2, country: 'us' }, { promptId: uk, country: 'uk' }],
    });
  });

  test('a PATCH that changes the title, detection and prompts shows in the read model with its updatedDate', async () => {
    await runner.start();
    const { workspaceId, promptIds } = await workspaceWithPrompts(['us', 'uk']);
    const [us, uk] = promptIds as [string, string];
    const report = await createBrandReport(context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [us] });
    const updated = await updateBrandReport(context, report.id, {
      reportTitle: 'Acme in AI answers',
      brandVariations: ['ACME Corp'],
      competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }],
      promptIds: [uk],
    });
    expect(await projected(report.id)).toMatchObject({
      reportTitle: 'Acme in AI answers',
      brandVariations: ['ACME Corp'],
      competitors: [expect.objectContaining({ brand: 'Globex', brandDomain: 'globex.com', brandRegex: null })],
      countries: ['uk'],
      countryPromptsTotal: { uk: 1 },
      updatedDate: updated.report.updatedDate,
    });
  });

  test('a report built from a whole log at once equals the decider’s state of its stream', async () => {
    const { workspaceId, promptIds } = await workspaceWithPrompts(['us', 'uk', 'de']);
    const report = await createBrandReport(context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds });
    await updateBrandReport(context, report.id, { brandRegex: '\\bacme\\b', reportTitle: 'Renamed' });
    await updateBrandReport(context, report.id, { promptIds: promptIds.slice(1) });
    await runner.start();
    const document = await projected(report.id);
    const state = await loadState(context.eventStore, brandReportStream(report.id), brandReportDecider);
    expect(document && reportState(document)).toEqual(state);
  });
});
