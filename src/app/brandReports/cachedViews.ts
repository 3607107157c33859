import { reportPromptIds } from '../../domain/brandReport/events.js';
import { utcDay } from '../../domain/shared/days.js';
import { readModelPositions } from '../../projections/index.js';
import { reportState } from '../../projections/brandReports/reader.js';
import { historyReader, isReadableVersion } from '../../projections/reportHistory/reader.js';
import { assertCanReadWorkspace, OPERATOR, type OwnedByWorkspace, type Principal } from '../shared/principal.js';
import { cacheKey } from '../shared/responseCache.js';
import type { Services } from '../shared/services.js';
import { reportTags } from './edit/queries.js';
import { readableReportDocument } from './history/history.js';
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
 * response cache until `readModels` (the report's analytics by default) move. Access is checked on every call,
 * before the cache is read, and the key names the report's workspace.
 */
export async function cachedReportView<T>(
  services: Services,
  principal: Principal,
  view: string,
  reportId: string,
  query: object,
  compute: () => Promise<T>,
  readModels: readonly string[] = ANALYTICS_READ_MODELS,
): Promise<T> {
  const { teamId, workspaceId } = await readableReportDocument(services, principal, reportId);
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

interface HeldReport {
  owner: OwnedByWorkspace;
  report: BrandReport;
}

/**
 * `GET /v1/reports/brand/{id}` answered from memory while the report and directory read models stand where
 * they stood: one read of their positions instead of the report, its prompts and their tags. The report is
 * held with its workspace, and every caller's access is checked against it.
 */
export async function cachedBrandReport(services: Services, principal: Principal, reportId: string): Promise<BrandReport> {
  const positions = await readModelPositions(services.documentStore, REPORT_READ_MODELS);
  const held = await services.responseCache.answer(cacheKey({ view: 'brandReport', reportId, positions }), async (): Promise<HeldReport> => {
    const report = reportState(await readableReportDocument(services, OPERATOR, reportId));
    return { owner: { teamId: report.teamId, workspaceId: report.workspaceId }, report: brandReportResource(report, await reportTags(services, reportPromptIds(report))) };
  });
  assertCanReadWorkspace(principal, held.owner, `brand report ${reportId}`);
  return held.report;
}
