import { z } from 'zod';
import { compileDetection, type CompiledDetection } from '../../../domain/analysis/index.js';
import { NotFoundError } from '../../../domain/shared/errors.js';
import type { Collection } from '../../../ports/documentStore.js';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import { historyReader, isReadableVersion, type DayDoc, type ReportVersionDoc } from '../../../projections/reportHistory/reader.js';
import type { PromptDoc } from '../../../projections/directory/reader.js';
import { directoryCollection } from '../../shared/directory.js';
import type { Services } from '../../shared/services.js';
import type { Window } from '../../shared/window.js';
import { readableVersions, recalculationStatus, type ReportRecalculation } from '../edit/recalculation.js';
import { todaysRuns } from '../edit/todaysRuns.js';

export interface ReadableReport {
  report: BrandReportDoc;
  /** The version queries read: every figure of one answer comes from it. */
  version: ReportVersionDoc;
  detection: CompiledDetection;
}

/** `version` on the endpoints that read one history version. */
export const historyVersionField = z
  .number()
  .int()
  .min(1)
  .optional()
  .describe('Read this history version (see versions in …/recalculation): the active one by default; 404 when it is not readable');

const versionsCollection = (services: Services): Promise<Collection<ReportVersionDoc>> =>
  historyReader(services.readModels).versions();

/** The version queries read by default: the active one, or until a first is built, the one filling. */
async function currentVersion(services: Services, reportId: string): Promise<ReportVersionDoc> {
  const versions = await versionsCollection(services);
  const newest = async (state: ReportVersionDoc['state']) => (await versions.find({ reportId, state }, { sort: { version: -1 }, limit: 1 }))[0];
  const version = (await newest('active')) ?? (await newest('building'));
  if (!version) throw new NotFoundError(`Brand report ${reportId} has no history yet`);
  return version;
}

/** A requested version: active, building, or retired less than 7 days ago; 404 otherwise. */
async function requestedVersion(services: Services, reportId: string, requested: number): Promise<ReportVersionDoc> {
  const version = await (await versionsCollection(services)).findOne({ reportId, version: requested });
  if (!version || !isReadableVersion(version, services.clock.now())) {
    throw new NotFoundError(`Version ${requested} of brand report ${reportId}'s history is not readable`, 'version');
  }
  return version;
}

/**
 * The history version a report's queries read (the report found and checked by the access step): `version`
 * when given (404 unless readable), else the active one.
 */
export async function readableReport(services: Services, report: BrandReportDoc, version?: number): Promise<ReadableReport> {
  const read = version === undefined ? await currentVersion(services, report._id) : await requestedVersion(services, report._id, version);
  return { report, version: read, detection: compileDetection(read.detection) };
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
  return historyReader(services.readModels).promptDays(version, window, promptIds);
}

/** The recalculation status of a readable report with its readable versions (section 12). */
export async function getRecalculation(services: Services, report: BrandReportDoc): Promise<ReportRecalculation> {
  const versions = await (await versionsCollection(services)).find({ reportId: report._id }, { sort: { version: 1 } });
  const status = recalculationStatus(versions);
  if (!status) throw new NotFoundError(`Brand report ${report._id} has no history yet`);
  return { ...status, versions: readableVersions(versions, services.clock.now()), todaysRuns: await todaysRuns(services, report) };
}
