import { describe, expect, test } from '@jest/globals';
import { brandReportDecider } from '../../../src/domain/brandReport/decide.js';
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
  update,
} from './fixtures.js';

const removeDeleted = (promptId: string) =>
  ({ type: 'RemoveDeletedPromptFromReport', data: { reportId, promptId, now } }) as const;

const assign = (promptIds: string[]) => ({ type: 'AssignPromptsToReport', data: { reportId, promptIds, prompts, now } }) as const;

describe('assigning prompts created for the report', () => {
  test('new prompts are added with their countries, the assigned ones kept and skipped', () => {
    given(history)
      .when(assign(['p_us', 'p_de']))
      .then([promptsAssigned([{ promptId: 'p_de', country: 'de' }], now)]);
  });

  test('sending the same assignment again (a process resuming after a crash) changes nothing', () => {
    given([...history, promptsAssigned([{ promptId: 'p_de', country: 'de' }], now)]).when(assign(['p_de'])).then([]);
  });

  test('a prompt of another workspace is refused like a missing one', () => {
    given(history)
      .when(assign(['p_de', 'p_elsewhere']))
      .thenFailsValidation([{ path: 'promptIds.1', code: 'custom', message: notInWorkspace('p_elsewhere') }]);
  });

  test('assigning to an unknown report is not found', () => {
    given([]).when(assign(['p_us'])).thenThrows(NotFoundError);
  });
});

describe('prompt assignment (PATCH promptIds)', () => {
  test('new prompts are assigned with their countries; assigned ones and repeats count once', () => {
    given(history)
      .when(update({ promptIds: ['p_us', 'p_uk', 'p_de', 'p_de', 'p_us2'] }))
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

  test('sending the assigned prompts again changes nothing', () => {
    given(history).when(update({ promptIds: ['p_us', 'p_uk'] })).then([]);
  });

  test('prompts left out of the list are unassigned', () => {
    given(history)
      .when(update({ promptIds: ['p_us'] }))
      .then([promptsUnassigned(['p_uk'])]);
  });

  test('a deleted prompt is removed from the report once', () => {
    given(history)
      .when(removeDeleted('p_us'))
      .then([promptsUnassigned(['p_us'])]);
    given([...history, promptsUnassigned(['p_us'])])
      .when(removeDeleted('p_us'))
      .then([]);
  });

  test('removing a deleted prompt from an unknown report is not found', () => {
    given([]).when(removeDeleted('p_us')).thenThrows(NotFoundError);
  });
});

describe('countries derived from prompts', () => {
  test('countries are the distinct countries of the assigned prompts, sorted', () => {
    const events = brandReportDecider.decide(update({ promptIds: ['p_us', 'p_uk', 'p_de', 'p_us2'] }), activeReport(history));
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
