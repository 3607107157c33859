import type { BrandReportEvent, DetectionSettings } from '../../domain/brandReport/events.js';
import type { Doc } from '../../ports/documentStore.js';

/**
 * A report's derived history exists per version. A version is `building` while a rebuild replays past runs
 * into it, `active` while queries read it, `superseded` when a newer change replaced it before it finished,
 * and `retired` once a newer version took over (its documents stay readable for 7 days, so that the dashboard
 * can show the old and the new history side by side, then they are deleted).
 */
export type VersionState = 'building' | 'active' | 'superseded' | 'retired' | 'failed';

export interface ReportVersionDoc extends Doc {
  reportId: string;
  version: number;
  state: VersionState;
  detection: DetectionSettings;
  /** Prompts whose runs this version counts. */
  promptIds: string[];
  /** Rebuild progress: every run event at or before this position is applied (decimal string). */
  position: string;
  processed: number;
  total: number | null;
  startedDate: string;
  finishedDate: string | null;
  /** Why a rebuild started: creation, detection change, prompt assignment, or an analyst's replay. */
  reason: 'created' | 'detection' | 'prompts' | 'replay';
  /** Set once a retired or superseded version's documents are deleted. */
  dataDeleted?: boolean;
}

/** How long a retired version stays readable after the switch. */
export const RETIRED_READABLE_MS = 7 * 24 * 60 * 60 * 1000;

/** Until when a retired version is readable (its switch, `finishedDate`, plus 7 days); null for other states. */
export function readableUntil(version: Pick<ReportVersionDoc, 'state' | 'finishedDate'>): string | null {
  if (version.state !== 'retired' || version.finishedDate === null) return null;
  return new Date(Date.parse(version.finishedDate) + RETIRED_READABLE_MS).toISOString();
}

/** Whether queries may read the version at `now`: active, building, or retired less than 7 days ago and not yet deleted. */
export function isReadableVersion(version: Pick<ReportVersionDoc, 'state' | 'finishedDate' | 'dataDeleted'>, now: Date): boolean {
  if (version.state === 'active' || version.state === 'building') return true;
  const until = readableUntil(version);
  return until !== null && version.dataDeleted !== true && now.getTime() < Date.parse(until);
}

export const versionId = (reportId: string, version: number): string => `${reportId}|${version}`;

/** The settings a report event leaves for the next version, starting from the newest version's. */
export function nextSettings(
  latest: Pick<ReportVersionDoc, 'detection' | 'promptIds'>,
  event: BrandReportEvent,
): { detection: DetectionSettings; promptIds: string[]; reason: ReportVersionDoc['reason'] } | null {
  switch (event.type) {
    case 'BrandReportDetectionChanged':
      return { detection: event.data.detection, promptIds: latest.promptIds, reason: 'detection' };
    case 'PromptsAssignedToReport': {
      const added = event.data.prompts.map(({ promptId }) => promptId).filter((id) => !latest.promptIds.includes(id));
      return added.length === 0 ? null : { detection: latest.detection, promptIds: [...latest.promptIds, ...added], reason: 'prompts' };
    }
    case 'PromptsUnassignedFromReport': {
      const removed = new Set(event.data.promptIds);
      const promptIds = latest.promptIds.filter((id) => !removed.has(id));
      return promptIds.length === latest.promptIds.length ? null : { detection: latest.detection, promptIds, reason: 'prompts' };
    }
    case 'BrandReportReplayRequested':
      return { detection: latest.detection, promptIds: latest.promptIds, reason: 'replay' };
    case 'BrandReportCreated':
    case 'BrandReportTitleChanged':
    case 'BrandReportDeleted':
      return null;
  }
}
