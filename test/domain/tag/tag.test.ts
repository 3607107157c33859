import { describe, test } from '@jest/globals';
import { ConflictError, NotFoundError } from '../../../src/domain/shared/errors.js';
import { tagDecider, type CreateTag, type DeleteTag } from '../../../src/domain/tag/decide.js';
import type { TagCreated, TagDeleted } from '../../../src/domain/tag/events.js';
import { specFor, unchecked } from '../spec.js';

const given = specFor(tagDecider);
const now = '2025-01-01T00:00:00.000Z';
const later = '2025-02-01T00:00:00.000Z';
const create = (fields: Partial<CreateTag['data']> = {}): CreateTag => ({
  type: 'CreateTag',
  data: { tagId: 'tag_1', workspaceId: 'ws_1', name: 'Pricing', color: 'gold', now, ...fields },
});
const remove = (workspaceId = 'ws_1'): DeleteTag => ({
  type: 'DeleteTag',
  data: { tagId: 'tag_1', workspaceId, now: later },
});
const created: TagCreated = {
  type: 'TagCreated',
  data: { tagId: 'tag_1', workspaceId: 'ws_1', name: 'Pricing', color: 'gold', createdDate: now },
};
const deleted: TagDeleted = { type: 'TagDeleted', data: { tagId: 'tag_1', workspaceId: 'ws_1', deletedDate: later } };

describe('tags', () => {
  test('a tag is created with its trimmed name and colour', () => {
    given([]).when(create({ name: ' Pricing ' })).then([created]);
  });

  // The tag colours, written out here so that a colour dropped from the domain's list fails a test.
  test.each(['magenta', 'red', 'volcano', 'orange', 'gold', 'lime', 'green', 'cyan', 'blue', 'geekblue', 'purple'] as const)('the preset colour %s is accepted', (color) => {
    given([])
      .when(create({ color }))
      .then([{ ...created, data: { ...created.data, color } }]);
  });

  test.each([
    ['#0ea5e9', '#0ea5e9'],
    ['#0EA5E9', '#0ea5e9'],
    ['#fc0', '#fc0'],
    ['#FC0', '#fc0'],
  ])('the hex colour %j is accepted and stored lowercase as %j', (color, stored) => {
    given([])
      .when(create({ color }))
      .then([{ ...created, data: { ...created.data, color: stored } }]);
  });

  test.each(['pink', 'Gold', '0ea5e9', '#0ea5e', '#0ea5e9ff', '#ggg', ' #fff'])('the colour %j is refused', (color) => {
    given([])
      .when(create({ color: unchecked(color) }))
      .thenFailsValidation([{ path: 'color', code: 'invalid_value' }]);
  });

  test.each([
    ['', 'too_small'],
    ['t'.repeat(101), 'too_big'],
  ])('the name %j is refused with %s', (name, code) => {
    given([]).when(create({ name })).thenFailsValidation([{ path: 'name', code }]);
  });

  test('creating the same tag twice is a conflict', () => {
    given([created]).when(create()).thenThrows(ConflictError);
  });

  test('a tag is deleted', () => {
    given([created]).when(remove()).then([deleted]);
  });

  test('deleting a deleted tag is not found', () => {
    given([created, deleted]).when(remove()).thenThrows(NotFoundError);
  });

  test('a tag addressed through another workspace is not found', () => {
    given([created]).when(remove('ws_2')).thenThrows(NotFoundError);
  });
});
