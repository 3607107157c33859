import type { Logger } from 'pino';
import { getBrandReportCitationStatsOperation, getBrandReportStatsOperation, listBrandReportPromptsOperation } from '../brandReports/analytics/operations.js';
import type { BrandReportStats } from '../brandReports/analytics/statsSchema.js';
import type { CitationStats } from '../brandReports/analytics/citationStats.js';
import { shareWindow } from '../../domain/shareLinks/window.js';
import type { ShareLinkDoc } from '../../projections/shareLinks/reader.js';
import type { Principal } from '../shared/principal.js';
import type { Services } from '../shared/services.js';

/** How many prompts the shared overview lists. */
export const SHARED_PROMPTS = 10;

/** What a share link reaches: these three answers, for its report and filters only. */
export const SHARE_DATA = {
  stats: getBrandReportStatsOperation,
  prompts: listBrandReportPromptsOperation,
  'citations/stats': getBrandReportCitationStatsOperation,
} as const;

export type ShareDataPath = keyof typeof SHARE_DATA;

export const isShareDataPath = (path: string): path is ShareDataPath => Object.hasOwn(SHARE_DATA, path);

import type { ShareFigures } from '../reportPage/figures.js';
export type { ShareFigures };

/** A read-only caller that reaches the link's one workspace: every read still passes the access step. */
const principalOf = (link: ShareLinkDoc): Principal => ({ kind: 'shareLink', teamId: link.teamId, credentialId: link._id, permission: 'read', workspaceIds: [link.workspaceId] });

/** The filters the link fixes, its window ending today; the caller adds nothing to them. */
export function linkFilters(link: ShareLinkDoc, now: Date): ReportFilters {
  return { reportId: link.reportId, ...shareWindow(link.days, now), country: link.country, ...(link.engines ? { engines: link.engines } : {}) };
}

export interface ReportFilters {
  reportId: string;
  startDate: string;
  endDate: string;
  country: string;
  engines?: string[] | undefined;
}

/** One of the report's data answers for `filters`, read by its operation as `principal` (the access step included). */
export function readReportData(services: Services, principal: Principal, filters: ReportFilters, path: ShareDataPath, log: Logger): Promise<unknown> {
  const input = path === 'prompts' ? { ...filters, limit: SHARED_PROMPTS } : filters;
  return SHARE_DATA[path].run(input, { principal, deps: services, log });
}

/** Everything the report's overview page shows for `filters`. */
export async function reportFigures(services: Services, principal: Principal, filters: ReportFilters, log: Logger): Promise<ShareFigures> {
  const [stats, prompts, citations] = await Promise.all([
    readReportData(services, principal, filters, 'stats', log),
    readReportData(services, principal, filters, 'prompts', log),
    readReportData(services, principal, filters, 'citations/stats', log),
  ]);
  const { startDate, endDate, country, engines } = filters;
  return {
    window: { startDate, endDate, country, engines: engines ?? null },
    stats: stats as BrandReportStats,
    prompts: prompts as ShareFigures['prompts'],
    citations: citations as CitationStats,
  };
}

/** One of the link's data answers, for the link's filters only. */
export const readShareData = (services: Services, link: ShareLinkDoc, path: ShareDataPath, log: Logger): Promise<unknown> =>
  readReportData(services, principalOf(link), linkFilters(link, services.clock.now()), path, log);

/** The link's overview page figures. */
export const shareFigures = (services: Services, link: ShareLinkDoc, log: Logger): Promise<ShareFigures> =>
  reportFigures(services, principalOf(link), linkFilters(link, services.clock.now()), log);
