import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createApiKey } from '../../../src/app/credentials/credentials.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { obtainTokens, seedUser, type SeededUser } from './support/oauthClient.js';
import { callMcp, startProtectedResource, type ProtectedResource } from './support/protectedResource.js';

let api: TestApi;
let resource: ProtectedResource;
let writer: SeededUser;
let reader: SeededUser;
let challenge: string;
beforeAll(async () => {
  api = await startTestApi();
  resource = await startProtectedResource(api);
  writer = await seedUser(api, 'write');
  reader = await seedUser(api, 'read');
  challenge = `Bearer error="invalid_token", resource_metadata="${api.url}/.well-known/oauth-protected-resource/mcp"`;
});
afterAll(async () => {
  await resource.close();
  await api.close();
});

describe('the bearer check in front of /mcp', () => {
  test('a valid token exposes its principal: the user team and workspaces, the permission the scope allows', async () => {
    const { client, tokens } = await obtainTokens(api, writer);
    const caller = await callMcp(resource, tokens.access_token);
    expect(caller.status).toBe(200);
    expect(caller.body).toEqual({
      principal: { kind: 'accessToken', teamId: writer.teamId, credentialId: expect.stringMatching(/^tf_/), permission: 'write', workspaceIds: [writer.workspaceId] },
      clientId: client.client_id,
      scopes: ['read', 'write'],
    });
  });

  test('a write user granting only the read scope gets a read principal', async () => {
    const { tokens } = await obtainTokens(api, writer, { scope: 'read' });
    expect(tokens.scope).toBe('read');
    expect((await callMcp(resource, tokens.access_token)).body.principal).toMatchObject({ permission: 'read' });
  });

  test('a read user granting read and write gets a read principal', async () => {
    const { tokens } = await obtainTokens(api, reader, { scope: 'read write' });
    expect(tokens.scope).toBe('read');
    expect((await callMcp(resource, tokens.access_token)).body.principal).toMatchObject({ permission: 'read', teamId: reader.teamId });
  });

  test.each<[string, string | undefined]>([
    ['no token', undefined],
    ['an unknown token', 'gla_0000000000000000000000000000000000000000000'],
    ['a malformed header value', ''],
  ])('%s is answered 401 with the prescribed challenge', async (_name, token) => {
    const answer = await callMcp(resource, token);
    expect(answer.status).toBe(401);
    expect(answer.challenge).toBe(challenge);
  });

  test('a REST API key is not a token: 401', async () => {
    const key = await createApiKey(api.context, { teamId: writer.teamId, permission: 'write', workspaceIds: 'all' });
    await api.settle();
    expect((await api.call('GET', '/v1/workspaces', { key: key.key })).status).toBe(200);
    const answer = await callMcp(resource, key.key);
    expect(answer.status).toBe(401);
    expect(answer.challenge).toBe(challenge);
  });

  test('an access token is not a REST API key: 401 on /v1', async () => {
    const { tokens } = await obtainTokens(api, writer);
    expect((await api.call('GET', '/v1/workspaces', { key: tokens.access_token })).status).toBe(401);
  });

  test('an access token expires after one hour on the service clock', async () => {
    const { tokens } = await obtainTokens(api, writer);
    api.clock.now = new Date(api.clock.now.getTime() + 59 * 60 * 1000);
    expect((await callMcp(resource, tokens.access_token)).status).toBe(200);
    api.clock.now = new Date(api.clock.now.getTime() + 60 * 1000);
    const expired = await callMcp(resource, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.challenge).toBe(challenge);
  });
});
