import { describe, expect, test } from '@jest/globals';
import {
  promptDecider,
  type CreatePrompt,
  type DeletePrompt,
  type RemoveDeletedTagFromPrompt,
  type ReplacePromptTags,
} from '../../../src/domain/prompt/decide.js';
import type { PromptCreated, PromptDeleted, PromptTagsReplaced } from '../../../src/domain/prompt/events.js';
import { replacePromptTagsInputSchema } from '../../../src/domain/prompt/schema.js';
import { ConflictError, NotFoundError } from '../../../src/domain/shared/errors.js';
import { specFor, unchecked } from '../spec.js';

const given = specFor(promptDecider);
const now = '2025-01-01T00:00:00.000Z';
const later = '2025-02-01T00:00:00.000Z';
const workspaceTagIds = new Set(['tag_a', 'tag_b', 'tag_c']);
const ids = { promptId: 'p_1', workspaceId: 'ws_1' };

const create = (fields: Partial<CreatePrompt['data']> = {}): CreatePrompt => ({
  type: 'CreatePrompt',
  data: {
    ...ids,
    teamId: 'team_1',
    country: 'us',
    text: 'best crm for startups',
    tagIds: [],
    workspaceTagIds,
    now,
    ...fields,
  },
});
const replaceTags = (tagIds: string[], workspaceId = 'ws_1'): ReplacePromptTags => ({
  type: 'ReplacePromptTags',
  data: { promptId: 'p_1', workspaceId, tagIds, workspaceTagIds, now: later },
});
const remove = (workspaceId = 'ws_1'): DeletePrompt => ({
  type: 'DeletePrompt',
  data: { promptId: 'p_1', workspaceId, now: later },
});
const removeDeletedTag = (tagId: string): RemoveDeletedTagFromPrompt => ({
  type: 'RemoveDeletedTagFromPrompt',
  data: { promptId: 'p_1', tagId, now: later },
});

const created = (fields: Partial<PromptCreated['data']> = {}): PromptCreated => ({
  type: 'PromptCreated',
  data: {
    ...ids,
    teamId: 'team_1',
    country: 'us',
    text: 'best crm for startups',
    tagIds: [],
    intentVolume: null,
    createdDate: now,
    ...fields,
  },
});
const tagsReplaced = (tagIds: string[]): PromptTagsReplaced => ({
  type: 'PromptTagsReplaced',
  data: { ...ids, tagIds, changedDate: later },
});
const deleted: PromptDeleted = { type: 'PromptDeleted', data: { ...ids, deletedDate: later } };

describe('create prompt', () => {
  test('a prompt is created with its text trimmed and its tags once each', () => {
    given([])
      .when(create({ text: '  best crm for startups \n', tagIds: ['tag_a', 'tag_b', 'tag_a'], intentVolume: 1200 }))
      .then([created({ tagIds: ['tag_a', 'tag_b'], intentVolume: 1200 })]);
  });

  test('uk is the country code of the United Kingdom', () => {
    given([])
      .when(create({ country: 'uk' }))
      .then([created({ country: 'uk' })]);
  });

  test('gb is refused with a message saying to use uk', () => {
    const error = given([])
      .when(create({ country: unchecked('gb') }))
      .thenFailsValidation([{ path: 'country', code: 'invalid_value' }]);
    expect(error.issues[0]?.message).toMatch(/use "uk"/i);
  });

  test.each(['US', 'usa', 'xx', ''])('the country %j is refused', (country) => {
    given([])
      .when(create({ country: unchecked(country) }))
      .thenFailsValidation([{ path: 'country', code: 'invalid_value' }]);
  });

  test.each([
    ['', 'too_small'],
    [' \t ', 'too_small'],
    ['q'.repeat(1001), 'too_big'],
  ])('the text %j is refused with %s', (text, code) => {
    given([]).when(create({ text })).thenFailsValidation([{ path: 'text', code }]);
  });

  test('a text of 1000 characters is accepted', () => {
    given([])
      .when(create({ text: 'q'.repeat(1000) }))
      .then([created({ text: 'q'.repeat(1000) })]);
  });

  test('a tag that is not in the prompt’s workspace is refused at its index', () => {
    given([])
      .when(create({ tagIds: ['tag_a', 'tag_of_other_workspace'] }))
      .thenFailsValidation([{ path: 'tagIds.1', code: 'custom' }]);
  });

  test('a negative intent volume is refused', () => {
    given([])
      .when(create({ intentVolume: -5 }))
      .thenFailsValidation([{ path: 'intentVolume', code: 'too_small' }]);
  });

  test('creating the same prompt twice is a conflict', () => {
    given([created()]).when(create()).thenThrows(ConflictError);
  });
});

describe('replace prompt tags', () => {
  test('the sent set replaces the tags', () => {
    given([created({ tagIds: ['tag_a'] })])
      .when(replaceTags(['tag_b', 'tag_c']))
      .then([tagsReplaced(['tag_b', 'tag_c'])]);
  });

  test('an empty set removes all tags', () => {
    given([created({ tagIds: ['tag_a'] })])
      .when(replaceTags([]))
      .then([tagsReplaced([])]);
  });

  test('the same set in another order changes nothing', () => {
    given([created({ tagIds: ['tag_a', 'tag_b'] })])
      .when(replaceTags(['tag_b', 'tag_a']))
      .then([]);
  });

  test('a tag that is not in the prompt’s workspace is refused at its index', () => {
    given([created()])
      .when(replaceTags(['tag_a', 'tag_b', 'nope']))
      .thenFailsValidation([{ path: 'tagIds.2', code: 'custom' }]);
  });

  test('only tags can change: text and country are not accepted', () => {
    const result = replacePromptTagsInputSchema.safeParse({ tagIds: [], text: 'new text', country: 'de' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['text', 'country'] }),
    ]);
  });

  test('a prompt addressed through another workspace is not found', () => {
    given([created()]).when(replaceTags(['tag_a'], 'ws_2')).thenThrows(NotFoundError);
  });

  test('a tag deleted from the workspace is removed from the prompt', () => {
    given([created({ tagIds: ['tag_a', 'tag_b'] })])
      .when(removeDeletedTag('tag_a'))
      .then([tagsReplaced(['tag_b'])]);
  });

  test('removing a deleted tag the prompt does not carry changes nothing', () => {
    given([created({ tagIds: ['tag_b'] })]).when(removeDeletedTag('tag_a')).then([]);
    given([created({ tagIds: ['tag_a'] }), deleted]).when(removeDeletedTag('tag_a')).then([]);
  });
});

describe('delete prompt', () => {
  test('a prompt is deleted', () => {
    given([created()]).when(remove()).then([deleted]);
  });

  test('a prompt addressed through another workspace is not found', () => {
    given([created()]).when(remove('ws_2')).thenThrows(NotFoundError);
  });

  test('commands on a deleted prompt are not found', () => {
    given([created(), deleted]).when(remove()).thenThrows(NotFoundError);
    given([created(), deleted]).when(replaceTags(['tag_a'])).thenThrows(NotFoundError);
  });

  test('commands on an unknown prompt are not found', () => {
    given([]).when(remove()).thenThrows(NotFoundError);
    given([]).when(replaceTags([])).thenThrows(NotFoundError);
  });
});
