import { describe, expect, test } from '@jest/globals';
import { brandReportDecider } from '../../../src/domain/brandReport/decide.js';
import type { BrandReportEvent } from '../../../src/domain/brandReport/events.js';
import { foldEvents } from '../../../src/domain/shared/decider.js';
import { unchecked } from '../spec.js';
import { activeReport, history } from './fixtures.js';

describe('brand report state', () => {
  test('an event type written by a newer version is skipped, not fatal', () => {
    const fromTheFuture = unchecked<BrandReportEvent>({ type: 'BrandReportArchived', data: { reportId: 'rep_1' } });
    expect(foldEvents(brandReportDecider, [...history, fromTheFuture])).toEqual(activeReport(history));
  });

  test('before creation there is no report', () => {
    expect(foldEvents(brandReportDecider, [])).toEqual({ status: 'absent' });
  });
});
