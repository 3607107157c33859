import type { RunTotals } from '../../../../domain/analysis/index.js';
import type { BrandReportDoc } from '../../../../projections/brandReports/reader.js';
import { addDays, utcDay } from '../../../../domain/shared/days.js';
import type { EngineId } from '../../../../domain/shared/engines.js';
import { runCollection, withAnswers } from '../../../../projections/runs/reader.js';
import { storedTextFacts } from '../../../../projections/reportHistory/reader.js';
import type { Services } from '../../../shared/services.js';
import { analyticsScope, type AnalyticsFilters } from '../../history/analyticsScope.js';
import { recommendationPage } from './cursor.js';
import { newestCrawlabilityChecks } from '../../../audits/auditQueries.js';
import { windowOf, type ListRange } from '../../../shared/paging.js';
import { windowPromptTotals } from '../reportPrompts.js';
import { mayHoldEvidence, recommend, type CrawlabilityEvidence } from './recommend.js';
import { measuredInTurns } from './runFacts.js';

/** contract.md section 8: recommendations read the last 30 days, ending today. */
const RECOMMENDATION_DAYS = 30;

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
 * sentences), so they measure the window's recorded runs with the report's detection; the prompt totals tell
 * which prompts may hold evidence, and only their runs are read, each measured from its stored text facts where
 * the history kept them. The newest crawlability check of each brand domain in the report's workspace adds
 * crawler_access.
 */
async function orderedRecommendations(services: Services, report: BrandReportDoc, query: RecommendationQuery) {
  const endDate = utcDay(services.clock.now());
  const window = { startDate: addDays(endDate, 1 - RECOMMENDATION_DAYS), endDate, country: query.country };
  const engines = engineFilter(query);
  const scope = await analyticsScope(services, report, { ...window, engines, tagId: query.tagId });
  const { detection } = scope;
  const totals = scope.prompts.length === 0 ? new Map<string, RunTotals>() : await windowPromptTotals(services, scope, scope.prompts);
  const decoded = [...totals];
  const runs = await runCollection(services.readModels);
  const recorded = await runs.find(
    {
      promptId: { $in: decoded.filter(([, promptTotals]) => mayHoldEvidence(promptTotals)).map(([promptId]) => promptId) },
      country: query.country,
      day: { $gte: window.startDate, $lte: window.endDate },
      state: 'completed',
      ...(engines ? { engine: { $in: [...engines] } } : {}),
    },
    { sort: { runDate: 1, _id: 1 } },
  );
  const recommendations = recommend({
    runs: await measuredInTurns(await withAnswers(services.eventStore, recorded), detection, (page) => storedTextFacts(services.readModels, page)),
    windowRuns: engines?.length === 0 ? 0 : decoded.reduce((sum, [, promptTotals]) => sum + promptTotals.runs, 0),
    prompts: new Map(scope.prompts.map(({ _id, text }) => [_id, text])),
    brands: [scope.version.detection, ...scope.version.detection.competitors],
    country: query.country,
    engine: query.engine ?? null,
    crawlability: await crawlabilityEvidence(services, scope.report.workspaceId, brandDomains(scope.version.detection)),
  });
  return recommendations;
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
  return windowOf(await orderedRecommendations(services, report, query), range);
}
