import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { AppContext } from '../../../src/app/shared/context.js';
import { createApiKey, revokeApiKey } from '../../../src/app/credentials/credentials.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { createTag } from '../../../src/app/tags/tags.js';
import { hashApiKey } from '../../../src/app/credentials/secrets.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { MemoryEventStore } from '../../support/memoryEventStore.js';
import type { ApiKeyDoc, PromptDoc } from '../../../src/projections/directory/documents.js';
import { directoryProjection } from '../../../src/projections/directory/projection.js';
import { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';
import { directoryCollection } from '../../../src/projections/directory/reader.js';
import { planDefaults } from '../../../src/domain/team/plans.js';
import { projectionSpec } from '../support/projectionSpec.js';
import { clockAt } from '../../../src/background/clock.js';

let dataDir: string;
let context: AppContext;
let runner: ProjectionRunner;
const readModels = () => new ReadModels(context.documentStore);

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-directory-'));
  const logger = pino({ level: 'silent' });
  context = { eventStore: new MemoryEventStore(), documentStore: await SqliteDocumentStore.open(dataDir), logger, clock: clockAt(() => new Date('2026-11-01T10:00:00Z')) };
  runner = new ProjectionRunner(context.eventStore, context.documentStore, [directoryProjection], { logger });
  await runner.start();
});

afterEach(async () => {
  await runner.stop();
  await context.documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});

const settle = async () => runner.waitFor(await context.eventStore.headPosition());

describe('directory projection', () => {
  test('an API key is found by the hash of the plain key and marked revoked after revocation', async () => {
    const team = await createTeam(context, { name: 'Acme' });
    const issued = await createApiKey(context, { teamId: team.id, permission: 'read', workspaceIds: 'all' });
    await settle();
    const keys = await readModels().collection<ApiKeyDoc>(directoryProjection, 'apiKeys');
    expect(await keys.findOne({ _id: hashApiKey(issued.key) })).toMatchObject({ keyId: issued.id, revoked: false, permission: 'read' });
    await revokeApiKey(context, issued.id);
    await settle();
    expect(await keys.findOne({ _id: hashApiKey(issued.key) })).toMatchObject({ revoked: true });
    expect(JSON.stringify(await keys.find({}))).not.toContain(issued.key);
  });

  test('workspace prompts carry their text, country, tags and team', async () => {
    const team = await createTeam(context, { name: 'Acme' });
    const workspace = await createWorkspace(context, { teamId: team.id, name: 'Main' });
    const tag = await createTag(context, { workspaceId: workspace.id, name: 'Comparison', color: 'blue' });
    const prompt = await createPrompt(context, { workspaceId: workspace.id, country: 'uk', text: 'Best CRM?', tagIds: [tag.id] });
    await settle();
    const prompts = await readModels().collection<PromptDoc>(directoryProjection, 'prompts');
    expect(await prompts.find({ workspaceId: workspace.id })).toEqual([
      expect.objectContaining({ _id: prompt.id, text: 'Best CRM?', country: 'uk', tagIds: [tag.id], teamId: team.id }),
    ]);
  });
});

describe('directory projection, as a specification', () => {
  const directory = projectionSpec(directoryProjection, (readModels) => (name: 'teams') => directoryCollection(readModels, name));

  test('a team shows its plan and the limits of its latest plan change', () =>
    directory
      .given({ type: 'TeamCreated', data: { teamId: 'tm_1', name: 'Acme', plan: 'lite', limits: { ...planDefaults.lite }, createdDate: '2026-11-01T10:00:00.000Z' } })
      .when({
        type: 'TeamPlanChanged',
        data: { teamId: 'tm_1', plan: 'custom', limits: { ...planDefaults.custom, apiRequestsMax: 123 }, subscriptionEndDate: '2027-01-31', changedDate: '2026-11-02T10:00:00.000Z' },
      })
      .then(async (collection) => {
        expect(await (await collection('teams')).findOne({ _id: 'tm_1' })).toMatchObject({
          name: 'Acme',
          plan: 'custom',
          limits: { apiRequestsMax: 123 },
          subscriptionEndDate: '2027-01-31',
        });
      }));
});
