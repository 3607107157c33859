import { describe, expect, test } from '@jest/globals';
import { recalculationStatus } from '../../../../src/app/brandReports/edit/recalculation.js';
import type { ReportVersionDoc, VersionState } from '../../../../src/projections/reportHistory/versions.js';

const version = (number: number, state: VersionState, fields: Partial<ReportVersionDoc> = {}): ReportVersionDoc => ({
  _id: `br_1|${number}`,
  reportId: 'br_1',
  version: number,
  state,
  detection: { brand: 'Acme', brandVariations: [], brandDomain: 'acme.com', brandDomainVariations: [], brandDomainWildcard: false, brandRegex: null, competitors: [] },
  promptIds: ['pr_1'],
  position: '0',
  processed: 0,
  total: null,
  startedDate: `2026-11-0${number}T00:00:00.000Z`,
  finishedDate: null,
  reason: 'replay',
  ...fields,
});

describe('recalculation status', () => {
  test('a report whose history was never rebuilt is finished at version 1', () => {
    const created = version(1, 'active', { reason: 'created', total: 0, finishedDate: '2026-11-01T00:00:00.000Z' });
    expect(recalculationStatus([created])).toEqual({
      reportId: 'br_1',
      version: 1,
      state: 'finished',
      processed: 0,
      total: 0,
      startedDate: '2026-11-01T00:00:00.000Z',
      finishedDate: '2026-11-01T00:00:00.000Z',
    });
  });

  test('the newest version decides, whatever the order of the list', () => {
    const versions = [version(3, 'building', { processed: 40, total: 100 }), version(1, 'retired'), version(2, 'active')];
    expect(recalculationStatus(versions)).toMatchObject({ version: 3, state: 'running', processed: 40, total: 100, finishedDate: null });
  });

  test.each<[VersionState, string]>([
    ['building', 'running'],
    ['active', 'finished'],
    ['retired', 'finished'],
    ['superseded', 'superseded'],
    ['failed', 'failed'],
  ])('a %s version reads as %s', (state, expected) => {
    expect(recalculationStatus([version(2, state)])?.state).toBe(expected);
  });

  test('no version known yet gives no status', () => {
    expect(recalculationStatus([])).toBeNull();
  });
});
