import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import {
  exchangeCode,
  newPkce,
  obtainCode,
  obtainTokens,
  PASSWORD,
  postForm,
  refresh,
  registerClient,
  seedUser,
  type SeededUser,
} from './support/oauthClient.js';
import { callMcp, startProtectedResource, type ProtectedResource } from './support/protectedResource.js';

let api: TestApi;
let resource: ProtectedResource;
let user: SeededUser;
beforeAll(async () => {
  api = await startTestApi();
  resource = await startProtectedResource(api);
  user = await seedUser(api);
});
afterAll(async () => {
  await resource.close();
  await api.close();
});

const MINUTE = 60 * 1000;
const head = () => api.context.eventStore.headPosition();
const advanceClock = (milliseconds: number) => {
  api.clock.now = new Date(api.clock.now.getTime() + milliseconds);
};

describe('the token endpoint: what must fail, and write nothing', () => {
  test('a wrong code_verifier is refused; the code still works with the right one', async () => {
    const client = await registerClient(api);
    const pkce = newPkce();
    const code = await obtainCode(api, client, pkce, user);
    const before = await head();
    const wrong = await exchangeCode(api, client, code, newPkce().verifier);
    expect(wrong).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });
    expect(wrong.body.access_token).toBeUndefined();
    expect(await head()).toBe(before);
    expect((await exchangeCode(api, client, code, pkce.verifier)).status).toBe(200);
  });

  test('a code used twice fails the second time and revokes the tokens of the first', async () => {
    const { client, pkce, code, tokens } = await obtainTokens(api, user);
    expect((await callMcp(resource, tokens.access_token)).status).toBe(200);
    const replay = await exchangeCode(api, client, code, pkce.verifier);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: 'invalid_grant' });
    expect(replay.body.access_token).toBeUndefined();
    expect((await callMcp(resource, tokens.access_token)).status).toBe(401);
    expect((await refresh(api, client, tokens.refresh_token)).body).toMatchObject({ error: 'invalid_grant' });
  });

  test('a code expires after 10 minutes', async () => {
    const client = await registerClient(api);
    const pkce = newPkce();
    const code = await obtainCode(api, client, pkce, user);
    advanceClock(10 * MINUTE);
    const before = await head();
    const expired = await exchangeCode(api, client, code, pkce.verifier);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });
    expect(await head()).toBe(before);
  });

  test('a redirect_uri differing by one character from the authorization request is refused', async () => {
    const client = await registerClient(api, { redirect_uris: ['http://127.0.0.1:43123/callback', 'http://127.0.0.1:43123/callbacks'] });
    const pkce = newPkce();
    const code = await obtainCode(api, client, pkce, user);
    const before = await head();
    const answer = await exchangeCode(api, client, code, pkce.verifier, { redirect_uri: 'http://127.0.0.1:43123/callbacks' });
    expect(answer.body).toMatchObject({ error: 'invalid_grant' });
    expect(await head()).toBe(before);
  });

  test('a resource other than BASE_URL/mcp is refused with invalid_target', async () => {
    const client = await registerClient(api);
    const pkce = newPkce();
    const code = await obtainCode(api, client, pkce, user);
    const before = await head();
    const answer = await exchangeCode(api, client, code, pkce.verifier, { resource: 'https://elsewhere.example/mcp' });
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_target' }) });
    expect(await head()).toBe(before);
  });

  test("another client cannot redeem a client's code", async () => {
    const client = await registerClient(api);
    const thief = await registerClient(api);
    const pkce = newPkce();
    const code = await obtainCode(api, client, pkce, user);
    const before = await head();
    expect((await exchangeCode(api, thief, code, pkce.verifier)).body).toMatchObject({ error: 'invalid_grant' });
    expect(await head()).toBe(before);
  });

  test('a confidential client must present its secret', async () => {
    const client = await registerClient(api, { token_endpoint_auth_method: 'client_secret_post' });
    const pkce = newPkce();
    const code = await obtainCode(api, client, pkce, user);
    const before = await head();
    const answer = await exchangeCode(api, client, code, pkce.verifier, { client_secret: 'not-the-secret' });
    expect(answer.body).toMatchObject({ error: 'invalid_client' });
    expect(await head()).toBe(before);
    expect((await exchangeCode(api, client, code, pkce.verifier)).status).toBe(200);
  });
});

