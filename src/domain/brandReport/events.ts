import type { DomainEvent } from '../shared/decider.js';

export const brandReportStream = (reportId: string): string => `brandReport-${reportId}`;

/** How one brand is recognised in answers and citations; a competitor is described the same way. */
export interface BrandIdentity {
  brand: string;
  brandVariations: string[];
  brandDomain: string;
  brandDomainVariations: string[];
  brandDomainWildcard: boolean;
  brandRegex: string | null;
}

export type Competitor = BrandIdentity;

/** Everything detection depends on: a change to any of it makes past days' numbers stale. */
export interface DetectionSettings extends BrandIdentity {
  competitors: Competitor[];
}

export const DETECTION_FIELDS = [
  'brand',
  'brandVariations',
  'brandDomain',
  'brandDomainVariations',
  'brandDomainWildcard',
  'brandRegex',
  'competitors',
] as const satisfies readonly (keyof DetectionSettings)[];
export type DetectionField = (typeof DETECTION_FIELDS)[number];

export const isDetectionField = (field: string): field is DetectionField =>
  (DETECTION_FIELDS as readonly string[]).includes(field);

/** The report keeps each prompt's country so that its `countries` need no lookup. */
export interface AssignedPrompt {
  promptId: string;
  country: string;
}

export type BrandReportCreated = DomainEvent<
  'BrandReportCreated',
  {
    reportId: string;
    workspaceId: string;
    teamId: string;
    reportTitle: string;
    detection: DetectionSettings;
    /** Prompts assigned at creation, so the first history version holds them; absent in events recorded before. */
    prompts?: AssignedPrompt[];
    createdDate: string;
  }
>;

export type BrandReportTitleChanged = DomainEvent<
  'BrandReportTitleChanged',
  { reportId: string; reportTitle: string; changedDate: string }
>;

/**
 * Marks the point from which the report's history must be recalculated. Carries the complete new settings
 * (not only the changed fields) so that a rebuild needs nothing but this event.
 */
export type BrandReportDetectionChanged = DomainEvent<
  'BrandReportDetectionChanged',
  { reportId: string; detection: DetectionSettings; changedFields: DetectionField[]; changedDate: string }
>;

export type PromptsAssignedToReport = DomainEvent<
  'PromptsAssignedToReport',
  { reportId: string; prompts: AssignedPrompt[]; assignedDate: string }
>;

export type PromptsUnassignedFromReport = DomainEvent<
  'PromptsUnassignedFromReport',
  { reportId: string; promptIds: string[]; unassignedDate: string }
>;

/** Recompute the history with the current settings; the report itself does not change. */
export type BrandReportReplayRequested = DomainEvent<'BrandReportReplayRequested', { reportId: string; requestedDate: string }>;

/** The report leaves every list and read; its events stay in the log. */
export type BrandReportDeleted = DomainEvent<'BrandReportDeleted', { reportId: string; workspaceId: string; deletedDate: string }>;

export type BrandReportEvent =
  | BrandReportDeleted
  | BrandReportReplayRequested
  | BrandReportCreated
  | BrandReportTitleChanged
  | BrandReportDetectionChanged
  | PromptsAssignedToReport
  | PromptsUnassignedFromReport;

export interface ActiveBrandReport extends DetectionSettings {
  status: 'active';
  reportId: string;
  workspaceId: string;
  teamId: string;
  reportTitle: string;
  /** In assignment order. */
  prompts: AssignedPrompt[];
  createdDate: string;
  updatedDate: string;
}

export type BrandReportState = { status: 'absent' } | { status: 'deleted'; reportId: string } | ActiveBrandReport;

export const initialState = (): BrandReportState => ({ status: 'absent' });

export function evolve(state: BrandReportState, event: BrandReportEvent): BrandReportState {
  if (event.type === 'BrandReportCreated') {
    const { detection, createdDate, prompts = [], ...report } = event.data;
    return { status: 'active', ...report, ...detection, prompts, createdDate, updatedDate: createdDate };
  }
  if (state.status !== 'active') return state;
  if (event.type === 'BrandReportDeleted') return { status: 'deleted', reportId: state.reportId };
  return evolveActive(state, event);
}

function evolveActive(report: ActiveBrandReport, event: Exclude<BrandReportEvent, BrandReportDeleted>): ActiveBrandReport {
  switch (event.type) {
    case 'BrandReportCreated':
    case 'BrandReportReplayRequested':
      return report;
    case 'BrandReportTitleChanged':
      return { ...report, reportTitle: event.data.reportTitle, updatedDate: event.data.changedDate };
    case 'BrandReportDetectionChanged':
      return { ...report, ...event.data.detection, updatedDate: event.data.changedDate };
    case 'PromptsAssignedToReport': {
      const assigned = new Set(reportPromptIds(report));
      const added = event.data.prompts.filter(({ promptId }) => !assigned.has(promptId));
      return { ...report, prompts: [...report.prompts, ...added], updatedDate: event.data.assignedDate };
    }
    case 'PromptsUnassignedFromReport': {
      const removed = new Set(event.data.promptIds);
      const prompts = report.prompts.filter(({ promptId }) => !removed.has(promptId));
      return { ...report, prompts, updatedDate: event.data.unassignedDate };
    }
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return report;
    }
  }
}

export const reportPromptIds = (report: ActiveBrandReport): string[] => report.prompts.map(({ promptId }) => promptId);

/** `countries` of the resource: derived from the assigned prompts, sorted. */
export const reportCountries = (report: ActiveBrandReport): string[] =>
  [...new Set(report.prompts.map(({ country }) => country))].sort();

/** `countryPromptsTotal` of the resource: the report's own prompts per country. */
export function countryPromptsTotal(report: ActiveBrandReport): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const { country } of report.prompts) totals[country] = (totals[country] ?? 0) + 1;
  return totals;
}

/** The country a view of the report opens on: the one with most of its prompts (ties: alphabetical); null without prompts. */
export function defaultCountry(report: ActiveBrandReport): string | null {
  const [first] = Object.entries(countryPromptsTotal(report)).sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b));
  return first?.[0] ?? null;
}
