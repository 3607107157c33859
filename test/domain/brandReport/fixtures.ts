import { brandReportDecider, type UpdateBrandReport } from '../../../src/domain/brandReport/decide.js';
import {
  countryPromptsTotal,
  reportCountries,
  reportPromptIds,
  type ActiveBrandReport,
  type AssignedPrompt,
  type BrandReportCreated,
  type BrandReportDetectionChanged,
  type BrandReportEvent,
  type Competitor,
  type DetectionField,
  type DetectionSettings,
  type PromptsAssignedToReport,
  type PromptsUnassignedFromReport,
} from '../../../src/domain/brandReport/events.js';
import type { PromptsContext } from '../../../src/domain/brandReport/promptAssignment.js';
import { foldEvents } from '../../../src/domain/shared/decider.js';
import { specFor } from '../spec.js';

export const given = specFor(brandReportDecider);

export const reportId = 'rep_1';
export const workspaceId = 'ws_1';
export const teamId = 'team_1';
export const createdDate = '2025-01-01T00:00:00.000Z';
export const now = '2025-02-01T00:00:00.000Z';

export const globex: Competitor = {
  brand: 'Globex',
  brandVariations: ['Globex Corp'],
  brandDomain: 'globex.com',
  brandDomainVariations: [],
  brandDomainWildcard: true,
  brandRegex: null,
};

export const acme: DetectionSettings = {
  brand: 'Acme',
  brandVariations: ['Acme Inc'],
  brandDomain: 'acme.com',
  brandDomainVariations: ['acme.io'],
  brandDomainWildcard: false,
  brandRegex: null,
  competitors: [globex],
};

/** Prompts the application layer would find: three in the report's workspace, one in another. */
export const prompts: PromptsContext = new Map([
  ['p_us', { workspaceId, country: 'us' }],
  ['p_uk', { workspaceId, country: 'uk' }],
  ['p_de', { workspaceId, country: 'de' }],
  ['p_us2', { workspaceId, country: 'us' }],
  ['p_elsewhere', { workspaceId: 'ws_2', country: 'fr' }],
]);

export const notInWorkspace = (promptId: string): string =>
  `Prompt "${promptId}" does not exist in the report's workspace`;

export const reportCreated = (detection: DetectionSettings = acme, assigned: AssignedPrompt[] = []): BrandReportCreated => ({
  type: 'BrandReportCreated',
  data: { reportId, workspaceId, teamId, reportTitle: 'Acme in AI search', detection, prompts: assigned, createdDate },
});

export const promptsAssigned = (assigned: AssignedPrompt[], date = createdDate): PromptsAssignedToReport => ({
  type: 'PromptsAssignedToReport',
  data: { reportId, prompts: assigned, assignedDate: date },
});

export const promptsUnassigned = (promptIds: string[]): PromptsUnassignedFromReport => ({
  type: 'PromptsUnassignedFromReport',
  data: { reportId, promptIds, unassignedDate: now },
});

export const detectionChanged = (
  detection: DetectionSettings,
  changedFields: DetectionField[],
): BrandReportDetectionChanged => ({
  type: 'BrandReportDetectionChanged',
  data: { reportId, detection, changedFields, changedDate: now },
});

/** A report with the Acme settings and two prompts (us, uk). */
export const history: BrandReportEvent[] = [
  reportCreated(),
  promptsAssigned([
    { promptId: 'p_us', country: 'us' },
    { promptId: 'p_uk', country: 'uk' },
  ]),
];

export const update = (patch: unknown): UpdateBrandReport => ({
  type: 'UpdateBrandReport',
  data: { reportId, patch, prompts, now },
});

export function activeReport(events: BrandReportEvent[]): ActiveBrandReport {
  const state = foldEvents(brandReportDecider, events);
  if (state.status !== 'active') throw new Error('expected an active report');
  return state;
}

/** The brand report resource as GET /v1/reports/brand/{id} would return it for `events`. */
export function getBody(events: BrandReportEvent[]): Record<string, unknown> {
  const report = activeReport(events);
  const { status: _status, reportId: id, teamId: _teamId, prompts: _prompts, ...fields } = report;
  return {
    id,
    ...fields,
    countries: reportCountries(report),
    promptIds: reportPromptIds(report),
    countryPromptsTotal: countryPromptsTotal(report),
    tags: [{ id: 'tag_1', name: 'Pricing', color: 'gold' }],
  };
}
