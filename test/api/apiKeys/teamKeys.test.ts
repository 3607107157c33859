import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { seedUser, signIn } from '../sessions/support.js';

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});
afterAll(() => api.close());

interface CreatedKey {
  id: string;
  key: string;
  permission: string;
  workspaceIds: string[] | 'all';
  keyPrefix: string;
  createdDate: string;
}

const create = (key: string, body: unknown) => api.call<CreatedKey & { message: string }>('POST', '/v1/api-keys', { key, body });
const list = (key: string) => api.call<{ items: Omit<CreatedKey, 'key'>[] }>('GET', '/v1/api-keys', { key });
const revoke = (key: string, keyId: string) => api.call<{ message: string }>('DELETE', `/v1/api-keys/${keyId}`, { key });

describe('POST /v1/api-keys', () => {
  test('a write key creates a key of its team that works at once and is answered once', async () => {
    const { status, body } = await create(team.writeKey, { permission: 'read', workspaceIds: [team.workspaceId] });

    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(String),
      key: expect.stringMatching(/^glk_live_[0-9A-Za-z]{40}$/),
      permission: 'read',
      workspaceIds: [team.workspaceId],
      keyPrefix: body.key.slice(0, 13),
      createdDate: expect.any(String),
    });
    expect((await api.call('GET', `/v1/workspaces/${team.workspaceId}/tags`, { key: body.key })).status).toBe(200);
    expect((await api.call('GET', `/v1/workspaces/${team.otherWorkspaceId}/tags`, { key: body.key })).status).toBe(403);
  });

  test('a key made without workspaces reaches the workspaces of its creator', async () => {
    const { body } = await create(team.scopedWriteKey, { permission: 'write' });
    expect(body.workspaceIds).toEqual([team.workspaceId]);
  });

  test('a read key cannot create a key: 403', async () => {
    const { status, body } = await create(team.readKey, { permission: 'read' });
    expect(status).toBe(403);
    expect(body.message).toMatch(/read permission only/);
  });

  test('a key limited to one workspace cannot grant another, nor all: 403 naming only what was sent', async () => {
    const other = await create(team.scopedWriteKey, { permission: 'read', workspaceIds: [team.workspaceId, team.otherWorkspaceId] });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(`This credential has no access to workspace ${team.otherWorkspaceId}, so it cannot grant it`);
    const all = await create(team.scopedWriteKey, { permission: 'read', workspaceIds: 'all' });
    expect(all.status).toBe(403);
  });

  test.each([
    ['an unknown permission', { permission: 'admin' }, 'permission', 'invalid_value'],
    ['no permission', {}, 'permission', 'invalid_value'],
    ['an empty workspace list', { permission: 'read', workspaceIds: [] }, 'workspaceIds', 'too_small'],
    ['an unknown field', { permission: 'read', label: 'ci' }, 'label', 'unrecognized_keys'],
  ])('%s is a 400 naming the field', async (_case, requestBody, path, code) => {
    const { status, body } = await api.call<{ target: string; errors: { path: string; code: string }[] }>('POST', '/v1/api-keys', { key: team.writeKey, body: requestBody });
    expect(status).toBe(400);
    expect(body.target).toBe('body');
    expect(body.errors).toContainEqual(expect.objectContaining({ path, code }));
  });

  test('a workspace of another team is a 400 and no key is made', async () => {
    const stranger = await seedTeam(api);
    const before = (await list(team.writeKey)).body.items.length;
    const { status, body } = await api.call<{ errors: { path: string }[] }>('POST', '/v1/api-keys', {
      key: team.writeKey,
      body: { permission: 'read', workspaceIds: [stranger.workspaceId] },
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ path: 'workspaceIds.0' })]);
    expect((await list(team.writeKey)).body.items).toHaveLength(before);
  });
});

