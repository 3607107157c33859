import type { DomainEvent } from '../shared/decider.js';

/**
 * A report's history version finished its rebuild and now answers queries
 * (`report.recalculated`). The switch happens in the read models; this event records it once per version, in a
 * stream of its own that must not exist yet, so that a second announcer appends nothing.
 */
export const reportRecalculatedStream = (reportId: string, version: number): string => `reportRecalculated-${reportId}-${version}`;

export type ReportRecalculated = DomainEvent<'ReportRecalculated', { reportId: string; version: number; finishedDate: string }>;
