import { describe, test } from '@jest/globals';
import { ConflictError, NotFoundError } from '../../../src/domain/shared/errors.js';
import { workspaceDecider, type CreateWorkspace, type SetRunsPerDay } from '../../../src/domain/workspace/decide.js';
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
  data: { workspaceId: 'ws_1', teamId: 'team_1', name: 'Marketing', createdDate: now, runsPerDay: 3 },
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

describe('runs per day', () => {
  const setRuns = (runsPerDay: number): SetRunsPerDay => ({ type: 'SetRunsPerDay', data: { workspaceId: 'ws_1', runsPerDay, now: '2025-01-02T09:00:00.000Z' } });

  test('a new workspace runs each prompt three times a day unless told otherwise', () => {
    given([])
      .when({ ...create('Marketing'), data: { ...create('Marketing').data, runsPerDay: 7 } })
      .then([{ ...created, data: { ...created.data, runsPerDay: 7 } }]);
  });

  test('a change is an event on the workspace', () => {
    given([created])
      .when(setRuns(5))
      .then([{ type: 'WorkspaceRunsPerDaySet', data: { workspaceId: 'ws_1', teamId: 'team_1', runsPerDay: 5, updatedDate: '2025-01-02T09:00:00.000Z' } }]);
  });

  test('the value already set changes nothing; a workspace created before replicates has 1', () => {
    given([created]).when(setRuns(3)).then([]);
    const { runsPerDay: _none, ...legacy } = created.data;
    given([{ ...created, data: legacy }]).when(setRuns(1)).then([]);
  });

  test.each([
    [0, 'too_small'],
    [11, 'too_big'],
    [1.5, 'invalid_type'],
  ])('%s runs a day is refused with %s', (runsPerDay, code) => {
    given([created]).when(setRuns(runsPerDay)).thenFailsValidation([{ path: 'runsPerDay', code }]);
  });

  test('a workspace that does not exist cannot be changed', () => {
    given([]).when(setRuns(2)).thenThrows(NotFoundError);
  });
});
