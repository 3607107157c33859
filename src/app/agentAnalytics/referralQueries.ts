import {
  landingPageTotals,
  referralTotals,
  TOP_LANDING_PAGES,
  type LandingPageTotal,
  type ReferralEngineFilter,
} from '../../domain/agentLogs/referralAnalytics.js';
import { UNATTRIBUTABLE_SOURCES, type ReferralEngine } from '../../domain/crawlers/referrers.js';
import { referralReader } from '../../projections/aiReferrals/reader.js';
import type { BrandReportDoc } from '../../projections/brandReports/reader.js';
import { offsetPaging, windowOf, type ListRange } from '../shared/paging.js';
import type { Services } from '../shared/services.js';
import { answerWindow, queryScope, type QueryScope } from './queries.js';
import { citingRunsByPath, comparablePath } from './referralCitations.js';

export interface ReferralQuery {
  startDate?: string | undefined;
  endDate?: string | undefined;
  engines?: readonly ReferralEngine[] | undefined;
}

/** Landing pages with the runs citing each in the window. */
async function withCitations(services: Services, report: BrandReportDoc, scope: QueryScope, pages: readonly LandingPageTotal[]) {
  if (pages.length === 0) return [];
  const runsByPath = await citingRunsByPath(services, report, scope.window);
  return pages.map((page) => ({ ...page, citations: runsByPath.get(comparablePath(page.path)) ?? 0 }));
}

const unattributable = [...UNATTRIBUTABLE_SOURCES];

const NOT_MEASURED = { visits: null, sessions: null, byEngine: null, daily: null, landingPages: null } as const;

/**
 * `…/agent-analytics/referrals`: totals, engines, the days with visits and the 25 pages most sessions landed
 * on, beside their citations. Every metric is null without a logs connector; with one, zeros are real.
 */
export async function getReferrals(services: Services, report: BrandReportDoc, query: ReferralQuery) {
  const scope = await queryScope(services, report, query);
  const base = { domains: scope.domains, unattributable };
  if (!scope.connected) return { ...answerWindow(scope, 0), ...base, ...NOT_MEASURED };
  const reader = referralReader(services.readModels);
  const engines: ReferralEngineFilter = query.engines;
  const [days, pages] = await Promise.all([reader.days(scope.reportId, scope.window), reader.pages(scope.reportId, scope.window)]);
  const totals = referralTotals(days, engines);
  const landingPages = await withCitations(services, report, scope, landingPageTotals(pages, engines).slice(0, TOP_LANDING_PAGES));
  return { ...answerWindow(scope, totals.visits), ...base, ...totals, landingPages };
}

/** `…/referrals/pages`: every landing page of the window, a page of them at a time, with their citations. */
export async function listReferralPages(services: Services, report: BrandReportDoc, query: ReferralQuery, range: ListRange) {
  const scope = await queryScope(services, report, query);
  const pages = scope.connected ? landingPageTotals(await referralReader(services.readModels).pages(scope.reportId, scope.window), query.engines) : [];
  const page = windowOf(pages, range);
  const visits = pages.reduce((total, { visits: pageVisits }) => total + pageVisits, 0);
  const items = await withCitations(services, report, scope, page.items);
  return { ...answerWindow(scope, visits), items, paging: { ...offsetPaging(page, range), totalCount: page.totalCount } };
}
