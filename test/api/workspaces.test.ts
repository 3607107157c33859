import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createWorkspace } from '../../src/app/workspaces/commands.js';
import { seedPrompts, seedTag, seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

interface Page<Item> {
  items: Item[];
  paging: { nextCursor: string | null; hasMore: boolean };
}

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});
afterAll(() => api.close());

describe('GET /v1/workspaces', () => {
  test('lists the workspaces the key can read, newest first, with their prompt usage', async () => {
    api.clock.now = new Date('2026-11-15T10:00:00.000Z');
    const acme = await seedTeam(api);
    await seedPrompts(api, acme.otherWorkspaceId, [{ country: 'us' }, { country: 'uk' }]);
    api.clock.now = new Date('2026-11-15T11:00:00.000Z');
    const newest = await createWorkspace(api.context, { teamId: acme.teamId, name: 'Newest' });
    await api.settle();

    const { status, body } = await api.call<Page<{ id: string }>>('GET', '/v1/workspaces', { key: acme.readKey });

    expect(status).toBe(200);
    const [first, ...rest] = body.items;
    expect(first).toEqual({
      id: newest.id,
      name: 'Newest',
      promptsUsedCount: 0,
      promptsMaxCount: 300,
      geoAuditUsedCount: 0,
      geoAuditMaxCount: 50,
      runsPerDay: 3,
      runsPerDayToday: 3,
      createdDate: '2026-11-15T11:00:00.000Z',
      updatedDate: '2026-11-15T11:00:00.000Z',
    });
    expect(rest).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: acme.workspaceId, promptsUsedCount: 0 }),
        expect.objectContaining({ id: acme.otherWorkspaceId, promptsUsedCount: 2 }),
      ]),
    );
    expect(body.paging).toEqual({ nextCursor: null, hasMore: false });
  });

  test('a key scoped to one workspace lists only that one', async () => {
    const { body } = await api.call<Page<{ id: string }>>('GET', '/v1/workspaces', { key: team.scopedReadKey });
    expect(body.items.map(({ id }) => id)).toEqual([team.workspaceId]);
  });

  test('400 for a malformed cursor', async () => {
    const { status, body } = await api.call('GET', '/v1/workspaces?cursor=%7B', { key: team.readKey });
    expect(status).toBe(400);
    const message = 'Invalid cursor: send back the nextCursor of a previous response of this list';
    expect(body).toEqual({ message: `Invalid query: cursor: ${message}`, target: 'query', errors: [{ path: 'cursor', message, code: 'custom' }] });
  });
});

describe('GET /v1/workspaces/{id}/prompts', () => {
  test('lists the workspace’s prompts with their tags, newest first', async () => {
    const tagId = await seedTag(api, team.workspaceId, 'Pricing');
    api.clock.now = new Date('2026-11-15T10:00:00.000Z');
    const [older] = await seedPrompts(api, team.workspaceId, [{ country: 'us', tagIds: [tagId] }]);
    api.clock.now = new Date('2026-11-15T12:00:00.000Z');
    const [newer] = await seedPrompts(api, team.workspaceId, [{ country: 'uk' }]);
    await api.settle();

    const { status, body } = await api.call<Page<unknown>>('GET', `/v1/workspaces/${team.workspaceId}/prompts`, { key: team.scopedReadKey });

    expect(status).toBe(200);
    expect(body.items.slice(0, 2)).toEqual([
      { id: newer, workspaceId: team.workspaceId, prompt: 'Prompt 0', country: 'uk', intentVolume: null, tagIds: [], tags: [], brandReportIds: [], createdDate: '2026-11-15T12:00:00.000Z' },
      {
        id: older,
        workspaceId: team.workspaceId,
        prompt: 'Prompt 0',
        country: 'us',
        intentVolume: null,
        tagIds: [tagId],
        tags: [{ id: tagId, name: 'Pricing', color: 'blue' }],
        brandReportIds: [],
        createdDate: '2026-11-15T10:00:00.000Z',
      },
    ]);
  });

  test('pages of 25 stay consistent while prompts are added between calls', async () => {
    const fresh = await seedTeam(api);
    api.clock.now = new Date('2026-11-15T10:00:00.000Z');
    const created = await seedPrompts(api, fresh.workspaceId, Array.from({ length: 30 }, () => ({ country: 'us' as const })));
    await api.settle();
    const path = `/v1/workspaces/${fresh.workspaceId}/prompts`;
    const first = await api.call<Page<{ id: string }>>('GET', path, { key: fresh.readKey });
    api.clock.now = new Date('2026-11-16T10:00:00.000Z');
    await seedPrompts(api, fresh.workspaceId, [{ country: 'de' }]);
    await api.settle();
    const second = await api.call<Page<{ id: string }>>('GET', `${path}?cursor=${first.body.paging.nextCursor}`, { key: fresh.readKey });

    expect([first.body.items.length, second.body.items.length]).toEqual([25, 5]);
    expect(second.body.paging).toEqual({ nextCursor: null, hasMore: false });
    expect(new Set([...first.body.items, ...second.body.items].map(({ id }) => id))).toEqual(new Set(created));
  });

  test('403 for a workspace the key cannot read', async () => {
    const { status, body } = await api.call('GET', `/v1/workspaces/${team.otherWorkspaceId}/prompts`, { key: team.scopedReadKey });
    expect(status).toBe(403);
    expect(body).toEqual({ message: `This API key has no access to workspace ${team.otherWorkspaceId}` });
  });

  test('404 for a workspace that does not exist', async () => {
    const { status, body } = await api.call('GET', '/v1/workspaces/ws_nothing/prompts', { key: team.readKey });
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Workspace ws_nothing not found' });
  });

  test('ignores a query parameter it does not know, as clients of the hosted API send some', async () => {
    const plain = await api.call<Page<{ id: string }>>('GET', `/v1/workspaces/${team.workspaceId}/prompts`, { key: team.readKey });
    const withUnknown = await api.call<Page<{ id: string }>>('GET', `/v1/workspaces/${team.workspaceId}/prompts?page=2`, { key: team.readKey });
    expect(withUnknown.status).toBe(200);
    expect(withUnknown.body).toEqual(plain.body);
  });
});
