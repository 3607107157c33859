import { describe, expect, test } from '@jest/globals';
import { brandReportDecider, type AssignPromptsToReport } from '../../../src/domain/brandReport/decide.js';
import { countryPromptsTotal, reportCountries, reportPromptIds } from '../../../src/domain/brandReport/events.js';
import { NotFoundError } from '../../../src/domain/shared/errors.js';
import {
  activeReport,
  given,
  history,
  notInWorkspace,
  now,
  prompts,
  promptsAssigned,
  promptsUnassigned,
  reportId,
} from './fixtures.js';

const assign = (promptIds: string[]): AssignPromptsToReport => ({
  type: 'AssignPromptsToReport',
  data: { reportId, promptIds, prompts, now },
});
const unassign = (promptIds: string[]) =>
  ({ type: 'UnassignPromptsFromReport', data: { reportId, promptIds, now } }) as const;
const removeDeleted = (promptId: string) =>
  ({ type: 'RemoveDeletedPromptFromReport', data: { reportId, promptId, now } }) as const;

describe('prompt assignment', () => {
  test('new prompts are assigned with their countries; assigned ones and repeats count once', () => {
    given(history)
      .when(assign(['p_us', 'p_de', 'p_de', 'p_us2']))
      .then([
        promptsAssigned(
          [
            { promptId: 'p_de', country: 'de' },
            { promptId: 'p_us2', country: 'us' },
          ],
          now,
        ),
      ]);
  });

  test('assigning prompts that are all assigned already changes nothing', () => {
    given(history).when(assign(['p_uk', 'p_us'])).then([]);
  });

  test('prompts from another workspace are refused, like missing ones', () => {
    given(history)
      .when(assign(['p_de', 'p_elsewhere']))
      .thenFailsValidation([
        { path: 'promptIds.1', code: 'custom', message: notInWorkspace('p_elsewhere') },
      ]);
  });

  test('the assignment list follows the PATCH limits', () => {
    given(history).when(assign([])).thenFailsValidation([{ path: 'promptIds', code: 'too_small' }]);
    given(history)
      .when(assign(['x'.repeat(65)]))
      .thenFailsValidation([{ path: 'promptIds.0', code: 'too_big' }]);
  });

  test('assigned prompts are unassigned; ids not assigned are ignored', () => {
    given(history)
      .when(unassign(['p_uk', 'p_never']))
      .then([promptsUnassigned(['p_uk'])]);
    given(history).when(unassign(['p_never'])).then([]);
  });

  test('a deleted prompt is removed from the report once', () => {
    given(history)
      .when(removeDeleted('p_us'))
      .then([promptsUnassigned(['p_us'])]);
    given([...history, promptsUnassigned(['p_us'])])
      .when(removeDeleted('p_us'))
      .then([]);
  });

  test('assignment commands on an unknown report are not found', () => {
    given([]).when(assign(['p_us'])).thenThrows(NotFoundError);
    given([]).when(unassign(['p_us'])).thenThrows(NotFoundError);
    given([]).when(removeDeleted('p_us')).thenThrows(NotFoundError);
  });
});

describe('countries derived from prompts', () => {
  test('countries are the distinct countries of the assigned prompts, sorted', () => {
    const events = brandReportDecider.decide(assign(['p_de', 'p_us2']), activeReport(history));
    const report = activeReport([...history, ...events]);
    expect(reportPromptIds(report)).toEqual(['p_us', 'p_uk', 'p_de', 'p_us2']);
    expect(reportCountries(report)).toEqual(['de', 'uk', 'us']);
    expect(countryPromptsTotal(report)).toEqual({ us: 2, uk: 1, de: 1 });
  });

  test('a country goes away with its last prompt', () => {
    const report = activeReport([...history, promptsUnassigned(['p_uk'])]);
    expect(reportCountries(report)).toEqual(['us']);
    expect(countryPromptsTotal(report)).toEqual({ us: 1 });
  });

  test('the last change of prompts moves updatedDate', () => {
    expect(activeReport([...history, promptsUnassigned(['p_uk'])]).updatedDate).toBe(now);
  });
});
