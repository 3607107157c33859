import type { Clock } from '../../background/clock.js';
import type { JobKind, WaitingQuery } from '../../background/leasedJobRunner.js';
import { reportRecalculatedStream } from '../../domain/brandReport/recalculated.js';
import { ConcurrencyError } from '../../domain/shared/errors.js';
import type { ReadModels } from '../../projections/index.js';
import { historyReader } from '../../projections/reportHistory/reader.js';
import { recalculationNoticeCollection, recalculationNoticeId } from '../../projections/webhooks/reader.js';
import type { AppContext } from '../shared/context.js';

export const RECALCULATION_NOTICE_JOB = 'recalculationNotice';

/** Versions that finished longer ago than this are not announced any more (a worker stopped for a day). */
const NOTICE_HORIZON_MS = 24 * 60 * 60 * 1000;

interface FinishedVersion {
  _id: string;
  reportId: string;
  version: number;
  finishedDate: string;
}

async function unannounced(readModels: ReadModels, clock: Clock, { limit, ids, excluding }: WaitingQuery): Promise<FinishedVersion[]> {
  const since = new Date(clock.now().getTime() - NOTICE_HORIZON_MS).toISOString();
  const versions = await (await historyReader(readModels).versions()).find({ state: { $in: ['active', 'retired'] }, reason: { $ne: 'created' }, finishedDate: { $gte: since } });
  const finished = versions.map(({ reportId, version, finishedDate }) => ({ _id: recalculationNoticeId(reportId, version), reportId, version, finishedDate: finishedDate ?? since }));
  const noticed = await (await recalculationNoticeCollection(readModels)).find({ _id: { $in: finished.map(({ _id }) => _id) } });
  const skipped = new Set([...excluding, ...noticed.map(({ _id }) => _id)]);
  return finished.filter(({ _id }) => !skipped.has(_id) && (ids === undefined || ids.includes(_id))).slice(0, limit);
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
