import { enteringTopBrands, topNames, type BrandCount } from '../../domain/alerts/evaluate.js';
import { alertWindows, type DayRange } from '../../domain/alerts/statistics.js';
import type { BrandReportDoc } from '../../projections/brandReports/reader.js';
import { getBrandReportStatsOperation } from '../brandReports/analytics/operations.js';
import { OPERATOR } from '../shared/principal.js';
import type { Services } from '../shared/services.js';
import type { AlertCandidate } from './candidates.js';
import type { Watch } from './resource.js';

/** The untracked names the answers put forward over the window (`/stats` detectedBrands), summed over the report's countries. */
async function detectedBrands(services: Services, report: BrandReportDoc, range: DayRange, engines: readonly string[] | null): Promise<BrandCount[]> {
  const mentions = new Map<string, number>();
  for (const country of report.countries) {
    const input = { reportId: report._id, startDate: range.from, endDate: range.to, country, ...(engines ? { engines } : {}) };
    const stats = (await getBrandReportStatsOperation.run(input, { principal: OPERATOR, deps: services, log: services.logger })) as { detectedBrands: BrandCount[] };
    for (const { name, mentions: count } of stats.detectedBrands) mentions.set(name, (mentions.get(name) ?? 0) + count);
  }
  return [...mentions].map(([name, count]) => ({ name, mentions: count }));
}

/** `new_untracked_brand`: names that enter the top 10 of detectedBrands over the current window, against the baseline's. */
export async function newNameAlerts(services: Services, report: BrandReportDoc, watches: readonly Watch[], latestDayOf: (watch: Watch) => string | null): Promise<AlertCandidate[]> {
  const tracked = [report.brand, ...report.competitors.map(({ brand }) => brand)];
  const candidates: AlertCandidate[] = [];
  for (const watch of watches.filter(({ kind }) => kind === 'new_untracked_brand')) {
    const latestDay = latestDayOf(watch);
    if (latestDay === null) continue;
    const windows = alertWindows(latestDay);
    const current = await detectedBrands(services, report, windows.current, watch.engines);
    const entering = enteringTopBrands(current, await detectedBrands(services, report, windows.baseline, watch.engines), tracked);
    if (entering.length === 0) continue;
    const title = `${entering.join(', ')} entered the top 10 of the names the answers put forward`;
    const statistics = { current: { ...windows.current, top: topNames(current) }, baseline: windows.baseline };
    candidates.push({ reportId: report._id, watchId: watch.id, kind: watch.kind, date: latestDay, title, statistics, evidence: { names: entering, engines: watch.engines } });
  }
  return candidates;
}
