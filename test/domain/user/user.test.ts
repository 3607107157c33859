import { describe, test } from '@jest/globals';
import { ConflictError } from '../../../src/domain/shared/errors.js';
import { userDecider, type CreateUser } from '../../../src/domain/user/decide.js';
import type { UserCreated } from '../../../src/domain/user/events.js';
import { specFor } from '../spec.js';

const given = specFor(userDecider);
const now = '2025-01-01T00:00:00.000Z';

const create = (fields: Partial<CreateUser['data']> = {}): CreateUser => ({
  type: 'CreateUser',
  data: {
    userId: 'user_1',
    teamId: 'team_1',
    email: 'ana@acme.com',
    passwordHash: 'scrypt$salt$hash',
    permission: 'write',
    workspaceIds: 'all',
    teamWorkspaceIds: new Set(['ws_1', 'ws_2']),
    now,
    ...fields,
  },
});
const created = (fields: Partial<UserCreated['data']> = {}): UserCreated => ({
  type: 'UserCreated',
  data: {
    userId: 'user_1',
    teamId: 'team_1',
    email: 'ana@acme.com',
    passwordHash: 'scrypt$salt$hash',
    permission: 'write',
    workspaceIds: 'all',
    createdDate: now,
    ...fields,
  },
});

describe('create user', () => {
  test('the email is stored trimmed and lowercase', () => {
    given([])
      .when(create({ email: '  Ana@ACME.com ' }))
      .then([created()]);
  });

  test('a read user limited to some workspaces', () => {
    given([])
      .when(create({ permission: 'read', workspaceIds: ['ws_2', 'ws_2'] }))
      .then([created({ permission: 'read', workspaceIds: ['ws_2'] })]);
  });

  test.each(['ana', 'ana@', '@acme.com', 'ana acme@acme.com', ''])('the email %j is refused', (email) => {
    given([]).when(create({ email })).thenFailsValidation([{ path: 'email', code: 'invalid_format' }]);
  });

  test('a workspace of another team is refused at its index', () => {
    given([])
      .when(create({ workspaceIds: ['elsewhere'] }))
      .thenFailsValidation([{ path: 'workspaceIds.0', code: 'custom' }]);
  });

  test('an empty password hash is refused', () => {
    given([])
      .when(create({ passwordHash: '' }))
      .thenFailsValidation([{ path: 'passwordHash', code: 'too_small' }]);
  });

  test('creating the same user twice is a conflict', () => {
    given([created()]).when(create()).thenThrows(ConflictError);
  });
});
