import { describe, test } from '@jest/globals';
import { promptAllocationDecider, type PromptAllocationEvent } from '../../../src/domain/promptAllocation/decide.js';
import { QuotaExceededError } from '../../../src/domain/shared/errors.js';
import { specFor } from '../spec.js';

const given = specFor(promptAllocationDecider);
const now = '2026-11-01T00:00:00.000Z';
const allocated = (...promptIds: string[]): PromptAllocationEvent => ({
  type: 'PromptsAllocated',
  data: { teamId: 't1', promptIds, allocatedDate: now },
});
const allocate = (promptIds: string[], promptsMax: number) =>
  ({ type: 'AllocatePrompts', data: { teamId: 't1', promptIds, promptsMax, now } }) as const;

describe('prompt allocation', () => {
  test('prompts are allocated while the team stays within promptsMax', () => {
    given([allocated('p1')]).when(allocate(['p2', 'p3'], 3)).then([allocated('p2', 'p3')]);
  });

  test('a batch that does not fit in what is left is refused whole with a quota error', () => {
    given([allocated('p1', 'p2')]).when(allocate(['p3', 'p4'], 3)).thenThrows(QuotaExceededError, {
      status: 429,
      message: 'Prompt quota exhausted: 2 of 3 prompts in use, 1 left, 2 requested',
    });
  });

  test('a released prompt frees its slot', () => {
    given([allocated('p1', 'p2'), { type: 'PromptReleased', data: { teamId: 't1', promptId: 'p1', releasedDate: now } }])
      .when(allocate(['p3'], 2))
      .then([allocated('p3')]);
  });

  test('allocating prompts already in use changes nothing', () => {
    given([allocated('p1')]).when(allocate(['p1'], 1)).then([]);
  });

  test('the creation request travels in the allocation, so the slots and what fills them are one event', () => {
    const request = {
      batchId: 'b1',
      workspaceId: 'ws_1',
      country: 'us' as const,
      prompts: [{ promptId: 'p2', text: 'Best CRM?', intentVolume: null }],
      tagIds: [],
      brandReportIds: ['br_1'],
    };
    given([allocated('p1')])
      .when({ type: 'AllocatePrompts', data: { teamId: 't1', promptIds: ['p2'], promptsMax: 2, now, request } })
      .then([{ type: 'PromptsAllocated', data: { teamId: 't1', promptIds: ['p2'], allocatedDate: now, request } }]);
  });

  test('releasing a prompt that is not in use changes nothing', () => {
    given([]).when({ type: 'ReleasePrompt', data: { teamId: 't1', promptId: 'p9', now } }).then([]);
  });
});
