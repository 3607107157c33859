import { describe, test } from '@jest/globals';
import { oauthClientDecider, type ClientMetadata, type RegisterOAuthClient } from '../../../src/domain/oauth/client/decide.js';
import type { OAuthClientRegistered } from '../../../src/domain/oauth/client/events.js';
import { OAuthRefusal } from '../../../src/domain/oauth/errors.js';
import { ConflictError } from '../../../src/domain/shared/errors.js';
import { specFor } from '../spec.js';

const given = specFor(oauthClientDecider);
const now = '2026-11-15T10:00:00.000Z';

const register = (metadata: Partial<ClientMetadata> = {}, clientSecretHash: string | null = 'secret-hash'): RegisterOAuthClient => ({
  type: 'RegisterOAuthClient',
  data: { clientId: 'client_1', metadata: { redirect_uris: ['https://app.example/callback'], ...metadata }, clientSecretHash, now },
});

const registered = (fields: Partial<OAuthClientRegistered['data']> = {}): OAuthClientRegistered => ({
  type: 'OAuthClientRegistered',
  data: {
    clientId: 'client_1',
    clientName: null,
    clientUri: null,
    redirectUris: ['https://app.example/callback'],
    tokenEndpointAuthMethod: 'client_secret_post',
    clientSecretHash: 'secret-hash',
    grantTypes: ['authorization_code', 'refresh_token'],
    scopes: null,
    registeredDate: now,
    ...fields,
  },
});

describe('register an OAuth client', () => {
  test('a confidential client without scope may later request every scope (scopes null)', () => {
    given([]).when(register()).then([registered()]);
  });

  test('a public client keeps no secret', () => {
    given([])
      .when(register({ token_endpoint_auth_method: 'none', client_name: ' Claude ' }, null))
      .then([registered({ tokenEndpointAuthMethod: 'none', clientSecretHash: null, clientName: 'Claude' })]);
  });

  test('a registered scope limits what the client may request', () => {
    given([])
      .when(register({ scope: 'read read' }))
      .then([registered({ scopes: ['read'] })]);
  });

  test.each([
    'http://127.0.0.1:33418/callback',
    'http://127.0.0.1/callback',
    'http://[::1]:8080/cb',
    'http://localhost:9999/oauth/callback?x=1',
    'https://claude.ai/api/mcp/auth_callback',
  ])('the redirect URI %s is accepted', (redirectUri) => {
    given([])
      .when(register({ redirect_uris: [redirectUri] }))
      .then([registered({ redirectUris: [redirectUri] })]);
  });

  test.each([
    'http://app.example/callback',
    'http://192.168.1.10:8080/callback',
    'http://localhost.evil.example/callback',
    'ftp://127.0.0.1/callback',
    'myapp://callback',
    'https://app.example/callback#fragment',
    'https://user:pass@app.example/callback',
    '/relative/callback',
  ])('the redirect URI %s is refused with invalid_redirect_uri', (redirectUri) => {
    given([])
      .when(register({ redirect_uris: [redirectUri] }))
      .thenThrows(OAuthRefusal, { code: 'invalid_redirect_uri' });
  });

  test('a client without redirect URIs is refused', () => {
    given([])
      .when(register({ redirect_uris: [] }))
      .thenThrows(OAuthRefusal, { code: 'invalid_redirect_uri' });
  });

  test.each<[string, Partial<ClientMetadata>]>([
    ['client_secret_basic, which the token endpoint does not read', { token_endpoint_auth_method: 'client_secret_basic' }],
    ['an unknown scope', { scope: 'read admin' }],
    ['an unsupported grant type', { grant_types: ['authorization_code', 'client_credentials'] }],
    ['grants without authorization_code', { grant_types: ['refresh_token'] }],
    ['the implicit response type', { response_types: ['token'] }],
    ['a client name longer than 200 characters', { client_name: 'x'.repeat(201) }],
  ])('%s is refused with invalid_client_metadata', (_name, metadata) => {
    given([]).when(register(metadata)).thenThrows(OAuthRefusal, { code: 'invalid_client_metadata' });
  });

  test('only the authorization_code grant: no refresh tokens for this client', () => {
    given([])
      .when(register({ grant_types: ['authorization_code'] }))
      .then([registered({ grantTypes: ['authorization_code'] })]);
  });

  test('a secret for a public client, or none for a confidential one, is refused', () => {
    given([])
      .when(register({ token_endpoint_auth_method: 'none' }, 'secret-hash'))
      .thenThrows(OAuthRefusal, { code: 'invalid_client_metadata' });
    given([]).when(register({}, null)).thenThrows(OAuthRefusal, { code: 'invalid_client_metadata' });
  });

  test('registering the same client id twice is a conflict', () => {
    given([registered()]).when(register()).thenThrows(ConflictError);
  });
});
