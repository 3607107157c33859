import { recommendationWindowStart } from '../../../../domain/analysis/index.js';
import type { BrandReportDoc } from '../../../../projections/brandReports/reader.js';
import { utcDay } from '../../../../domain/shared/days.js';
import type { EngineId } from '../../../../domain/shared/engines.js';
import { historyReader } from '../../../../projections/reportHistory/reader.js';
import type { Services } from '../../../shared/services.js';
import { analyticsScope, type AnalyticsFilters } from '../../history/analyticsScope.js';
import { recommendationPage } from './cursor.js';
import { newestCrawlabilityChecks } from '../../../audits/auditQueries.js';
import { windowOf, type ListRange } from '../../../shared/paging.js';
import { rankRecommendations, type CrawlabilityEvidence } from './recommend.js';

export interface RecommendationQuery extends AnalyticsFilters {
  country: string;
  engine?: EngineId | undefined;
  cursor?: { priority: number; score: number; id: string } | undefined;
}

/** `engine` and `engines` both narrow: a run must be of the one and among the others. */
function engineFilter({ engine, engines }: RecommendationQuery): readonly EngineId[] | undefined {
  if (engine === undefined) return engines;
  return engines === undefined || engines.includes(engine) ? [engine] : [];
}

/**
 * The recommendations of the window, most urgent first. They quote the answers themselves (run ids,
 * sentences): the report history keeps, per prompt and day, the runs a recommendation may quote with their
 * measures and every run's part of its prompt's totals (the evidence read model), so a month is read, not
 * measured again. The newest crawlability check of each brand domain in the report's workspace adds
 * crawler_access.
 */
async function orderedRecommendations(services: Services, report: BrandReportDoc, query: RecommendationQuery) {
  const now = services.clock.now();
  const window = { startDate: recommendationWindowStart(now), endDate: utcDay(now), country: query.country };
  const engines = engineFilter(query);
  const scope = await analyticsScope(services, report, { ...window, engines, tagId: query.tagId });
  const promptIds = engines?.length === 0 ? [] : scope.prompts.map(({ _id }) => _id);
  const { runs, totals } = await historyReader(services.readModels).evidence(scope.version, window, promptIds, engines ? new Set(engines) : undefined);
  return rankRecommendations({
    runs,
    promptTotals: totals,
    windowRuns: [...totals.values()].reduce((sum, { runs: count }) => sum + count, 0),
    prompts: new Map(scope.prompts.map(({ _id, text }) => [_id, text])),
    brands: [scope.version.detection, ...scope.version.detection.competitors],
    country: query.country,
    engine: query.engine ?? null,
    crawlability: await crawlabilityEvidence(services, scope.report.workspaceId, brandDomains(scope.version.detection)),
  });
}

const brandDomains = ({ brandDomain, brandDomainVariations }: { brandDomain: string; brandDomainVariations: readonly string[] }) => [brandDomain, ...brandDomainVariations];

async function crawlabilityEvidence(services: Services, workspaceId: string, domains: readonly string[]): Promise<CrawlabilityEvidence[]> {
  const checks = await newestCrawlabilityChecks(services, workspaceId, domains);
  return checks.flatMap(({ _id, domain, url, completedDate, findings }) =>
    findings && completedDate ? [{ checkId: _id, domain, url, completedDate, robotsTxtAnalysis: findings.robotsTxtAnalysis, serverBotAccess: findings.serverBotAccess }] : [],
  );
}

/** One cursor page of the recommendations (REST, pages of 25). */
export async function listBrandReportRecommendations(services: Services, report: BrandReportDoc, query: RecommendationQuery) {
  return recommendationPage(await orderedRecommendations(services, report, query), query.cursor);
}

/** A stretch of the recommendations with their total (MCP list tools). */
export async function brandReportRecommendationsWindow(services: Services, report: BrandReportDoc, query: RecommendationQuery, range: ListRange) {
  const { items, totalCount } = windowOf(await orderedRecommendations(services, report, query), range);
  return { items: items.map((item) => item.build()), totalCount };
}
