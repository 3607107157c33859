import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { createBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import { REPORT_HISTORY } from '../../../src/projections/reportHistory/projection.js';
import { ReportRebuilder } from '../../../src/projections/reportHistory/rebuilder.js';
import { CHECKPOINTS_COLLECTION, checkpointId, type CheckpointDoc } from '../../../src/projections/runner/projection.js';
import { historyHarness, type HistoryHarness } from './support.js';
import { clockAt } from '../../../src/background/clock.js';

let harness: HistoryHarness;

beforeEach(async () => {
  harness = await historyHarness();
});

afterEach(async () => harness.close());

describe('the rebuild switch under snapshot isolation', () => {
  test('writes the live checkpoint it checked, so a live batch committing at the same moment conflicts with it', async () => {
    const team = await createTeam(harness.context, { name: 'Acme', plan: 'premium' });
    const workspaceId = (await createWorkspace(harness.context, { teamId: team.id, name: 'Main' })).id;
    const promptId = (await createPrompt(harness.context, { workspaceId, country: 'us', text: 'Best CRM?' })).id;
    await createBrandReport(harness.context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId] });
    await harness.settle();
    const checkpoints = harness.context.documentStore.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
    const liveCheckpoint = () => checkpoints.findOne({ _id: checkpointId(REPORT_HISTORY.name, REPORT_HISTORY.version) });
    const checked = await liveCheckpoint();
    const switchTime = new Date('2031-01-02T03:04:05.000Z');

    await new ReportRebuilder(harness.context.eventStore, harness.context.documentStore, { owner: 'switch-test', logger: harness.context.logger, clock: clockAt(() => switchTime) }).drain();

    expect(await liveCheckpoint()).toEqual({ ...checked, updatedDate: switchTime.toISOString() });
  });
});
