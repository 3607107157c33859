import type { RegisteredOAuthClient } from '../../../src/domain/oauth/client/events.js';
import type { OAuthGrant, SignedInUser } from '../../../src/domain/oauth/grant.js';

export const now = '2026-11-15T10:00:00.000Z';
export const PROTECTED_RESOURCE = 'https://geolens.example/mcp';
/** base64url(SHA-256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")), RFC 7636 appendix B. */
export const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

export const client = (fields: Partial<RegisteredOAuthClient> = {}): RegisteredOAuthClient => ({
  clientId: 'client_1',
  clientName: 'Claude',
  clientUri: null,
  redirectUris: ['http://127.0.0.1:33418/callback', 'https://app.example/callback'],
  tokenEndpointAuthMethod: 'none',
  clientSecretHash: null,
  grantTypes: ['authorization_code', 'refresh_token'],
  scopes: null,
  registeredDate: now,
  ...fields,
});

export const user = (fields: Partial<SignedInUser> = {}): SignedInUser => ({
  userId: 'usr_1',
  teamId: 'tm_1',
  permission: 'write',
  workspaceIds: ['ws_1'],
  ...fields,
});

export const grant = (fields: Partial<OAuthGrant> = {}): OAuthGrant => ({
  clientId: 'client_1',
  userId: 'usr_1',
  teamId: 'tm_1',
  permission: 'write',
  workspaceIds: ['ws_1'],
  scopes: ['read', 'write'],
  resource: PROTECTED_RESOURCE,
  ...fields,
});

/** `now` moved by `milliseconds`. */
export const later = (milliseconds: number): string => new Date(Date.parse(now) + milliseconds).toISOString();
