import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { workspaceStream } from '../../src/domain/workspace/events.js';
import { seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

interface WorkspaceBody {
  id: string;
  runsPerDay: number;
  runsPerDayToday: number;
  updatedDate: string;
}

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});
afterAll(() => api.close());

const workspacePath = (id: string) => `/v1/workspaces/${id}`;

describe('a workspace’s runsPerDay', () => {
  test('a new workspace runs each prompt three times a day', async () => {
    const { status, body } = await api.call<WorkspaceBody>('GET', workspacePath(team.workspaceId), { key: team.readKey });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: team.workspaceId, runsPerDay: 3, runsPerDayToday: 3 });
  });

  test('a workspace created before replicates existed (its event names no runsPerDay) reads as 1', async () => {
    const workspaceId = 'ws_legacy_runs';
    await api.context.eventStore.append(
      workspaceStream(workspaceId),
      [{ type: 'WorkspaceCreated', data: { workspaceId, teamId: team.teamId, name: 'Old', createdDate: '2026-01-01T00:00:00.000Z' } }],
      { expectedRevision: 'no_stream' },
    );
    await api.settle();

    const { body } = await api.call<WorkspaceBody>('GET', workspacePath(workspaceId), { key: team.readKey });
    expect(body).toMatchObject({ runsPerDay: 1, runsPerDayToday: 1 });
    const list = await api.call<{ items: WorkspaceBody[] }>('GET', '/v1/workspaces', { key: team.readKey });
    expect(list.body.items.find(({ id }) => id === workspaceId)).toMatchObject({ runsPerDay: 1 });
  });

  test('PATCH shows the new value at once; today keeps what it had, and the next UTC day takes the new one', async () => {
    const fresh = await seedTeam(api);
    api.clock.now = new Date('2026-11-15T10:00:00.000Z');
    const patched = await api.call<WorkspaceBody>('PATCH', workspacePath(fresh.workspaceId), { key: fresh.writeKey, body: { runsPerDay: 7 } });

    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ runsPerDay: 7, runsPerDayToday: 3, updatedDate: '2026-11-15T10:00:00.000Z' });
    // A second change the same day still leaves today as it was planned.
    await api.call('PATCH', workspacePath(fresh.workspaceId), { key: fresh.writeKey, body: { runsPerDay: 5 } });
    expect((await api.call<WorkspaceBody>('GET', workspacePath(fresh.workspaceId), { key: fresh.readKey })).body).toMatchObject({ runsPerDay: 5, runsPerDayToday: 3 });
    api.clock.now = new Date('2026-11-16T00:00:00.000Z');
    expect((await api.call<WorkspaceBody>('GET', workspacePath(fresh.workspaceId), { key: fresh.readKey })).body).toMatchObject({ runsPerDay: 5, runsPerDayToday: 5 });
    api.clock.now = new Date('2026-11-15T10:00:00.000Z');
  });

  test('sending the value already set writes no event', async () => {
    const fresh = await seedTeam(api);
    const before = await api.context.eventStore.readStream(workspaceStream(fresh.workspaceId));
    const { status } = await api.call('PATCH', workspacePath(fresh.workspaceId), { key: fresh.writeKey, body: { runsPerDay: 3 } });
    expect(status).toBe(200);
    expect(await api.context.eventStore.readStream(workspaceStream(fresh.workspaceId))).toHaveLength(before.length);
  });

  test.each([
    [{ runsPerDay: 0 }, 'too_small', 'Too small: expected number to be >=1'],
    [{ runsPerDay: 11 }, 'too_big', 'Too big: expected number to be <=10'],
    [{ runsPerDay: 2.5 }, 'invalid_type', 'Invalid input: expected int, received number'],
    [{ runsPerDay: '3' }, 'invalid_type', 'Invalid input: expected number, received string'],
  ])('400 for %j, naming the field and the bound', async (body, code, message) => {
    const answer = await api.call<{ target: string; errors: Array<{ path: string; code: string; message: string }> }>('PATCH', workspacePath(team.workspaceId), {
      key: team.writeKey,
      body,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ target: 'body', errors: [{ path: 'runsPerDay', code, message }] });
  });

  test('400 for a field other than runsPerDay, and for a body without it', async () => {
    const unknown = await api.call<{ errors: Array<{ code: string }> }>('PATCH', workspacePath(team.workspaceId), { key: team.writeKey, body: { runsPerDay: 2, name: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ code: 'unrecognized_keys' })]);
    const missing = await api.call<{ errors: Array<{ path: string; code: string }> }>('PATCH', workspacePath(team.workspaceId), { key: team.writeKey, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ path: 'runsPerDay', code: 'custom', message: 'Give runsPerDay, branding or both' })]);
  });

  test('a read key cannot change it (403), a key of another workspace cannot read it (403), an unknown workspace is 404', async () => {
    const denied = await api.call('PATCH', workspacePath(team.workspaceId), { key: team.readKey, body: { runsPerDay: 2 } });
    expect(denied.status).toBe(403);
    const otherWorkspace = await api.call('GET', workspacePath(team.otherWorkspaceId), { key: team.scopedReadKey });
    expect(otherWorkspace.status).toBe(403);
    const missing = await api.call<{ message: string }>('GET', workspacePath('ws_nothing'), { key: team.readKey });
    expect([missing.status, missing.body.message]).toEqual([404, 'Workspace ws_nothing not found']);
    expect((await api.call<WorkspaceBody>('GET', workspacePath(team.workspaceId), { key: team.readKey })).body.runsPerDay).toBe(3);
  });
});
