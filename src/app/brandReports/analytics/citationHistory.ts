import { z } from 'zod';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import { addDays, dayCount, daysBetween } from '../../../domain/shared/days.js';
import { ENGINES } from '../../../domain/shared/engines.js';
import type { Services } from '../../shared/services.js';
import { historyReader } from '../../../projections/reportHistory/reader.js';
import { analyticsScope, historyFilter, type AnalyticsQuery } from '../history/analyticsScope.js';

export const citationHistorySchema = z
  .object({
    url: z.string(),
    totalPeriodCitations: z.number().int(),
    totalCitationsPreviousPeriod: z.number().int().describe('The same number of days, ending the day before startDate'),
    percentageChange: z.number().nullable().describe('100 × (current − previous) / previous; null when the previous period had none'),
    citationsHistory: z.array(
      z.object({
        date: z.string(),
        totalCitations: z.number().int(),
        citationsByEngine: z.record(z.string(), z.number().int()).describe('Every engine of the filter (all without one), zeros included'),
      }),
    ),
  })
  .meta({ id: 'CitationHistory' });

export type CitationHistory = z.output<typeof citationHistorySchema>;

/** Citations of one URL on every day of the window, per engine, against the period before it. */
export async function getBrandReportCitationHistory(
  services: Services,
  report: BrandReportDoc,
  query: AnalyticsQuery & { url: string },
): Promise<CitationHistory> {
  const scope = await analyticsScope(services, report, query);
  const previousStart = addDays(query.startDate, -dayCount(query.startDate, query.endDate));
  const span = { ...scope.window, startDate: previousStart };
  const daily = scope.prompts.length === 0 ? [] : await historyReader(services.readModels).citationCounts(scope.version, span, historyFilter(scope), { daily: true, onlyUrl: query.url });
  const engines = ENGINES.filter((engine) => !scope.engines || scope.engines.has(engine));
  const byDay = new Map<string, Map<string, number>>();
  for (const { day, byEngine } of daily) {
    const counts = byDay.get(day) ?? new Map<string, number>();
    for (const [engine, count] of byEngine) counts.set(engine, (counts.get(engine) ?? 0) + count);
    byDay.set(day, counts);
  }
  const totalOf = (day: string) => [...(byDay.get(day)?.values() ?? [])].reduce((sum, count) => sum + count, 0);
  const citationsHistory = daysBetween(query.startDate, query.endDate).map((date) => ({
    date,
    totalCitations: totalOf(date),
    citationsByEngine: Object.fromEntries(engines.map((engine) => [engine, byDay.get(date)?.get(engine) ?? 0])),
  }));
  const current = citationsHistory.reduce((sum, { totalCitations }) => sum + totalCitations, 0);
  const previous = daysBetween(previousStart, addDays(query.startDate, -1)).reduce((sum, day) => sum + totalOf(day), 0);
  return {
    url: query.url,
    totalPeriodCitations: current,
    totalCitationsPreviousPeriod: previous,
    percentageChange: previous === 0 ? null : (100 * (current - previous)) / previous,
    citationsHistory,
  };
}
