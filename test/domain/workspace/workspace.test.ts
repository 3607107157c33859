import { describe, test } from '@jest/globals';
import { ConflictError } from '../../../src/domain/shared/errors.js';
import { workspaceDecider, type CreateWorkspace } from '../../../src/domain/workspace/decide.js';
import type { WorkspaceCreated } from '../../../src/domain/workspace/events.js';
import { specFor } from '../spec.js';

const given = specFor(workspaceDecider);
const now = '2025-01-01T00:00:00.000Z';
const create = (name: string): CreateWorkspace => ({
  type: 'CreateWorkspace',
  data: { workspaceId: 'ws_1', teamId: 'team_1', name, now },
});
const created: WorkspaceCreated = {
  type: 'WorkspaceCreated',
  data: { workspaceId: 'ws_1', teamId: 'team_1', name: 'Marketing', createdDate: now },
};

describe('create workspace', () => {
  test('a workspace is created with its name trimmed', () => {
    given([]).when(create('  Marketing  ')).then([created]);
  });

  test('a name of 200 characters is accepted', () => {
    given([])
      .when(create('w'.repeat(200)))
      .then([{ ...created, data: { ...created.data, name: 'w'.repeat(200) } }]);
  });

  test.each([
    ['', 'too_small'],
    ['   ', 'too_small'],
    ['w'.repeat(201), 'too_big'],
  ])('the name %j is refused with %s', (name, code) => {
    given([]).when(create(name)).thenFailsValidation([{ path: 'name', code }]);
  });

  test('creating the same workspace twice is a conflict', () => {
    given([created]).when(create('Marketing')).thenThrows(ConflictError);
  });
});
