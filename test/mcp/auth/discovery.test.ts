import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { REDIRECT_URI, registerClient } from './support/oauthClient.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

describe('discovery documents', () => {
  test('the protected resource metadata (RFC 9728) names /mcp and geolens as its authorization server', async () => {
    const answer = await api.call('GET', '/.well-known/oauth-protected-resource/mcp');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      resource: `${api.url}/mcp`,
      authorization_servers: [api.url],
      scopes_supported: ['read', 'write'],
      bearer_methods_supported: ['header'],
    });
  });

  test('the authorization server metadata (RFC 8414) has BASE_URL as issuer and the SDK router paths', async () => {
    const answer = await api.call('GET', '/.well-known/oauth-authorization-server');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      issuer: api.url,
      authorization_endpoint: `${api.url}/authorize`,
      token_endpoint: `${api.url}/token`,
      registration_endpoint: `${api.url}/register`,
      revocation_endpoint: `${api.url}/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
      scopes_supported: ['read', 'write'],
    });
  });

  test.each(['/authorize', '/token', '/register', '/revoke'])('%s allows 1,000 requests per 15 minutes per client address', async (path) => {
    const response = await fetch(`${api.url}${path}`, { method: 'POST' });
    expect(Number(response.headers.get('ratelimit-limit'))).toBeGreaterThanOrEqual(1000);
    expect(response.headers.get('ratelimit-policy')).toBe('1000;w=900');
  });
});

describe('dynamic client registration (RFC 7591)', () => {
  test('a confidential client gets an id and a secret that does not expire', async () => {
    const answer = await api.call<Record<string, unknown>>('POST', '/register', {
      body: { redirect_uris: ['https://app.example/callback'], client_name: 'Acme assistant' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      client_id: expect.stringMatching(/^oc_[0-9A-Za-z]{22}$/),
      client_secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      client_secret_expires_at: 0,
      redirect_uris: ['https://app.example/callback'],
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_name: 'Acme assistant',
    });
  });

  test('a public client (token_endpoint_auth_method none) gets no secret', async () => {
    const client = await registerClient(api, { token_endpoint_auth_method: 'none', scope: 'read' });
    expect(client.client_secret).toBeUndefined();
    expect(client).toMatchObject({ token_endpoint_auth_method: 'none', scope: 'read', redirect_uris: [REDIRECT_URI] });
  });

  test('only the hash of a client secret is stored', async () => {
    const client = await registerClient(api, { token_endpoint_auth_method: 'client_secret_post' });
    const head = await api.context.eventStore.readAll();
    const stored = JSON.stringify(head.events.map((event) => event.data));
    expect(client.client_secret).toEqual(expect.any(String));
    expect(stored).not.toContain(client.client_secret);
    expect(stored).toContain(client.client_id);
  });

  test.each(['http://127.0.0.1:5000/cb', 'http://[::1]:5000/cb', 'http://localhost/cb', 'https://assistant.example/oauth/callback'])(
    'the redirect URI %s is accepted',
    async (redirectUri) => {
      const answer = await api.call('POST', '/register', { body: { redirect_uris: [redirectUri] } });
      expect(answer.status).toBe(201);
    },
  );

  test.each(['http://assistant.example/callback', 'http://10.0.0.5/callback', 'javascript:alert(1)', 'custom-app://callback', 'https://a.example/cb#x'])(
    'the redirect URI %s is refused and nothing is written',
    async (redirectUri) => {
      const before = await api.context.eventStore.headPosition();
      const answer = await api.call<Record<string, unknown>>('POST', '/register', { body: { redirect_uris: [redirectUri] } });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/^invalid_(redirect_uri|client_metadata)$/);
      expect(await api.context.eventStore.headPosition()).toBe(before);
    },
  );

  test('an unsupported token endpoint auth method is refused', async () => {
    const answer = await api.call<Record<string, unknown>>('POST', '/register', {
      body: { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'private_key_jwt' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_client_metadata');
  });
});
