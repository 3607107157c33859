import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import type { AppContext } from '../../../../src/app/shared/context.js';
import { clockAt } from '../../../../src/background/clock.js';
import { createPrompt } from '../../../../src/app/prompts/prompts.js';
import type { ScheduledPrompt } from '../../../../src/app/scheduler/plan.js';
import { createTeam } from '../../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../../src/app/workspaces/commands.js';
import { RUN_EVENT_TYPES, type RunEvent } from '../../../../src/domain/run/events.js';
import type { CountryCode } from '../../../../src/domain/shared/countries.js';
import { SqliteDocumentStore } from '../../../../src/infra/documentStore/sqliteDocumentStore.js';
import { MemoryEventStore } from '../../../support/memoryEventStore.js';

export interface TestStores {
  context: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

export async function openStores(logger: Logger = pino({ level: 'silent' })): Promise<TestStores> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-scheduler-'));
  const documentStore = await SqliteDocumentStore.open(dataDir);
  const context: AppContext = { eventStore: new MemoryEventStore(), documentStore, logger, clock: clockAt(() => new Date('2026-03-10T08:00:00Z')) };
  return {
    context,
    dataDir,
    async close() {
      await documentStore.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Prompts created through the write side, in one new workspace; with `teamPerPrompt`, each in a workspace of a team
 * of its own (the scheduler's slots are shared fairly between teams, one team holding at most half of them). Their
 * workspaces run each prompt `runsPerDay` times a day (default 1, as before replicates).
 */
export async function createPrompts(
  context: AppContext,
  countries: readonly CountryCode[],
  { teamPerPrompt = false, runsPerDay = 1 } = {},
): Promise<ScheduledPrompt[]> {
  const newWorkspace = async () => {
    const team = await createTeam(context, { name: 'Acme' });
    return { teamId: team.id, workspaceId: (await createWorkspace(context, { teamId: team.id, name: 'Acme', runsPerDay })).id };
  };
  const shared = teamPerPrompt ? null : await newWorkspace();
  const prompts: ScheduledPrompt[] = [];
  for (const [index, country] of countries.entries()) {
    const text = `Best CRM for small teams #${index + 1}`;
    const { teamId, workspaceId } = shared ?? (await newWorkspace());
    const created = await createPrompt(context, { workspaceId, country, text });
    prompts.push({ promptId: created.id, workspaceId, teamId, country, text, runs: { runsPerDay } });
  }
  return prompts;
}

/** Every run event in the log, read page by page (a read of `$all` returns at most 1,000 events). */
export async function recordedRuns(context: AppContext): Promise<RunEvent[]> {
  const runs: RunEvent[] = [];
  for (let from = 0n; ; ) {
    const page = await context.eventStore.readAll({ from, maxCount: 1_000, filter: { eventTypes: RUN_EVENT_TYPES } });
    runs.push(...page.events.map(({ type, data }) => ({ type, data }) as RunEvent));
    if (page.events.length < 1_000) return runs;
    from = page.scannedTo;
  }
}