describe('GET /v1/api-keys', () => {
  test('lists the active keys of the team, newest first, never the key nor its hash', async () => {
    const fresh = await seedTeam(api);
    api.clock.now = new Date(api.clock.now.getTime() + 60_000);
    const created = (await create(fresh.writeKey, { permission: 'write', workspaceIds: 'all' })).body;

    const { status, body } = await list(fresh.readKey);

    expect(status).toBe(200);
    expect(body.items).toHaveLength(5);
    expect(body.items[0]).toEqual({ id: created.id, permission: 'write', workspaceIds: 'all', keyPrefix: created.keyPrefix, createdDate: created.createdDate });
    expect(body.items.map((item) => item.id)).toContain(fresh.readKeyId);
    const text = JSON.stringify(body);
    expect(text).not.toContain(created.key);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });

  test('a key limited to one workspace sees only the keys limited to it', async () => {
    const fresh = await seedTeam(api);
    const { body } = await list(fresh.scopedReadKey);
    expect(body.items.map((item) => item.workspaceIds)).toEqual([[fresh.workspaceId], [fresh.workspaceId]]);
  });

  test('answers CSV when asked', async () => {
    const { status, headers, body } = await api.call<string>('GET', '/v1/api-keys', { key: team.readKey, headers: { accept: 'text/csv' } });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/csv/);
    expect(String(body).split('\n')[0]).toContain('keyPrefix');
  });
});

describe('DELETE /v1/api-keys/{keyId}', () => {
  test('revokes the key: 204, then the key is refused with 401 and leaves the list', async () => {
    const made = (await create(team.writeKey, { permission: 'read' })).body;

    const { status } = await revoke(team.writeKey, made.id);

    expect(status).toBe(204);
    expect((await api.call('GET', '/v1/workspaces', { key: made.key })).status).toBe(401);
    expect((await list(team.writeKey)).body.items.map((item) => item.id)).not.toContain(made.id);
  });

  test('a key of another team is a 404', async () => {
    const stranger = await seedTeam(api);
    const { status, body } = await revoke(team.writeKey, stranger.readKeyId);
    expect(status).toBe(404);
    expect(body.message).toBe(`API key ${stranger.readKeyId} not found`);
    expect((await api.call('GET', '/v1/workspaces', { key: stranger.readKey })).status).toBe(200);
  });

  test('a key beyond the caller’s workspaces is a 404', async () => {
    const { status } = await revoke(team.scopedWriteKey, team.readKeyId);
    expect(status).toBe(404);
  });

  test('a read key cannot revoke: 403', async () => {
    const { status } = await revoke(team.readKey, team.readKeyId);
    expect(status).toBe(403);
  });

  test('a key revoked twice is a 409', async () => {
    const made = (await create(team.writeKey, { permission: 'read' })).body;
    await revoke(team.writeKey, made.id);
    expect((await revoke(team.writeKey, made.id)).status).toBe(409);
  });

  test('an over-long key id is a 400 naming the path parameter', async () => {
    const { status, body } = await api.call<{ target: string }>('DELETE', `/v1/api-keys/${'k'.repeat(65)}`, { key: team.writeKey });
    expect(status).toBe(400);
    expect(body.target).toBe('params');
  });
});

describe('through a dashboard session', () => {
  test('a signed-in user creates and revokes a key with the CSRF token, and is refused without it', async () => {
    await seedUser(api, { teamId: team.teamId, email: 'keys@example.com' });
    const session = await signIn(api, 'keys@example.com');
    const headers = { cookie: session.cookie, 'x-csrf-token': session.body.csrfToken };

    const refused = await api.call('POST', '/v1/api-keys', { headers: { cookie: session.cookie }, body: { permission: 'read' } });
    const created = await api.call<CreatedKey>('POST', '/v1/api-keys', { headers, body: { permission: 'read' } });
    const revoked = await api.call('DELETE', `/v1/api-keys/${created.body.id}`, { headers });

    expect(refused.status).toBe(403);
    expect(created.status).toBe(201);
    expect(created.body.workspaceIds).toBe('all');
    expect(revoked.status).toBe(204);
  });

  test('no log line holds a key made through the API', async () => {
    const made = (await create(team.writeKey, { permission: 'read' })).body;
    await api.call('GET', '/v1/workspaces', { key: made.key });
    expect(api.logLines.join('\n')).not.toContain(made.key);
  });
});

describe('OpenAPI', () => {
  test('documents listing, creating (201) and revoking (204) keys, with their refusals', async () => {
    const { body } = await api.call<{ paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> }>('GET', '/v1/openapi.json');
    const keys = body.paths['/v1/api-keys'];
    const oneKey = body.paths['/v1/api-keys/{keyId}'];
    expect(keys?.get?.operationId).toBe('listTeamApiKeys');
    expect(Object.keys(keys?.post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '403']));
    expect(Object.keys(oneKey?.delete?.responses ?? {})).toEqual(expect.arrayContaining(['204', '403', '404', '409']));
  });
});
