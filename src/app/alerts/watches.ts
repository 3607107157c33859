import { watchDecider } from '../../domain/alerts/decide.js';
import { watchStream } from '../../domain/alerts/events.js';
import type { ActiveBrandReport } from '../../domain/brandReport/events.js';
import { ValidationError } from '../../domain/shared/errors.js';
import type { Position } from '../../ports/eventStore.js';
import { alertCollection } from '../../projections/alerts/reader.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso } from '../shared/context.js';
import { randomBase62 } from '../shared/ids.js';
import { newestFirstPage, newestFirstWindow, type ListRange, type PageCursor } from '../shared/paging.js';
import type { Services } from '../shared/services.js';
import { toAlert, toWatch, type Alert, type Watch } from './resource.js';

export const ALERT_LIST = 'alerts';

const newWatchId = (): string => `wt_${randomBase62(16)}`;

/** `competitor` names one of the report's tracked competitors (compared case-insensitively). */
function assertTracked(report: ActiveBrandReport, competitor: string | undefined): void {
  if (competitor === undefined || report.competitors.some(({ brand }) => brand.toLocaleLowerCase('en') === competitor.toLocaleLowerCase('en'))) return;
  const message = `${competitor} is not a competitor tracked by brand report ${report.reportId}`;
  throw new ValidationError(message, [{ path: 'competitor', message, code: 'custom' }]);
}

/** Adds a watch to a report the access step has found and checked (the decider validates). */
export async function addWatch(services: Services, report: ActiveBrandReport, input: { competitor?: string | undefined }): Promise<Watch> {
  assertTracked(report, input.competitor);
  const { reportId } = report;
  const watchId = newWatchId();
  const { position } = await handleCommand(services.eventStore, watchStream(watchId), watchDecider, {
    type: 'AddWatch',
    data: { watchId, reportId, now: nowIso(services), input },
  });
  await services.readYourWrites(position);
  const [watch] = await reportWatches(services, reportId, [watchId]);
  if (!watch) throw new Error(`Watch ${watchId} is not in the read model after its creation`);
  return watch;
}

/** A watch of another report is not found (404), like an unknown one. */
export async function removeWatch(services: Services, reportId: string, watchId: string): Promise<Position | null> {
  const { position } = await handleCommand(services.eventStore, watchStream(watchId), watchDecider, {
    type: 'RemoveWatch',
    data: { watchId, reportId, now: nowIso(services) },
  });
  await services.readYourWrites(position);
  return position;
}

/** The report's active watches, oldest first. */
export async function reportWatches(services: Services, reportId: string, watchIds?: readonly string[]): Promise<Watch[]> {
  const watches = await alertCollection(services.readModels, 'watches');
  const found = await watches.find({ reportId, ...(watchIds ? { _id: { $in: [...watchIds] } } : {}) }, { sort: { createdDate: 1, _id: 1 } });
  return found.map(toWatch);
}

/** One cursor page of the report's alerts, newest first. */
export async function listAlerts(services: Services, reportId: string, cursor: PageCursor | undefined) {
  const { documents, paging } = await newestFirstPage(await alertCollection(services.readModels, 'alerts'), ALERT_LIST, { reportId }, cursor);
  return { items: documents.map(toAlert), paging };
}

/** Any stretch of the report's alerts, newest first, with their number (MCP's page-numbered lists). */
export async function alertsWindow(services: Services, reportId: string, range: ListRange): Promise<{ items: Alert[]; totalCount: number }> {
  const { items, totalCount } = await newestFirstWindow(await alertCollection(services.readModels, 'alerts'), { reportId }, range);
  return { items: items.map(toAlert), totalCount };
}
