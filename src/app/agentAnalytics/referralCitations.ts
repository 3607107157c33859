import { isReportHost, reportHosts } from '../../domain/agentLogs/reportHosts.js';
import type { DayWindow } from '../../domain/agentLogs/window.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import type { BrandReportDoc } from '../../projections/brandReports/reader.js';
import { historyReader } from '../../projections/reportHistory/reader.js';
import { readableReport, type ReadableReport } from '../brandReports/history/history.js';
import type { Services } from '../shared/services.js';

/**
 * A path as both sides compare it: cited URLs are stored without a trailing slash (and with their query, which
 * a page is not told apart by), logged paths as requested.
 */
export const comparablePath = (path: string): string => path.replace(/\/+$/, '') || '/';

/** The path of a normalized cited URL (`https://acme.com/pricing?utm_source=chatgpt.com` → `/pricing`). */
export function citedUrlPath(url: string): string {
  const authorityStart = url.indexOf('://') + 3;
  const pathStart = url.slice(authorityStart).search(/[/?#]/);
  if (pathStart === -1) return '/';
  const rest = url.slice(authorityStart + pathStart);
  const queryStart = rest.search(/[?#]/);
  return comparablePath(queryStart === -1 ? rest : rest.slice(0, queryStart));
}

/** The report's history version queries read, or null before its history has one. */
async function readableOrNone(services: Services, report: BrandReportDoc): Promise<ReadableReport | null> {
  try {
    return await readableReport(services, report);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * Per path of the report's pages (compared by `comparablePath`), the runs of the window whose citations name
 * it, from the report history's cited-URL rows: every engine and every country of the report. A URL's forms
 * (another of the report's hosts, another query) are added up, so a run citing two forms of one page counts
 * for each.
 */
export async function citingRunsByPath(services: Services, report: BrandReportDoc, window: DayWindow): Promise<Map<string, number>> {
  const runsByPath = new Map<string, number>();
  const readable = await readableOrNone(services, report);
  if (readable === null) return runsByPath;
  const hosts = reportHosts(report);
  const reader = historyReader(services.readModels);
  const filter = { engines: null, narrowed: false, promptIds: readable.version.promptIds };
  for (const country of report.countries) {
    const tallies = await reader.urlTallies(readable.version, { country, ...window }, filter);
    for (const tally of tallies.values()) {
      if (!isReportHost(tally.domain, hosts)) continue;
      const path = citedUrlPath(tally.url);
      runsByPath.set(path, (runsByPath.get(path) ?? 0) + tally.citingRuns);
    }
  }
  return runsByPath;
}
