import { afterEach, describe, expect, it } from '@jest/globals';
import { startTestApi, type TestApi } from '../support/testApi.js';

const FIELDS = { teamName: 'Acme marketing', workspaceName: 'Acme', email: 'Admin@Acme.test', password: 'a long enough secret' };

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function postSetup(target: TestApi, body: unknown): Promise<Response> {
  return fetch(`${target.url}/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('first admin setup of an empty install', () => {
  it('creates the team, the workspace and an admin who is signed in, once', async () => {
    api = await startTestApi({ setup: true });
    const response = await postSetup(api, { token: api.setupToken, ...FIELDS });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { csrfToken: string; teamId: string; workspaceId: string; user: { email: string; permission: string; workspaceIds: null } };
    expect(body.user).toMatchObject({ email: 'admin@acme.test', permission: 'write', workspaceIds: null });
    const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^geolens_session=\w+/);
    const workspaces = await api.call<{ items: Array<{ id: string; name: string }> }>('GET', '/v1/workspaces', { headers: { cookie } });
    expect(workspaces.body.items).toEqual([expect.objectContaining({ id: body.workspaceId, name: 'Acme' })]);

    const again = await postSetup(api, { token: api.setupToken, ...FIELDS, email: 'second@acme.test' });
    expect(again.status).toBe(404);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expect((await fetch(`${api.url}/setup?token=${api.setupToken}`, { method })).status).toBe(404);
    }
  });

  it('refuses a missing or wrong token with 403 and creates nothing', async () => {
    api = await startTestApi({ setup: true });
    const missing = await postSetup(api, FIELDS);
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as { message: string }).message).toMatch(/setup URL/);
    expect((await postSetup(api, { token: `${api.setupToken}x`, ...FIELDS })).status).toBe(403);
    expect((await fetch(`${api.url}/setup`)).status).toBe(403);
    expect((await fetch(`${api.url}/setup?token=wrong`)).status).toBe(403);
    // The right token still works afterwards: the refusals claimed nothing.
    expect((await postSetup(api, { token: api.setupToken, ...FIELDS })).status).toBe(201);
  });

  it('answers a bad field with a 400 naming it, and the setup stays open', async () => {
    api = await startTestApi({ setup: true });
    const short = await postSetup(api, { token: api.setupToken, ...FIELDS, password: 'short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ target: 'body', errors: [{ path: 'password', code: 'too_small' }] });
    const unknown = await postSetup(api, { token: api.setupToken, ...FIELDS, role: 'owner' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ errors: [{ code: 'unrecognized_keys' }] });
    expect((await postSetup(api, { token: api.setupToken, ...FIELDS, email: 'not an address' })).status).toBe(400);
    expect((await fetch(`${api.url}/setup?token=${api.setupToken}`)).status).not.toBe(403);
  });

  it('lets only one of two concurrent setups through', async () => {
    api = await startTestApi({ setup: true });
    const target = api;
    const answers = await Promise.all(['one@acme.test', 'two@acme.test'].map((email) => postSetup(target, { token: target.setupToken, ...FIELDS, email })));
    expect(answers.map(({ status }) => status).sort()).toEqual([201, 404]);
  });

  it('is not found on an install that issued no token', async () => {
    api = await startTestApi();
    expect((await fetch(`${api.url}/setup?token=anything`)).status).toBe(404);
    expect((await postSetup(api, { token: 'anything', ...FIELDS })).status).toBe(404);
  });
});
