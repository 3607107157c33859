import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { AppContext } from '../../src/app/shared/context.js';
import { createPrompt } from '../../src/app/prompts/prompts.js';
import { createTeam, setTeamPlan } from '../../src/app/teams/teams.js';
import { createWorkspace } from '../../src/app/workspaces/commands.js';
import { QuotaExceededError } from '../../src/domain/shared/errors.js';
import { SqliteDocumentStore } from '../../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import { systemClock } from '../../src/background/clock.js';

let dataDir: string;
let context: AppContext;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-quota-'));
  context = {
    eventStore: new SqliteEventStore(dataDir),
    documentStore: await SqliteDocumentStore.open(dataDir),
    logger: pino({ level: 'silent' }),
    clock: systemClock,
  };
});

afterEach(async () => {
  await context.eventStore.close();
  await context.documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function workspaceWithPromptLimit(promptsMax: number): Promise<string> {
  const team = await createTeam(context, { name: 'Acme', plan: 'custom' });
  await setTeamPlan(context, { teamId: team.id, plan: 'custom', promptsMax });
  return (await createWorkspace(context, { teamId: team.id, name: 'Main' })).id;
}

describe('prompt quota', () => {
  test('creating prompts beyond promptsMax is refused with a 429 quota error', async () => {
    const workspaceId = await workspaceWithPromptLimit(2);
    await createPrompt(context, { workspaceId, country: 'us', text: 'one' });
    await createPrompt(context, { workspaceId, country: 'us', text: 'two' });
    await expect(createPrompt(context, { workspaceId, country: 'us', text: 'three' })).rejects.toMatchObject({
      status: 429,
      constructor: QuotaExceededError,
    });
  });

  test('concurrent creations never push the team past promptsMax', async () => {
    const workspaceId = await workspaceWithPromptLimit(5);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) => createPrompt(context, { workspaceId, country: 'us', text: `prompt ${index}` })),
    );
    expect(outcomes.filter(({ status }) => status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused.map(({ reason }) => (reason as Error).constructor)).toEqual(Array(7).fill(QuotaExceededError));
  });

  test('a prompt refused by validation does not use a slot of the quota', async () => {
    const workspaceId = await workspaceWithPromptLimit(1);
    await expect(createPrompt(context, { workspaceId, country: 'us', text: '   ' })).rejects.toMatchObject({ status: 400 });
    await expect(createPrompt(context, { workspaceId, country: 'us', text: 'valid' })).resolves.toMatchObject({ id: expect.any(String) });
  });
});
