import { reportPromptIds } from '../../domain/brandReport/events.js';
import { utcDay } from '../../domain/shared/days.js';
import { readModelPositions } from '../../projections/index.js';
import { reportState, type BrandReportDoc, type ReportDetail } from '../../projections/brandReports/reader.js';
import { historyReader, isReadableVersion } from '../../projections/reportHistory/reader.js';
import { cacheKey, withHeldJson } from '../shared/responseCache.js';
import type { Services } from '../shared/services.js';
import { reportTags } from './edit/queries.js';
import { brandReportResource, type BrandReport } from './resource.js';

/** The read models a report's analytics read: its prompts and tags, the report, its runs and its history. */
const ANALYTICS_READ_MODELS = ['directory', 'brandReports', 'runs', 'reportHistory'];

/** The report itself and the tags of its prompts. */
const REPORT_READ_MODELS = ['directory', 'brandReports'];

/**
 * What a report's history versions say besides the read models' positions: the rebuilder fills a building
 * version and switches versions outside the projection's batches, and a retired version stops being readable
 * with time.
 */
async function versionStates(services: Services, reportId: string): Promise<string[]> {
  const now = services.clock.now();
  // Sorted here: the store's sorted find of them costs half again as much.
  const versions = await (await historyReader(services.readModels).versions()).find({ reportId });
  return versions.map((version) => `${version.version}:${version.state}:${version.position}:${version.processed}:${isReadableVersion(version, now)}`).sort();
}

/** The report and the agent analytics read model: what the agent analytics views read. */
export const AGENT_ANALYTICS_READ_MODELS = ['brandReports', 'agentAnalytics'];

/**
 * One view of a report (`view` names it) for `query`: computed by `compute` once, then answered from the
 * response cache until `readModels` (the report's analytics by default) move. The access step has checked the
 * report on this call before the cache is read, and the key names the report's workspace.
 */
export async function cachedReportView<T>(
  services: Services,
  view: string,
  report: BrandReportDoc,
  query: object,
  compute: () => Promise<T>,
  readModels: readonly string[] = ANALYTICS_READ_MODELS,
): Promise<T> {
  const { _id: reportId, teamId, workspaceId } = report;
  const key = cacheKey({
    view,
    teamId,
    workspaceId,
    reportId,
    versions: readModels.includes('reportHistory') ? await versionStates(services, reportId) : [],
    positions: await readModelPositions(services.documentStore, readModels),
    // Windows relative to today (recommendations, suggestions) move with the date.
    today: utcDay(services.clock.now()),
    query,
  });
  return services.responseCache.answer(key, compute);
}

/** Each detail's resource, built and serialized once: a detail in memory is the same object until an event changes it. */
const detailResources = new WeakMap<ReportDetail, BrandReport>();

function detailResource(detail: ReportDetail): BrandReport {
  let resource = detailResources.get(detail);
  if (!resource) {
    resource = withHeldJson(brandReportResource(reportState(detail.report), [...detail.tags]));
    detailResources.set(detail, resource);
  }
  return resource;
}

/**
 * `GET /v1/reports/brand/{id}`: in the server, from the reports in memory (issue 24), where the access step has
 * found and checked the report, with no store read. Elsewhere from the read models while the report and
 * directory read models stand where they stood: one read of their positions instead of the report's prompts
 * and their tags.
 */
export async function cachedBrandReport(services: Services, report: BrandReportDoc): Promise<BrandReport> {
  const detail = await services.reportDetails?.detail(report._id);
  if (detail) return detailResource(detail);
  const positions = await readModelPositions(services.documentStore, REPORT_READ_MODELS);
  return services.responseCache.answer(cacheKey({ view: 'brandReport', reportId: report._id, positions }), async (): Promise<BrandReport> => {
    const state = reportState(report);
    return brandReportResource(state, await reportTags(services, reportPromptIds(state)));
  });
}
