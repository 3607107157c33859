import { compileDetection, type CompiledDetection } from '../../domain/analysis/index.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import type { BrandReportDoc } from '../../projections/brandReports/documents.js';
import { BRAND_REPORT_COLLECTIONS } from '../../projections/brandReports/documents.js';
import { brandReportsProjection } from '../../projections/brandReports/projection.js';
import type { DayDoc } from '../../projections/reportHistory/dayDocument.js';
import { REPORT_HISTORY, reportHistoryProjection } from '../../projections/reportHistory/projection.js';
import type { ReportVersionDoc } from '../../projections/reportHistory/versions.js';
import type { PromptDoc } from '../../projections/directory/documents.js';
import { directoryCollection } from '../shared/directory.js';
import { assertCanReadWorkspace, type Principal } from '../shared/principal.js';
import type { Services } from '../shared/services.js';
import type { Window } from '../shared/window.js';
import { recalculationStatus, type RecalculationStatus } from './recalculation.js';

export interface ReadableReport {
  report: BrandReportDoc;
  /** The version queries read: every figure of one answer comes from it. */
  version: ReportVersionDoc;
  detection: CompiledDetection;
}

/** 404 for an unknown report, 403 outside the key's workspaces; then the report's active history version. */
export async function readableReport(services: Services, principal: Principal, reportId: string): Promise<ReadableReport> {
  const reports = await services.readModels.collection<BrandReportDoc>(brandReportsProjection, BRAND_REPORT_COLLECTIONS.reports);
  const report = await reports.findOne({ _id: reportId });
  if (!report) throw new NotFoundError(`Brand report ${reportId} not found`);
  assertCanReadWorkspace(principal, report, `brand report ${reportId}`);
  const versions = await services.readModels.collection<ReportVersionDoc>(reportHistoryProjection, REPORT_HISTORY.versions);
  const newest = async (state: ReportVersionDoc['state']) => (await versions.find({ reportId, state }, { sort: { version: -1 }, limit: 1 }))[0];
  // Until a first version is built (a report created with prompts replays their runs), it answers as it fills.
  const version = (await newest('active')) ?? (await newest('building'));
  if (!version) throw new NotFoundError(`Brand report ${reportId} has no history yet`);
  return { report, version, detection: compileDetection(version.detection) };
}

/** 404 unless the prompt is in the report and not deleted (a deleted prompt leaves its reports a moment later). */
export async function requireReportPrompt(services: Services, report: BrandReportDoc, promptId: string): Promise<PromptDoc> {
  const prompt = report.prompts.some((assigned) => assigned.promptId === promptId)
    ? await (await directoryCollection(services, 'prompts')).findOne({ _id: promptId })
    : null;
  if (!prompt) throw new NotFoundError(`Prompt ${promptId} is not part of brand report ${report._id}`);
  return prompt;
}

/** Day documents of one version in a window, for some prompts (all of the version's when omitted). */
export async function windowDays(
  services: Services,
  version: ReportVersionDoc,
  window: Window,
  promptIds?: readonly string[],
): Promise<DayDoc[]> {
  const days = await services.readModels.collection<DayDoc>(reportHistoryProjection, REPORT_HISTORY.days);
  return days.find({
    reportId: version.reportId,
    version: version.version,
    ...(promptIds ? { promptId: promptIds.length === 1 ? promptIds[0] : { $in: [...promptIds] } } : {}),
    country: window.country,
    day: { $gte: window.startDate, $lte: window.endDate },
  });
}

/** The recalculation status of a readable report (contract.md section 3). */
export async function getRecalculation(services: Services, principal: Principal, reportId: string): Promise<RecalculationStatus> {
  const { report } = await readableReport(services, principal, reportId);
  const versions = await services.readModels.collection<ReportVersionDoc>(reportHistoryProjection, REPORT_HISTORY.versions);
  const status = recalculationStatus(await versions.find({ reportId: report._id }));
  if (!status) throw new NotFoundError(`Brand report ${reportId} has no history yet`);
  return status;
}
