import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { pino } from 'pino';
import { createBrandReport, updateBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import type { AppContext } from '../../../src/app/shared/context.js';
import { createTag } from '../../../src/app/tags/tags.js';
import { createTeam } from '../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../src/app/workspaces/commands.js';
import { clockAt } from '../../../src/background/clock.js';
import { promptStream } from '../../../src/domain/prompt/events.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import { SqliteEventStore } from '../../../src/infra/eventStore/sqliteEventStore.js';
import { ReportsInMemory } from '../../../src/projections/brandReports/reportsInMemory.js';

const silent = pino({ level: 'silent' });

/**
 * The brand reports in memory (issue 24) on the embedded stores of a temporary directory: what the report detail
 * answers, and when it is made again.
 */
describe('reports in memory', () => {
  let dataDir: string;
  let context: AppContext;
  let reports: ReportsInMemory;
  let workspaceId: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'geolens-reports-memory-'));
    context = { eventStore: new SqliteEventStore(dataDir), documentStore: await SqliteDocumentStore.open(dataDir), logger: silent, clock: clockAt(() => new Date('2026-11-15T10:00:00.000Z')) };
    const team = await createTeam(context, { name: 'Team', plan: 'premium' });
    workspaceId = (await createWorkspace(context, { teamId: team.id, name: 'Main' })).id;
    reports = new ReportsInMemory(context.eventStore, silent);
  });

  afterEach(async () => {
    await reports.stop();
    await context.eventStore.close();
    await context.documentStore.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const applied = async (): Promise<void> => reports.waitFor(await context.eventStore.headPosition(), 5_000);

  test('a detail is one object until an event changes its report or the tags; another report’s edit leaves it', async () => {
    const tagId = (await createTag(context, { workspaceId, name: 'Pricing', color: 'blue' })).id;
    const promptId = (await createPrompt(context, { workspaceId, country: 'us', text: 'Best CRM?', tagIds: [tagId] })).id;
    const acme = (await createBrandReport(context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId] })).id;
    const globex = (await createBrandReport(context, { workspaceId, brand: 'Globex', brandDomain: 'globex.com' })).id;
    await reports.start();

    const first = reports.detail(acme);
    expect(first).toMatchObject({ report: { _id: acme, brand: 'Acme', workspaceId, countries: ['us'] }, tags: [{ id: tagId, name: 'Pricing', color: 'blue' }] });
    expect(reports.detail(acme)).toBe(first);

    await updateBrandReport(context, globex, { reportTitle: 'Globex, renamed' });
    await applied();
    expect(reports.detail(acme)).toBe(first);
    expect(reports.detail(globex)?.report.reportTitle).toBe('Globex, renamed');

    await updateBrandReport(context, acme, { reportTitle: 'Acme, renamed' });
    await applied();
    const renamed = reports.detail(acme);
    expect(renamed).not.toBe(first);
    expect(renamed?.report.reportTitle).toBe('Acme, renamed');

    await createTag(context, { workspaceId, name: 'Unused', color: 'red' });
    await applied();
    expect(reports.detail(acme)).not.toBe(renamed);
    expect(reports.detail(acme)).toEqual(renamed);
  });

  test('null for a report that does not exist', async () => {
    await reports.start();
    expect(reports.detail('br_unknown')).toBeNull();
  });

  test('a report another process creates shows once applied: the subscription notices the shared file’s commit', async () => {
    await reports.start();
    const otherProcess: AppContext = { ...context, eventStore: new SqliteEventStore(dataDir) };
    try {
      const created = await createBrandReport(otherProcess, { workspaceId, brand: 'Initech', brandDomain: 'initech.com' });
      await reports.waitFor(created.position ?? 0n, 5_000);
      expect(reports.detail(created.id)?.report).toMatchObject({ _id: created.id, brand: 'Initech' });
    } finally {
      await otherProcess.eventStore.close();
    }
  });

  test('tags of a deleted prompt stay out, even when a later event replaces them (as the directory read model ignores it)', async () => {
    const tagId = (await createTag(context, { workspaceId, name: 'Pricing', color: 'blue' })).id;
    const promptId = (await createPrompt(context, { workspaceId, country: 'us', text: 'Best CRM?', tagIds: [tagId] })).id;
    const reportId = (await createBrandReport(context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId] })).id;
    await reports.start();
    expect(reports.detail(reportId)?.tags).toHaveLength(1);

    const at = '2026-11-15T11:00:00.000Z';
    await context.eventStore.append(promptStream(promptId), [{ type: 'PromptDeleted', data: { promptId, workspaceId, deletedDate: at } }]);
    await context.eventStore.append(promptStream(promptId), [{ type: 'PromptTagsReplaced', data: { promptId, workspaceId, tagIds: [tagId], changedDate: at } }]);
    await applied();

    expect(reports.detail(reportId)?.tags).toEqual([]);
  });

  test('a start that failed is tried again by the next read, and read-your-writes waits only once something reads', async () => {
    const reportId = (await createBrandReport(context, { workspaceId, brand: 'Acme', brandDomain: 'acme.com' })).id;
    // The event store unreachable at the first start: its head cannot be read once.
    let refusals = 1;
    const store = context.eventStore;
    const flaky = new Proxy(store, {
      get(target, name, receiver) {
        if (name === 'headPosition')
          return async () => {
            if (refusals-- > 0) throw new Error('event store unreachable');
            return target.headPosition();
          };
        const value: unknown = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const retried = new ReportsInMemory(flaky, silent);
    try {
      await expect(retried.caughtUpTo(await context.eventStore.headPosition())).resolves.toBeUndefined();
      await expect(retried.ready()).rejects.toThrow('event store unreachable');
      await retried.ready();
      expect(retried.detail(reportId)?.report.brand).toBe('Acme');
      await updateBrandReport(context, reportId, { reportTitle: 'Acme, renamed' });
      await retried.caughtUpTo(await context.eventStore.headPosition());
      expect(retried.detail(reportId)?.report.reportTitle).toBe('Acme, renamed');
    } finally {
      await retried.stop();
    }
  });
});
