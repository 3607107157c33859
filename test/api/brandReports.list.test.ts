import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { seedReport, seedTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

interface ReportList {
  items: Array<{ id: string; workspaceId: string; createdDate: string }>;
  paging: { nextCursor: string | null; hasMore: boolean };
}

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const at = (iso: string) => {
  api.clock.now = new Date(iso);
};

async function list(key: string, query = ''): Promise<{ status: number; body: ReportList }> {
  return api.call<ReportList>('GET', `/v1/reports/brand${query}`, { key });
}

describe('GET /v1/reports/brand', () => {
  test('lists the reports of every workspace the key can read, newest first', async () => {
    const team = await seedTeam(api);
    at('2026-11-01T00:00:00.000Z');
    const older = await seedReport(api, team.workspaceId);
    at('2026-11-02T00:00:00.000Z');
    const newer = await seedReport(api, team.otherWorkspaceId);
    await seedReport(api, (await seedTeam(api)).workspaceId);
    await api.settle();

    const { status, body } = await list(team.readKey);

    expect(status).toBe(200);
    expect(body.items.map(({ id }) => id)).toEqual([newer, older]);
    expect(body.paging).toEqual({ nextCursor: null, hasMore: false });
  });

  test('a key scoped to one workspace lists only that workspace’s reports', async () => {
    const team = await seedTeam(api);
    const visible = await seedReport(api, team.workspaceId);
    await seedReport(api, team.otherWorkspaceId);
    await api.settle();
    expect((await list(team.scopedReadKey)).body.items.map(({ id }) => id)).toEqual([visible]);
  });

  test('workspaceId restricts the list to that workspace', async () => {
    const team = await seedTeam(api);
    await seedReport(api, team.workspaceId);
    const inOther = await seedReport(api, team.otherWorkspaceId);
    await api.settle();
    const { status, body } = await list(team.readKey, `?workspaceId=${team.otherWorkspaceId}`);
    expect(status).toBe(200);
    expect(body.items.map(({ id }) => id)).toEqual([inOther]);
  });

  test('403 for a workspaceId outside the key’s workspaces, and for another team’s workspace', async () => {
    const team = await seedTeam(api);
    const otherTeam = await seedTeam(api);
    const outsideScope = await list(team.scopedReadKey, `?workspaceId=${team.otherWorkspaceId}`);
    expect(outsideScope).toMatchObject({ status: 403, body: { message: `This API key has no access to workspace ${team.otherWorkspaceId}` } });
    const otherTeams = await list(team.readKey, `?workspaceId=${otherTeam.workspaceId}`);
    expect(otherTeams).toMatchObject({ status: 403, body: { message: `This API key has no access to workspace ${otherTeam.workspaceId}` } });
  });

  test('404 for a workspaceId that names no workspace', async () => {
    const team = await seedTeam(api);
    const { status, body } = await list(team.readKey, '?workspaceId=ws_nothing');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Workspace ws_nothing not found' });
  });

  test('pages of 25 stay consistent while reports are added between calls', async () => {
    const team = await seedTeam(api);
    const created: string[] = [];
    for (let index = 0; index < 60; index++) {
      // An hour apart, except the last ten, which share one timestamp so that the id breaks their ties.
      at(new Date(Date.UTC(2026, 9, 1) + Math.min(index, 50) * 3_600_000).toISOString());
      created.push(await seedReport(api, team.workspaceId, { brand: `Brand ${index}` }));
    }
    await api.settle();
    const first = await list(team.readKey);
    at('2026-11-20T00:00:00.000Z');
    const addedMeanwhile = await seedReport(api, team.workspaceId, { brand: 'Late' });
    await api.settle();
    const second = await list(team.readKey, `?cursor=${first.body.paging.nextCursor}`);
    const third = await list(team.readKey, `?cursor=${second.body.paging.nextCursor}`);

    expect([first, second, third].map(({ body }) => body.items.length)).toEqual([25, 25, 10]);
    expect([first, second, third].map(({ body }) => body.paging.hasMore)).toEqual([true, true, false]);
    expect(third.body.paging.nextCursor).toBeNull();
    const listed = [first, second, third].flatMap(({ body }) => body.items);
    expect(new Set(listed.map(({ id }) => id))).toEqual(new Set(created));
    const order = listed.map(({ createdDate, id }) => `${createdDate} ${id}`);
    expect(order).toEqual([...order].sort().reverse());
    expect((await list(team.readKey)).body.items[0]?.id).toBe(addedMeanwhile);
  });

  describe('400 for an invalid query', () => {
    let key: string;
    beforeAll(async () => {
      key = (await seedTeam(api)).readKey;
    });

    test.each([
      ['a malformed cursor', '?cursor=not-a-cursor', 'cursor', 'custom', 'Invalid cursor: send back the nextCursor of a previous response of this list'],
      ['a cursor of another list', `?cursor=${Buffer.from(JSON.stringify({ list: 'workspaces', createdDate: '2026-11-01T00:00:00.000Z', id: 'ws_1' })).toString('base64url')}`, 'cursor', 'custom', 'Invalid cursor: send back the nextCursor of a previous response of this list'],
      ['an empty cursor', '?cursor=', 'cursor', 'too_small', 'Too small: expected string to have >=1 characters'],
      ['an empty workspaceId', '?workspaceId=', 'workspaceId', 'too_small', 'Too small: expected string to have >=1 characters'],
      ['a repeated cursor', '?cursor=a&cursor=b', 'cursor', 'invalid_type', 'Invalid input: expected string, received array'],
    ])('%s', async (_case, query, path, code, message) => {
      const { status, body } = await list(key, query);
      expect(status).toBe(400);
      expect(body).toEqual({ message: `Invalid query: ${path}: ${message}`, target: 'query', errors: [{ path, message, code }] });
    });
  });
});