describe('refresh tokens: rotation and reuse', () => {
  test('each refresh rotates the refresh token; a rotated one presented again revokes the whole family', async () => {
    const { client, tokens } = await obtainTokens(api, user);
    const rotated = await refresh(api, client, tokens.refresh_token);
    expect(rotated.status).toBe(200);
    const second = rotated.body as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(tokens.refresh_token);
    expect((await callMcp(resource, second.access_token)).status).toBe(200);

    const reuse = await refresh(api, client, tokens.refresh_token);
    expect(reuse).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });
    expect(reuse.body.access_token).toBeUndefined();
    expect((await callMcp(resource, second.access_token)).status).toBe(401);
    expect((await callMcp(resource, tokens.access_token)).status).toBe(401);
    expect((await refresh(api, client, second.refresh_token)).body).toMatchObject({ error: 'invalid_grant' });
  });

  test('a refresh token of another client is refused and revokes nothing', async () => {
    const { tokens } = await obtainTokens(api, user);
    const other = await registerClient(api);
    const before = await head();
    expect((await refresh(api, other, tokens.refresh_token)).body).toMatchObject({ error: 'invalid_grant' });
    expect(await head()).toBe(before);
    expect((await callMcp(resource, tokens.access_token)).status).toBe(200);
  });

  test('a refresh token expires after 30 days', async () => {
    const { client, tokens } = await obtainTokens(api, user);
    advanceClock(30 * 24 * 60 * MINUTE);
    const before = await head();
    expect((await refresh(api, client, tokens.refresh_token)).body).toMatchObject({ error: 'invalid_grant' });
    expect(await head()).toBe(before);
  });

  test('a refresh may narrow the scope to read', async () => {
    const { client, tokens } = await obtainTokens(api, user);
    const narrowed = await refresh(api, client, tokens.refresh_token, { scope: 'read' });
    expect(narrowed.body).toMatchObject({ scope: 'read' });
    const caller = await callMcp(resource, narrowed.body.access_token as string);
    expect(caller.body.principal).toMatchObject({ permission: 'read' });
  });
});

describe('revocation (RFC 7009)', () => {
  test('revoking an access token ends its family; an unknown token is answered 200 and writes nothing', async () => {
    const { client, tokens } = await obtainTokens(api, user);
    expect((await postForm(api, '/revoke', { token: tokens.access_token, client_id: client.client_id })).status).toBe(200);
    expect((await callMcp(resource, tokens.access_token)).status).toBe(401);
    expect((await refresh(api, client, tokens.refresh_token)).body).toMatchObject({ error: 'invalid_grant' });
    const before = await head();
    expect((await postForm(api, '/revoke', { token: 'gla_unknown', client_id: client.client_id })).status).toBe(200);
    expect(await head()).toBe(before);
  });

  test("a client cannot revoke another client's token", async () => {
    const { tokens } = await obtainTokens(api, user);
    const other = await registerClient(api);
    const answer = await postForm(api, '/revoke', { token: tokens.access_token, client_id: other.client_id });
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ error: 'unauthorized_client' }) });
    expect((await callMcp(resource, tokens.access_token)).status).toBe(200);
  });
});

describe('secrets', () => {
  test('no code, token or password reaches the event log or a log line', async () => {
    const { code, tokens } = await obtainTokens(api, user);
    const { events } = await api.context.eventStore.readAll();
    const logged = [JSON.stringify(events.map((event) => event.data)), ...api.logLines].join('\n');
    for (const secret of [code, tokens.access_token, tokens.refresh_token, PASSWORD]) expect(logged).not.toContain(secret);
    expect(api.logLines.some((line) => line.includes('"statusCode":302'))).toBe(true);
  });
});
