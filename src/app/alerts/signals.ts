import { newlyBlocked, visitsDrop, type CrawlerVerdict } from '../../domain/alerts/evaluate.js';
import { alertWindows } from '../../domain/alerts/statistics.js';
import { normalizeDomain } from '../../domain/brandReport/normalizeDomain.js';
import { dayCount, utcDay } from '../../domain/shared/days.js';
import { agentAnalyticsCollection } from '../../projections/agentAnalytics/reader.js';
import { auditCollection, type CrawlabilityCheckDoc } from '../../projections/audits/reader.js';
import type { BrandReportDoc } from '../../projections/brandReports/reader.js';
import type { Services } from '../shared/services.js';
import type { AlertCandidate } from './candidates.js';
import type { Watch } from './resource.js';

const watchesOf = (watches: readonly Watch[], kind: Watch['kind']) => watches.filter((watch) => watch.kind === kind);

/** The report's own domains, normalized: a crawlability check of one of them concerns the report. */
export const reportDomains = (report: BrandReportDoc): Set<string> =>
  new Set([report.brandDomain, ...report.brandDomainVariations].filter((domain) => domain !== '').map(normalizeDomain));

function verdicts(check: CrawlabilityCheckDoc): CrawlerVerdict[] {
  const findings = check.findings;
  if (!findings) return [];
  return Object.entries(findings.robotsTxtAnalysis).map(([crawler, allowed]) => ({ crawler, allowed, rule: findings.consequences[crawler]?.meaning ?? null }));
}

/**
 * `crawler_blocked`: the crawlers the newest completed check of the domain blocks and the previous one allowed,
 * with what robots.txt now says for each. The date is the newest check's day.
 */
export async function crawlerAlerts(services: Services, report: BrandReportDoc, watches: readonly Watch[], domain: string): Promise<AlertCandidate[]> {
  const watching = watchesOf(watches, 'crawler_blocked');
  if (watching.length === 0) return [];
  const checks = await auditCollection<CrawlabilityCheckDoc>(services.readModels, 'crawlabilityChecks');
  const [newest, previous] = await checks.find({ workspaceId: report.workspaceId, domain, status: 'completed' }, { sort: { completedDate: -1, _id: -1 }, limit: 2 });
  if (!newest?.completedDate || !previous) return [];
  const blocked = newlyBlocked(verdicts(previous), verdicts(newest));
  if (blocked.length === 0) return [];
  const date = utcDay(newest.completedDate);
  const title = `${blocked.map(({ crawler }) => crawler).join(', ')} ${blocked.length === 1 ? 'is' : 'are'} now blocked on ${domain}`;
  const evidence = { domain, url: newest.url, checkId: newest._id, previousCheckId: previous._id, crawlers: blocked };
  return watching.map((watch) => ({ reportId: report._id, watchId: watch.id, kind: watch.kind, date, title, statistics: { blocked: blocked.length }, evidence }));
}

const visitsOfDay = (agents: readonly [string, number, ...unknown[]][]): number => agents.reduce((sum, [, visits]) => sum + visits, 0);

/**
 * `agent_visits_drop`: the current window (the 7 days ending on the newest day with AI-agent visits) against
 * the baseline's daily mean, counted from the first day the logs cover.
 */
export async function agentVisitAlerts(services: Services, report: BrandReportDoc, watches: readonly Watch[]): Promise<AlertCandidate[]> {
  const watching = watchesOf(watches, 'agent_visits_drop');
  if (watching.length === 0) return [];
  const agentDays = await agentAnalyticsCollection(services.readModels, 'agentDays');
  const [latest] = await agentDays.find({ reportId: report._id }, { sort: { day: -1 }, limit: 1 });
  if (!latest) return [];
  const windows = alertWindows(latest.day);
  const days = await agentDays.find({ reportId: report._id, day: { $gte: windows.baseline.from, $lte: windows.current.to } }, { sort: { day: 1 } });
  const inBaseline = days.filter(({ day }) => day <= windows.baseline.to);
  const firstDay = inBaseline[0]?.day;
  if (firstDay === undefined) return [];
  const current = { visits: visitsOfDay(days.filter(({ day }) => day >= windows.current.from).flatMap(({ agents }) => agents)), days: 7 };
  const baseline = { visits: visitsOfDay(inBaseline.flatMap(({ agents }) => agents)), days: dayCount(firstDay, windows.baseline.to) };
  const drop = visitsDrop(current, baseline);
  if (!drop) return [];
  const statistics = { ...drop, current: { ...windows.current, ...current }, baseline: { from: firstDay, to: windows.baseline.to, ...baseline } };
  const title = `AI-agent visits fell to ${(100 * drop.ratio).toFixed(0)} % of the baseline's daily mean`;
  const evidence = { days: days.filter(({ day }) => day >= windows.current.from).map(({ day, agents }) => ({ day, visits: visitsOfDay(agents) })) };
  return watching.map((watch) => ({ reportId: report._id, watchId: watch.id, kind: watch.kind, date: latest.day, title, statistics, evidence }));
}
