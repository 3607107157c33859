import { describe, expect, test } from '@jest/globals';
import { apiKeyDecider, type IssueApiKey, type RevokeApiKey } from '../../../src/domain/apiKey/decide.js';
import type { ApiKeyIssued, ApiKeyRevoked } from '../../../src/domain/apiKey/events.js';
import { ConflictError, NotFoundError } from '../../../src/domain/shared/errors.js';
import { specFor, unchecked } from '../spec.js';

const given = specFor(apiKeyDecider);
const now = '2025-01-01T00:00:00.000Z';
const later = '2025-02-01T00:00:00.000Z';
const keyHash = 'a'.repeat(64);
const teamWorkspaceIds = new Set(['ws_1', 'ws_2']);

const issue = (fields: Partial<IssueApiKey['data']> = {}): IssueApiKey => ({
  type: 'IssueApiKey',
  data: {
    keyId: 'key_1',
    teamId: 'team_1',
    permission: 'read',
    workspaceIds: ['ws_1'],
    teamWorkspaceIds,
    keyHash,
    keyPrefix: 'glk_live_Ab3d',
    now,
    ...fields,
  },
});
const issued = (fields: Partial<ApiKeyIssued['data']> = {}): ApiKeyIssued => ({
  type: 'ApiKeyIssued',
  data: {
    keyId: 'key_1',
    teamId: 'team_1',
    permission: 'read',
    workspaceIds: ['ws_1'],
    keyHash,
    keyPrefix: 'glk_live_Ab3d',
    issuedDate: now,
    ...fields,
  },
});
const revoke: RevokeApiKey = { type: 'RevokeApiKey', data: { keyId: 'key_1', now: later } };
const revoked: ApiKeyRevoked = {
  type: 'ApiKeyRevoked',
  data: { keyId: 'key_1', teamId: 'team_1', revokedDate: later },
};

describe('issue API key', () => {
  test('a key is issued with its hash and display prefix only', () => {
    given([]).when(issue()).then([issued()]);
  });

  test('a write key for all workspaces of the team', () => {
    given([])
      .when(issue({ permission: 'write', workspaceIds: 'all' }))
      .then([issued({ permission: 'write', workspaceIds: 'all' })]);
  });

  test('repeated workspaces count once', () => {
    given([])
      .when(issue({ workspaceIds: ['ws_1', 'ws_2', 'ws_1'] }))
      .then([issued({ workspaceIds: ['ws_1', 'ws_2'] })]);
  });

  test('a workspace of another team is refused at its index', () => {
    given([])
      .when(issue({ workspaceIds: ['ws_1', 'ws_of_other_team'] }))
      .thenFailsValidation([{ path: 'workspaceIds.1', code: 'custom' }]);
  });

  test('an empty workspace list is refused', () => {
    given([])
      .when(issue({ workspaceIds: [] }))
      .thenFailsValidation([{ path: 'workspaceIds', code: 'too_small' }]);
  });

  test.each([
    [{ keyHash: 'not-a-hash' }, 'keyHash', 'invalid_format'],
    [{ keyHash: 'A'.repeat(64) }, 'keyHash', 'invalid_format'],
    [{ permission: unchecked<'read'>('admin') }, 'permission', 'invalid_value'],
    [{ keyPrefix: '' }, 'keyPrefix', 'too_small'],
  ])('%j is refused at %s with %s', (fields, path, code) => {
    given([]).when(issue(fields)).thenFailsValidation([{ path, code }]);
  });

  test('issuing the same key id twice is a conflict', () => {
    given([issued()]).when(issue()).thenThrows(ConflictError);
  });

  test('the event holds no plain key', () => {
    const [event] = apiKeyDecider.decide(issue(), apiKeyDecider.initialState());
    expect(Object.keys(event?.data ?? {}).sort()).toEqual(
      ['issuedDate', 'keyHash', 'keyId', 'keyPrefix', 'permission', 'teamId', 'workspaceIds'],
    );
  });
});

describe('revoke API key', () => {
  test('an issued key is revoked', () => {
    given([issued()]).when(revoke).then([revoked]);
  });

  test('revoking twice is a conflict', () => {
    given([issued(), revoked]).when(revoke).thenThrows(ConflictError);
  });

  test('revoking an unknown key is not found', () => {
    given([]).when(revoke).thenThrows(NotFoundError);
  });
});
