import { describe, test } from '@jest/globals';
import { OAuthRefusal } from '../../../src/domain/oauth/errors.js';
import {
  tokenFamilyDecider,
  type RefreshTokenFamily,
  type RevokeTokenFamily,
  type StartTokenFamily,
} from '../../../src/domain/oauth/tokenFamily/decide.js';
import type { TokenFamilyRefreshed, TokenFamilyRevoked, TokenFamilyStarted } from '../../../src/domain/oauth/tokenFamily/events.js';
import { ConflictError } from '../../../src/domain/shared/errors.js';
import { specFor } from '../spec.js';
import { grant, later, now } from './fixtures.js';

const given = specFor(tokenFamilyDecider);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const start = (fields: Partial<StartTokenFamily['data']> = {}): StartTokenFamily => ({
  type: 'StartTokenFamily',
  data: { familyId: 'tf_1', codeHash: 'code-hash', grant: grant(), accessTokenHash: 'access-1', refreshTokenHash: 'refresh-1', now, ...fields },
});

const started = (fields: Partial<TokenFamilyStarted['data']> = {}): TokenFamilyStarted => ({
  type: 'TokenFamilyStarted',
  data: {
    familyId: 'tf_1',
    codeHash: 'code-hash',
    ...grant(),
    accessTokenHash: 'access-1',
    accessTokenExpiresDate: later(HOUR),
    refreshTokenHash: 'refresh-1',
    refreshTokenExpiresDate: later(30 * DAY),
    startedDate: now,
    ...fields,
  },
});

const refresh = (fields: Partial<RefreshTokenFamily['data']> = {}): RefreshTokenFamily => ({
  type: 'RefreshTokenFamily',
  data: {
    familyId: 'tf_1',
    clientId: 'client_1',
    presentedRefreshTokenHash: 'refresh-1',
    requestedScopes: null,
    accessTokenHash: 'access-2',
    refreshTokenHash: 'refresh-2',
    now: later(2 * HOUR),
    ...fields,
  },
});

const refreshed = (fields: Partial<TokenFamilyRefreshed['data']> = {}): TokenFamilyRefreshed => ({
  type: 'TokenFamilyRefreshed',
  data: {
    familyId: 'tf_1',
    presentedRefreshTokenHash: 'refresh-1',
    accessTokenHash: 'access-2',
    accessTokenExpiresDate: later(3 * HOUR),
    permission: 'write',
    scopes: ['read', 'write'],
    refreshTokenHash: 'refresh-2',
    refreshTokenExpiresDate: later(2 * HOUR + 30 * DAY),
    refreshedDate: later(2 * HOUR),
    ...fields,
  },
});

const revoke = (reason: RevokeTokenFamily['data']['reason'] = 'revoked'): RevokeTokenFamily => ({
  type: 'RevokeTokenFamily',
  data: { familyId: 'tf_1', reason, now: later(HOUR) },
});

const revoked = (reason: TokenFamilyRevoked['data']['reason'], revokedDate = later(HOUR)): TokenFamilyRevoked => ({
  type: 'TokenFamilyRevoked',
  data: { familyId: 'tf_1', reason, revokedDate },
});

describe('start a token family', () => {
  test('an access token for 1 hour and a refresh token for 30 days', () => {
    given([]).when(start()).then([started()]);
  });

  test('a client without the refresh_token grant gets no refresh token', () => {
    given([])
      .when(start({ refreshTokenHash: null }))
      .then([started({ refreshTokenHash: null, refreshTokenExpiresDate: null })]);
  });

  test('a family revoked before it started (its code replayed meanwhile) never starts', () => {
    given([revoked('code_replayed')])
      .when(start())
      .thenThrows(OAuthRefusal, { code: 'invalid_grant' });
  });

  test('a family that exists is not started again', () => {
    given([started()]).when(start()).thenThrows(ConflictError);
  });
});

describe('refresh: rotation on every use', () => {
  test('the current refresh token gives a new pair, each with a fresh lifetime', () => {
    given([started()]).when(refresh()).then([refreshed()]);
  });

  test('the rotated token is current after the rotation', () => {
    given([started(), refreshed()])
      .when(refresh({ presentedRefreshTokenHash: 'refresh-2', accessTokenHash: 'access-3', refreshTokenHash: 'refresh-3' }))
      .then([refreshed({ presentedRefreshTokenHash: 'refresh-2', accessTokenHash: 'access-3', refreshTokenHash: 'refresh-3' })]);
  });

  test('a rotated refresh token presented again revokes the whole family', () => {
    given([started(), refreshed()])
      .when(refresh({ presentedRefreshTokenHash: 'refresh-1', now: later(3 * HOUR) }))
      .then([revoked('refresh_token_replayed', later(3 * HOUR))]);
  });

  test('after the family is revoked even its current refresh token is refused', () => {
    given([started(), refreshed(), revoked('refresh_token_replayed')])
      .when(refresh({ presentedRefreshTokenHash: 'refresh-2' }))
      .thenThrows(OAuthRefusal, { code: 'invalid_grant' });
  });

  test('at exactly 30 days the refresh token has expired', () => {
    given([started()])
      .when(refresh({ now: later(30 * DAY) }))
      .thenThrows(OAuthRefusal, { code: 'invalid_grant' });
  });

  test('another client cannot use it', () => {
    given([started()])
      .when(refresh({ clientId: 'client_2' }))
      .thenThrows(OAuthRefusal, { code: 'invalid_grant' });
  });

  test('a hash the family never issued is refused without revoking anything', () => {
    given([started()])
      .when(refresh({ presentedRefreshTokenHash: 'forged' }))
      .thenThrows(OAuthRefusal, { code: 'invalid_grant' });
  });

  test('asking for read only narrows the new access token', () => {
    given([started()])
      .when(refresh({ requestedScopes: ['read'] }))
      .then([refreshed({ permission: 'read', scopes: ['read'] })]);
  });

  test('asking for a scope that was not granted is refused', () => {
    given([started({ permission: 'read', scopes: ['read'] })])
      .when(refresh({ requestedScopes: ['read', 'write'] }))
      .thenThrows(OAuthRefusal, { code: 'invalid_scope' });
  });
});

describe('revoke a token family', () => {
  test('revoking records the reason', () => {
    given([started()]).when(revoke()).then([revoked('revoked')]);
  });

  test('revoking twice writes nothing the second time', () => {
    given([started(), revoked('revoked')])
      .when(revoke())
      .then([]);
  });

  test('a family not started yet can be revoked, so that it never starts', () => {
    given([]).when(revoke('code_replayed')).then([revoked('code_replayed')]);
  });
});
