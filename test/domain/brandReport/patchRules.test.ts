import { describe, expect, test } from '@jest/globals';
import { NotFoundError } from '../../../src/domain/shared/errors.js';
import { brandReportDecider } from '../../../src/domain/brandReport/decide.js';
import { reportCountries, type Competitor, type DetectionField } from '../../../src/domain/brandReport/events.js';
import {
  acme,
  activeReport,
  detectionChanged,
  getBody,
  given,
  globex,
  history,
  notInWorkspace,
  now,
  promptsAssigned,
  promptsUnassigned,
  reportCreated,
  reportId,
  update,
  workspaceId,
} from './fixtures.js';

/** Stored before today's limits: 150 variations and a regex beside them, both refused for new input. */
const legacy = [
  reportCreated({
    ...acme,
    brandVariations: Array.from({ length: 150 }, (_, index) => `Acme ${index}`),
    brandRegex: '\\bacme\\b',
  }),
  ...history.slice(1),
];

/** A competitor as stored when only its brand and domain were sent. */
const initech: Competitor = {
  brand: 'Initech',
  brandVariations: [],
  brandDomain: 'initech.com',
  brandDomainVariations: [],
  brandDomainWildcard: false,
  brandRegex: null,
};

describe('PATCH /v1/reports/brand/{reportId} rules', () => {
  test('rule 1: only the fields sent change', () => {
    given(history)
      .when(update({ brand: 'Acme Corp' }))
      .then([detectionChanged({ ...acme, brand: 'Acme Corp' }, ['brand'])]);
  });

  test('rule 1: an empty body changes nothing', () => {
    given(history).when(update({})).then([]);
  });

  test('rule 2: an array field that is sent replaces the stored array whole', () => {
    given(history)
      .when(update({ brandVariations: ['ACME Labs'] }))
      .then([detectionChanged({ ...acme, brandVariations: ['ACME Labs'] }, ['brandVariations'])]);
  });

  test('rule 2: sent competitors replace the stored list, their omitted fields taking empty values', () => {
    given(history)
      .when(update({ competitors: [{ brand: 'Initech', brandDomain: 'https://www.initech.com/' }] }))
      .then([detectionChanged({ ...acme, competitors: [initech] }, ['competitors'])]);
  });

  test('rule 3: a field sent with its stored value is left unchanged and not re-validated', () => {
    const stored = activeReport(legacy);
    given(legacy)
      .when(update({ brandVariations: stored.brandVariations, brandRegex: stored.brandRegex }))
      .then([]);
  });

  test('rule 3: a GET body sent back unchanged produces no events and no error, even over today’s limits', () => {
    given(legacy).when(update(getBody(legacy))).then([]);
  });

  test('rule 3: a GET body with one field edited changes only that field', () => {
    given(legacy)
      .when(update({ ...getBody(legacy), reportTitle: 'Acme, renamed' }))
      .then([{ type: 'BrandReportTitleChanged', data: { reportId, reportTitle: 'Acme, renamed', changedDate: now } }]);
  });

  test('rule 3: a domain sent in another spelling of the stored one is the stored value', () => {
    given(history).when(update({ brandDomain: 'https://www.ACME.com/about' })).then([]);
  });

  test('rule 3: the stored prompt ids in another order are the stored value', () => {
    given(history)
      .when(update({ promptIds: ['p_uk', 'p_us'] }))
      .then([]);
  });

  test('rule 4: the read-only fields are ignored when sent', () => {
    const readOnly = {
      id: 'rep_other',
      workspaceId: 'ws_2',
      countries: ['zz'],
      tags: 'not even an array',
      createdDate: 42,
      updatedDate: null,
      countryPromptsTotal: { us: 1000 },
    };
    given(history).when(update(readOnly)).then([]);
  });

  test('rule 5: the workspace of a report cannot be changed', () => {
    const command = update({ workspaceId: 'ws_2', brand: 'Acme Corp' });
    const events = brandReportDecider.decide(command, activeReport(history));
    expect(events).toEqual([detectionChanged({ ...acme, brand: 'Acme Corp' }, ['brand'])]);
    expect(activeReport([...history, ...events]).workspaceId).toBe(workspaceId);
  });

  const detectionEdits: [DetectionField, unknown, unknown][] = [
    ['brand', 'ACME', 'ACME'],
    ['brandVariations', ['Acme Co'], ['Acme Co']],
    ['brandDomain', 'http://acme.org/', 'acme.org'],
    ['brandDomainVariations', ['acme.net', 'acme.dev'], ['acme.net', 'acme.dev']],
    ['brandDomainWildcard', true, true],
    ['competitors', [], []],
  ];
  test.each(detectionEdits)(
    'rule 6: changing %s marks a detection change carrying the complete new settings',
    (field, sent, stored) => {
      given(history)
        .when(update({ [field]: sent }))
        .then([detectionChanged({ ...acme, [field]: stored }, [field])]);
    },
  );

  test('rule 6: setting and clearing brandRegex are detection changes', () => {
    const withRegex = { ...acme, brandVariations: [], brandRegex: '\\bacme(?:\\s+inc)?\\b' };
    given(history)
      .when(update({ brandVariations: [], brandRegex: withRegex.brandRegex }))
      .then([detectionChanged(withRegex, ['brandVariations', 'brandRegex'])]);
    given([...history, detectionChanged(withRegex, ['brandVariations', 'brandRegex'])])
      .when(update({ brandRegex: null }))
      .then([detectionChanged({ ...withRegex, brandRegex: null }, ['brandRegex'])]);
  });

  test('rule 6: a title change is not a detection change', () => {
    given(history)
      .when(update({ reportTitle: 'Acme (EU)' }))
      .then([{ type: 'BrandReportTitleChanged', data: { reportId, reportTitle: 'Acme (EU)', changedDate: now } }]);
  });

  test('rule 6: title and detection changes in one request are two events', () => {
    const competitors = [globex, { brand: 'Initech', brandDomain: 'initech.com' }];
    given(history)
      .when(update({ reportTitle: 'Globex watch', competitors }))
      .then([
        { type: 'BrandReportTitleChanged', data: { reportId, reportTitle: 'Globex watch', changedDate: now } },
        detectionChanged({ ...acme, competitors: [globex, initech] }, ['competitors']),
      ]);
  });

  test('rule 7: changing promptIds unassigns the prompts left out and assigns the new ones', () => {
    given(history)
      .when(update({ promptIds: ['p_uk', 'p_de'] }))
      .then([promptsUnassigned(['p_us']), promptsAssigned([{ promptId: 'p_de', country: 'de' }], now)]);
  });

  test('rule 7: the report tracks the countries of its new prompts', () => {
    const events = brandReportDecider.decide(update({ promptIds: ['p_uk', 'p_de', 'p_us2'] }), activeReport(history));
    expect(reportCountries(activeReport([...history, ...events]))).toEqual(['de', 'uk', 'us']);
  });

  test('rule 7: a prompt of another workspace is refused', () => {
    given(history)
      .when(update({ promptIds: ['p_us', 'p_elsewhere', 'p_missing'] }))
      .thenFailsValidation([
        { path: 'promptIds.1', code: 'custom', message: notInWorkspace('p_elsewhere') },
        { path: 'promptIds.2', code: 'custom', message: notInWorkspace('p_missing') },
      ]);
  });

  test('an update of an unknown report is not found', () => {
    given([]).when(update({ brand: 'Acme' })).thenThrows(NotFoundError);
  });
});
