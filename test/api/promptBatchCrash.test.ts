import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { createApiKey } from '../../src/app/credentials/credentials.js';
import { createTeam } from '../../src/app/teams/teams.js';
import { createWorkspace } from '../../src/app/workspaces/commands.js';
import { compose } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import { startServe } from '../support/serveProcess.js';

const BATCH = 40;

let dataDir: string;
let teamId: string;
let key: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-batch-crash-'));
  const composition = await compose(loadConfig({ DATA_DIR: dataDir }), pino({ level: 'silent' }));
  try {
    teamId = (await createTeam(composition.context, { name: 'Crash', plan: 'premium' })).id;
    key = (await createApiKey(composition.context, { teamId, permission: 'write', workspaceIds: 'all' })).key;
  } finally {
    await composition.close();
  }
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function newWorkspace(): Promise<string> {
  const composition = await compose(loadConfig({ DATA_DIR: dataDir }), pino({ level: 'silent' }));
  try {
    return (await createWorkspace(composition.context, { teamId, name: 'Batch' })).id;
  } finally {
    await composition.close();
  }
}

/** Prompts created in the workspace, counted in the event log itself (a second connection on the file). */
async function createdInLog(workspaceId: string): Promise<string[]> {
  const store = new SqliteEventStore(dataDir);
  try {
    const { events } = await store.readAll({ filter: { eventTypes: ['PromptCreated'] } });
    return events.flatMap(({ data }) => {
      const prompt = data as { promptId: string; workspaceId: string };
      return prompt.workspaceId === workspaceId ? [prompt.promptId] : [];
    });
  } finally {
    await store.close();
  }
}

interface Listed {
  items: Array<{ id: string; prompt: string }>;
  paging: { nextCursor: string | null };
}

async function listed(url: string, workspaceId: string): Promise<Listed['items']> {
  const items: Listed['items'] = [];
  for (let cursor: string | null = ''; cursor !== null; ) {
    const response = await fetch(`${url}/v1/workspaces/${workspaceId}/prompts${cursor ? `?cursor=${cursor}` : ''}`, { headers: { authorization: `Bearer ${key}` } });
    const page = (await response.json()) as Listed;
    items.push(...page.items);
    cursor = page.paging.nextCursor;
  }
  return items;
}

describe('an asynchronous prompt batch', () => {
  test(`of ${BATCH} prompts, its server killed (SIGKILL) halfway, is finished after a restart with no prompt created twice`, async () => {
    const texts = Array.from({ length: BATCH }, (_, index) => `Which CRM suits team ${index}?`);
    let workspaceId = '';
    let createdAtKill = 0;
    // The kill must land inside the batch: a try whose batch finished before the kill is made again.
    for (let attempt = 0; attempt < 5 && (createdAtKill === 0 || createdAtKill === BATCH); attempt++) {
      workspaceId = await newWorkspace();
      const server = await startServe(dataDir);
      const accepted = await fetch(`${server.url}/v1/workspaces/${workspaceId}/prompts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ country: 'us', prompts: texts }),
      });
      expect(accepted.status).toBe(202);
      while ((await createdInLog(workspaceId)).length < 3) await delay(1);
      await server.kill();
      createdAtKill = (await createdInLog(workspaceId)).length;
    }
    expect(createdAtKill).toBeGreaterThan(0);
    expect(createdAtKill).toBeLessThan(BATCH);

    const restarted = await startServe(dataDir);
    try {
      for (let waited = 0; (await listed(restarted.url, workspaceId)).length < BATCH && waited < 30_000; waited += 50) await delay(50);
      const prompts = await listed(restarted.url, workspaceId);
      expect(prompts).toHaveLength(BATCH);
      expect(new Set(prompts.map(({ id }) => id)).size).toBe(BATCH);
      expect(prompts.map(({ prompt }) => prompt).sort()).toEqual([...texts].sort());
      const inLog = await createdInLog(workspaceId);
      expect(inLog).toHaveLength(BATCH);
      expect(new Set(inLog).size).toBe(BATCH);
    } finally {
      await restarted.stop();
    }
  }, 120_000);
});
