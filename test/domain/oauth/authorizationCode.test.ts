import { describe, test } from '@jest/globals';
import { authorizationCodeDecider, type IssueAuthorizationCode, type RedeemAuthorizationCode } from '../../../src/domain/oauth/authorizationCode/decide.js';
import type { AuthorizationCodeIssued, AuthorizationCodeRedeemed } from '../../../src/domain/oauth/authorizationCode/events.js';
import type { AuthorizationRequest } from '../../../src/domain/oauth/authorizationRequest.js';
import { AuthorizationCodeReplayed, OAuthRefusal, UnregisteredRedirectUri } from '../../../src/domain/oauth/errors.js';
import { ConflictError } from '../../../src/domain/shared/errors.js';
import { specFor } from '../spec.js';
import { CHALLENGE, client, later, now, PROTECTED_RESOURCE, user } from './fixtures.js';

const given = specFor(authorizationCodeDecider);

const issue = (request: Partial<AuthorizationRequest> = {}, fields: Partial<IssueAuthorizationCode['data']> = {}): IssueAuthorizationCode => ({
  type: 'IssueAuthorizationCode',
  data: {
    codeHash: 'code-hash',
    client: client(),
    request: { redirectUri: 'http://127.0.0.1:33418/callback', scopes: [], codeChallenge: CHALLENGE, resource: PROTECTED_RESOURCE, ...request },
    user: user(),
    protectedResource: PROTECTED_RESOURCE,
    now,
    ...fields,
  },
});

const issued = (fields: Partial<AuthorizationCodeIssued['data']> = {}): AuthorizationCodeIssued => ({
  type: 'AuthorizationCodeIssued',
  data: {
    codeHash: 'code-hash',
    clientId: 'client_1',
    userId: 'usr_1',
    teamId: 'tm_1',
    permission: 'write',
    workspaceIds: ['ws_1'],
    scopes: ['read', 'write'],
    resource: PROTECTED_RESOURCE,
    redirectUri: 'http://127.0.0.1:33418/callback',
    codeChallenge: CHALLENGE,
    issuedDate: now,
    expiresDate: later(10 * 60 * 1000),
    ...fields,
  },
});

const redeem = (fields: Partial<RedeemAuthorizationCode['data']> = {}): RedeemAuthorizationCode => ({
  type: 'RedeemAuthorizationCode',
  data: { codeHash: 'code-hash', clientId: 'client_1', redirectUri: 'http://127.0.0.1:33418/callback', familyId: 'tf_1', now: later(60_000), ...fields },
});

const redeemed = (familyId = 'tf_1'): AuthorizationCodeRedeemed => ({
  type: 'AuthorizationCodeRedeemed',
  data: { codeHash: 'code-hash', familyId, redeemedDate: later(60_000) },
});

describe('issue an authorization code', () => {
  test('a write user granting every scope gives a write grant expiring after 10 minutes', () => {
    given([]).when(issue()).then([issued()]);
  });

  test('a read user granting read and write gets read only: the smaller of user and scope', () => {
    given([])
      .when(issue({ scopes: ['read', 'write'] }, { user: user({ permission: 'read' }) }))
      .then([issued({ permission: 'read', scopes: ['read'] })]);
  });

  test('a write user granting only read gets read', () => {
    given([])
      .when(issue({ scopes: ['read'] }))
      .then([issued({ permission: 'read', scopes: ['read'] })]);
  });

  test('a client registered with read may not request write', () => {
    given([])
      .when(issue({ scopes: ['write'] }, { client: client({ scopes: ['read'] }) }))
      .thenThrows(OAuthRefusal, { code: 'invalid_scope' });
  });

  test('a client registered with read and asking for nothing is granted read', () => {
    given([])
      .when(issue({}, { client: client({ scopes: ['read'] }) }))
      .then([issued({ permission: 'read', scopes: ['read'] })]);
  });

  test('an unknown scope is refused', () => {
    given([])
      .when(issue({ scopes: ['admin'] }))
      .thenThrows(OAuthRefusal, { code: 'invalid_scope' });
  });

  test.each([
    'http://127.0.0.1:33419/callback',
    'http://127.0.0.1:33418/callbacks',
    'http://localhost:33418/callback',
    'https://app.example/callback/',
  ])('the redirect URI %s, not registered exactly, is refused', (redirectUri) => {
    given([]).when(issue({ redirectUri })).thenThrows(UnregisteredRedirectUri);
  });

  test.each(['', 'short', `${CHALLENGE}=`, CHALLENGE.replace('-', '+')])('the code challenge %j is refused', (codeChallenge) => {
    given([])
      .when(issue({ codeChallenge }))
      .thenThrows(OAuthRefusal, { code: 'invalid_request' });
  });

  test('a resource other than the MCP endpoint is refused with invalid_target', () => {
    given([])
      .when(issue({ resource: 'https://geolens.example/v1' }))
      .thenThrows(OAuthRefusal, { code: 'invalid_target' });
  });

  test('no resource is fine: the grant has none', () => {
    given([])
      .when(issue({ resource: null }))
      .then([issued({ resource: null })]);
  });

  test('a code hash already issued is a conflict', () => {
    given([issued()]).when(issue()).thenThrows(ConflictError);
  });
});

describe('redeem an authorization code', () => {
  test('the first redemption within 10 minutes names the family it starts', () => {
    given([issued()]).when(redeem()).then([redeemed()]);
  });

  test('without redirect_uri at the token endpoint (OAuth 2.1) it is redeemed too', () => {
    given([issued()])
      .when(redeem({ redirectUri: null }))
      .then([redeemed()]);
  });

  test('a second redemption is refused and names the family to revoke', () => {
    given([issued(), redeemed('tf_first')])
      .when(redeem({ familyId: 'tf_second' }))
      .thenThrows(AuthorizationCodeReplayed, { code: 'invalid_grant', familyId: 'tf_first' });
  });

  test('at exactly 10 minutes the code has expired', () => {
    given([issued()])
      .when(redeem({ now: later(10 * 60 * 1000) }))
      .thenThrows(OAuthRefusal, { code: 'invalid_grant' });
  });

  test('another client cannot redeem it', () => {
    given([issued()])
      .when(redeem({ clientId: 'client_2' }))
      .thenThrows(OAuthRefusal, { code: 'invalid_grant' });
  });

  test('a redirect URI differing from the authorization request is refused', () => {
    given([issued()])
      .when(redeem({ redirectUri: 'http://127.0.0.1:33418/callbacK' }))
      .thenThrows(OAuthRefusal, { code: 'invalid_grant' });
  });

  test('an unknown code is refused', () => {
    given([]).when(redeem()).thenThrows(OAuthRefusal, { code: 'invalid_grant' });
  });
});
