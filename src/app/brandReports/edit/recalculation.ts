import { z } from 'zod';
import { isReadableVersion, readableUntil, type ReportVersionDoc, type VersionState } from '../../../projections/reportHistory/reader.js';
import { competitorSchema } from '../resource.js';
import { todaysRunsSchema } from './todaysRuns.js';

/** Shared by `GET /v1/reports/brand/{id}/recalculation` and `geolens replay --json`. */
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

const READABLE_STATES = ['active', 'building', 'retired'] as const;

/** A history version the dashboard may read with `version`. */
export const historyVersionSchema = z
  .object({
    version: z.number().int(),
    state: z.enum(READABLE_STATES),
    detection: z.object({
      brand: z.string(),
      brandVariations: z.array(z.string()),
      brandRegex: z.string().nullable(),
      brandDomain: z.string(),
      brandDomainVariations: z.array(z.string()),
      brandDomainWildcard: z.boolean(),
      competitors: z.array(competitorSchema),
    }),
    readableUntil: z.string().nullable().describe('When a retired version stops being readable (7 days after the switch); null otherwise'),
  })
  .meta({ id: 'HistoryVersion' });

export type HistoryVersion = z.output<typeof historyVersionSchema>;

/** `GET /v1/reports/brand/{id}/recalculation`: the newest version's rebuild and every readable version. */
export const reportRecalculationSchema = recalculationSchema
  .extend({ versions: z.array(historyVersionSchema).describe('The readable history versions, oldest first'), todaysRuns: todaysRunsSchema })
  .meta({ id: 'ReportRecalculation' });

export type ReportRecalculation = z.output<typeof reportRecalculationSchema>;

const isReadableState = (state: VersionState): state is HistoryVersion['state'] => (READABLE_STATES as readonly string[]).includes(state);

/** The versions readable at `now`, in the order given, with the detection settings each one counts by. */
export function readableVersions(versions: readonly ReportVersionDoc[], now: Date): HistoryVersion[] {
  return versions.flatMap((version) => {
    const { state, detection } = version;
    if (!isReadableState(state) || !isReadableVersion(version, now)) return [];
    const { brand, brandVariations, brandRegex, brandDomain, brandDomainVariations, brandDomainWildcard, competitors } = detection;
    return [
      {
        version: version.version,
        state,
        detection: { brand, brandVariations, brandRegex, brandDomain, brandDomainVariations, brandDomainWildcard, competitors },
        readableUntil: readableUntil(version),
      },
    ];
  });
}
