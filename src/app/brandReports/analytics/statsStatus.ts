import { historyReader, type ReportVersionDoc, type VersionState } from '../../../projections/reportHistory/reader.js';
import type { Services } from '../../shared/services.js';
import type { BrandReportStats } from './statsSchema.js';

export type StatsStatus = BrandReportStats['status'];

/**
 * The `status` of /stats. A report still building its first version has no readable
 * history (pending, whatever the window holds); a failed latest rebuild is told before an empty window, since
 * the figures then come from an older version.
 */
export function statsStatus(read: Pick<ReportVersionDoc, 'state'>, newest: VersionState, windowRuns: number): StatsStatus {
  if (read.state === 'building') return 'pending';
  if (newest === 'failed') return 'failed';
  return windowRuns === 0 ? 'no_data' : 'finished';
}

/** The state of the report's newest history version (the latest rebuild), at or after the one read. */
export async function newestVersionState(services: Services, read: ReportVersionDoc): Promise<VersionState> {
  const versions = await historyReader(services.readModels).versions();
  const [newest] = await versions.find({ reportId: read.reportId, version: { $gt: read.version } }, { sort: { version: -1 }, limit: 1 });
  return (newest ?? read).state;
}
