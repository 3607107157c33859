import { describe, expect, test } from '@jest/globals';
import { evolve, initialState, type AssignedPrompt, type BrandReportEvent } from '../../../src/domain/brandReport/events.js';
import { brandReportsProjection } from '../../../src/projections/brandReports/projection.js';
import { brandReportCollection, reportState } from '../../../src/projections/brandReports/reader.js';
import { projectionSpec } from '../support/projectionSpec.js';

const acme = { brand: 'Acme', brandVariations: [], brandDomain: 'acme.com', brandDomainVariations: [], brandDomainWildcard: false, brandRegex: null, competitors: [] };

const created = (prompts: AssignedPrompt[]): BrandReportEvent => ({
  type: 'BrandReportCreated',
  data: { reportId: 'br_1', workspaceId: 'ws_1', teamId: 'tm_1', reportTitle: 'Acme', detection: acme, prompts, createdDate: '2026-11-01T10:00:00.000Z' },
});

const reports = projectionSpec(brandReportsProjection, brandReportCollection);

describe('brand reports projection, as a specification', () => {
  test('countries and countryPromptsTotal count the report’s own prompts', () =>
    reports
      .given()
      .when(created([{ promptId: 'pr_us1', country: 'us' }, { promptId: 'pr_us2', country: 'us' }, { promptId: 'pr_uk', country: 'uk' }]))
      .then(async (collection) => {
        expect(await (await collection).findOne({ _id: 'br_1' })).toMatchObject({
          countries: ['uk', 'us'],
          countryPromptsTotal: { us: 2, uk: 1 },
          prompts: [{ promptId: 'pr_us1', country: 'us' }, { promptId: 'pr_us2', country: 'us' }, { promptId: 'pr_uk', country: 'uk' }],
        });
      }));

  test('a title, detection and prompt change shows in the read model with its updatedDate', () => {
    const globex = { ...acme, brand: 'Globex', brandDomain: 'globex.com' };
    return reports
      .given(created([{ promptId: 'pr_us', country: 'us' }]))
      .when(
        { type: 'BrandReportTitleChanged', data: { reportId: 'br_1', reportTitle: 'Acme in AI answers', changedDate: '2026-11-02T10:00:00.000Z' } },
        {
          type: 'BrandReportDetectionChanged',
          data: { reportId: 'br_1', detection: { ...acme, brandVariations: ['ACME Corp'], competitors: [globex] }, changedFields: ['brandVariations', 'competitors'], changedDate: '2026-11-02T10:00:01.000Z' },
        },
        { type: 'PromptsAssignedToReport', data: { reportId: 'br_1', prompts: [{ promptId: 'pr_uk', country: 'uk' }], assignedDate: '2026-11-02T10:00:02.000Z' } },
        { type: 'PromptsUnassignedFromReport', data: { reportId: 'br_1', promptIds: ['pr_us'], unassignedDate: '2026-11-02T10:00:03.000Z' } },
      )
      .then(async (collection) => {
        expect(await (await collection).findOne({ _id: 'br_1' })).toMatchObject({
          reportTitle: 'Acme in AI answers',
          brandVariations: ['ACME Corp'],
          competitors: [expect.objectContaining({ brand: 'Globex', brandDomain: 'globex.com', brandRegex: null })],
          countries: ['uk'],
          countryPromptsTotal: { uk: 1 },
          updatedDate: '2026-11-02T10:00:03.000Z',
        });
      });
  });

  test('a report folded over two batches equals the domain’s own fold of its events', () => {
    const events: BrandReportEvent[] = [
      created([{ promptId: 'pr_us', country: 'us' }, { promptId: 'pr_uk', country: 'uk' }]),
      { type: 'BrandReportTitleChanged', data: { reportId: 'br_1', reportTitle: 'Renamed', changedDate: '2026-11-02T10:00:00.000Z' } },
      { type: 'PromptsUnassignedFromReport', data: { reportId: 'br_1', promptIds: ['pr_us'], unassignedDate: '2026-11-03T10:00:00.000Z' } },
    ];
    return reports
      .given(...events.slice(0, 2))
      .when(...events.slice(2))
      .then(async (collection) => {
        const document = await (await collection).findOne({ _id: 'br_1' });
        expect(document && reportState(document)).toEqual(events.reduce(evolve, initialState()));
      });
  });
});
