import type { Clock } from '../../background/clock.js';
import type { JobKind, WaitingQuery } from '../../background/leasedJobRunner.js';
import { reportRecalculatedStream } from '../../domain/brandReport/recalculated.js';
import { ConcurrencyError } from '../../domain/shared/errors.js';
import type { ReadModels } from '../../projections/index.js';
import { brandReportCollection } from '../../projections/brandReports/reader.js';
import { historyReader } from '../../projections/reportHistory/reader.js';
import { recalculationNoticeCollection, recalculationNoticeId } from '../../projections/webhooks/reader.js';
import type { AppContext } from '../shared/context.js';

export const RECALCULATION_NOTICE_JOB = 'recalculationNotice';

/** Versions that finished longer ago than this are not announced any more (a worker stopped for a day). */
const NOTICE_HORIZON_MS = 24 * 60 * 60 * 1000;

interface FinishedVersion {
  _id: string;
  /** The report's team; a report deleted since counts as a team of its own. */
  teamId: string;
  reportId: string;
  version: number;
  finishedDate: string;
}

async function teamsOfReports(readModels: ReadModels, reportIds: readonly string[]): Promise<Map<string, string>> {
  const reports = await (await brandReportCollection(readModels)).find({ _id: { $in: [...new Set(reportIds)] } }, { projection: { teamId: 1 } });
  return new Map(reports.map(({ _id, teamId }) => [_id, teamId]));
}

async function unannounced(readModels: ReadModels, clock: Clock, { limit, ids, excluding, excludingTeams }: WaitingQuery): Promise<FinishedVersion[]> {
  const since = new Date(clock.now().getTime() - NOTICE_HORIZON_MS).toISOString();
  const versions = await (await historyReader(readModels).versions()).find({ state: { $in: ['active', 'retired'] }, reason: { $ne: 'created' }, finishedDate: { $gte: since } });
  const noticed = await (await recalculationNoticeCollection(readModels)).find({ _id: { $in: versions.map(({ reportId, version }) => recalculationNoticeId(reportId, version)) } });
  const skipped = new Set([...excluding, ...noticed.map(({ _id }) => _id)]);
  const unnoticed = versions.filter(({ reportId, version }) => !skipped.has(recalculationNoticeId(reportId, version)));
  const teams = await teamsOfReports(readModels, unnoticed.map(({ reportId }) => reportId));
  const skippedTeams = new Set(excludingTeams);
  return unnoticed
    .map(({ reportId, version, finishedDate }) => ({ _id: recalculationNoticeId(reportId, version), teamId: teams.get(reportId) ?? reportId, reportId, version, finishedDate: finishedDate ?? since }))
    .filter(({ _id, teamId }) => !skippedTeams.has(teamId) && (ids === undefined || ids.includes(_id)))
    .slice(0, limit);
}

/**
 * A report's recalculation finishes by switching versions in the read models, which records no event; this job
 * kind records ReportRecalculated once per finished version (a stream that must not exist yet), which the webhook
 * process then delivers as `report.recalculated`. The report's first version (its creation) is not a recalculation.
 */
export function recalculationNoticeJobs({ context, readModels, clock }: { context: AppContext; readModels: ReadModels; clock: Clock }): JobKind<FinishedVersion> {
  const announce = async ({ reportId, version, finishedDate }: FinishedVersion) => {
    const event = { type: 'ReportRecalculated', data: { reportId, version, finishedDate } };
    await context.eventStore.append(reportRecalculatedStream(reportId, version), [event], { expectedRevision: 'no_stream' }).catch((error: unknown) => {
      if (!(error instanceof ConcurrencyError)) throw error;
    });
  };
  return { name: RECALCULATION_NOTICE_JOB, waiting: (query) => unannounced(readModels, clock, query), run: announce, abandon: announce };
}
