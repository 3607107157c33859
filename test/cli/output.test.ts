import { describe, expect, test } from '@jest/globals';
import { NotFoundError, ValidationError } from '../../src/domain/shared/errors.js';
import { describeFailure, flagFor } from '../../src/cli/output.js';

/** `prompt create`'s flags: fields, a renamed list field, and a flag the binding moves into every prompt. */
const PROMPT_FLAGS = { workspaceId: '--workspace', prompts: '--text', tagIds: '--tag', 'prompts.*.intentVolume': '--intent-volume' };

describe('the flag an input path came from', () => {
  test.each([
    ['workspaceId', '--workspace'],
    ['prompts', '--text'],
    ['prompts.0', '--text'],
    ['prompts.3.text', '--text'],
    ['prompts.0.intentVolume', '--intent-volume'],
    ['prompts.12.intentVolume', '--intent-volume'],
    ['tagIds.1', '--tag'],
    ['brandReportIds.0', '--brand-report-ids'],
    ['', 'input'],
  ])('%j comes from %s', (path, flag) => {
    expect(flagFor(path, PROMPT_FLAGS)).toBe(flag);
  });

  test('`*` stands for a list index only', () => {
    expect(flagFor('prompts.intentVolume.intentVolume', PROMPT_FLAGS)).toBe('--text');
  });
});

describe('the stderr line of a failure', () => {
  test('a validation issue names the flag and the nested path', () => {
    const error = ValidationError.single('prompts.0.intentVolume', 'Invalid input: expected number, received string', 'invalid_type');
    expect(describeFailure(error, PROMPT_FLAGS)).toEqual({
      line: 'error: --intent-volume (prompts.0.intentVolume): Invalid input: expected number, received string',
      exitCode: 2,
    });
  });

  test('a missing resource names the flag of the field that named it', () => {
    expect(describeFailure(new NotFoundError('Workspace ws_x not found', 'workspaceId'), PROMPT_FLAGS).line).toBe('error: --workspace: Workspace ws_x not found');
  });
});
