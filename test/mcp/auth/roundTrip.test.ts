import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { openAuthorizePage, PASSWORD, postForm, RecordingClientProvider, REDIRECT_URI, seedUser, submitForm, type SeededUser } from './support/oauthClient.js';
import { callMcp, startProtectedResource, type ProtectedResource } from './support/protectedResource.js';


let api: TestApi;
let resource: ProtectedResource;
let user: SeededUser;
beforeAll(async () => {
  api = await startTestApi();
  resource = await startProtectedResource(api);
  user = await seedUser(api, 'write');
});
afterAll(async () => {
  await resource.close();
  await api.close();
});

describe('a full round trip with the MCP SDK client', () => {
  test('discovery, registration, consent, code exchange with PKCE, refresh and revocation', async () => {
    const provider = new RecordingClientProvider({ clientName: 'SDK round trip', tokenEndpointAuthMethod: 'client_secret_post', state: 'sdk-state-42' });
    const serverUrl = `${api.url}/mcp`;

    // Discovery and registration, then the SDK sends the user agent to /authorize.
    expect(await auth(provider, { serverUrl })).toBe('REDIRECT');
    const client = provider.client as { client_id: string; client_secret: string };
    expect(client.client_secret).toEqual(expect.any(String));
    const authorizationUrl = provider.redirectedTo as URL;
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${api.url}/authorize`);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      client_id: client.client_id,
      code_challenge_method: 'S256',
      scope: 'read write',
      resource: serverUrl,
      state: 'sdk-state-42',
    });

    // The user signs in and allows; the redirect carries the code and the state.
    const page = await openAuthorizePage(authorizationUrl.href);
    expect(page.status).toBe(200);
    expect(page.html).toContain('SDK round trip');
    const consent = await submitForm(page, { email: user.email, password: PASSWORD, decision: 'allow' });
    expect(consent.status).toBe(302);
    expect(consent.location?.origin + (consent.location?.pathname ?? '')).toBe(REDIRECT_URI);
    expect(consent.location?.searchParams.get('state')).toBe('sdk-state-42');
    const code = consent.location?.searchParams.get('code') as string;

    // The SDK exchanges the code with its verifier; the token works at once.
    expect(await auth(provider, { serverUrl, authorizationCode: code })).toBe('AUTHORIZED');
    const first = provider.savedTokens as OAuthTokens;
    expect(first).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read write' });
    const caller = await callMcp(resource, first.access_token);
    expect(caller.status).toBe(200);
    expect(caller.body.principal).toEqual({
      kind: 'accessToken',
      teamId: user.teamId,
      credentialId: expect.stringMatching(/^tf_/),
      permission: 'write',
      workspaceIds: [user.workspaceId],
    });

    // With a refresh token stored, the next auth() rotates it.
    expect(await auth(provider, { serverUrl })).toBe('AUTHORIZED');
    const second = provider.savedTokens as OAuthTokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await callMcp(resource, second.access_token)).status).toBe(200);

    // RFC 7009 revocation of the refresh token ends the family: its access tokens stop working.
    const revocation = await postForm(api, '/revoke', { token: second.refresh_token, client_id: client.client_id, client_secret: client.client_secret });
    expect(revocation.status).toBe(200);
    expect((await callMcp(resource, second.access_token)).status).toBe(401);
    expect((await callMcp(resource, first.access_token)).status).toBe(401);
  });
});
