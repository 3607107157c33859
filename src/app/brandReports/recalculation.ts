import { z } from 'zod';
import type { ReportVersionDoc, VersionState } from '../../projections/reportHistory/versions.js';

/** contract.md section 3, Recalculation: shared by `GET /v1/reports/brand/{id}/recalculation` and `geolens replay --json`. */
export const recalculationSchema = z
  .object({
    reportId: z.string(),
    version: z.number().int(),
    state: z.enum(['running', 'finished', 'superseded', 'failed']),
    processed: z.number().int().describe('Runs replayed into the version so far'),
    total: z.number().int().nullable().describe('Runs to replay; null until counted'),
    startedDate: z.string(),
    finishedDate: z.string().nullable(),
  })
  .meta({ id: 'Recalculation' });

export type RecalculationStatus = z.output<typeof recalculationSchema>;
export type RecalculationState = RecalculationStatus['state'];

/** A retired version finished its rebuild and served queries until a newer one took over. */
const STATE_OF_VERSION: Record<VersionState, RecalculationState> = {
  building: 'running',
  active: 'finished',
  retired: 'finished',
  superseded: 'superseded',
  failed: 'failed',
};

/** One version's rebuild as a recalculation status. */
export function versionStatus({ reportId, version, state, processed, total, startedDate, finishedDate }: ReportVersionDoc): RecalculationStatus {
  return { reportId, version, state: STATE_OF_VERSION[state], processed, total, startedDate, finishedDate };
}

/**
 * The recalculation state of a report from its history versions: the newest version's. A report whose
 * history was never rebuilt has only version 1, active since creation, which reads as finished.
 * Null when no version is known yet (the projection has not seen the report).
 */
export function recalculationStatus(versions: readonly ReportVersionDoc[]): RecalculationStatus | null {
  const newest = versions.reduce<ReportVersionDoc | null>((latest, version) => (latest && latest.version >= version.version ? latest : version), null);
  return newest && versionStatus(newest);
}
