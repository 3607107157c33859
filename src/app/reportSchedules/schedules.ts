import type { ActiveBrandReport } from '../../domain/brandReport/events.js';
import { dueSend, nextDue, type Cadence } from '../../domain/reportSchedules/cadence.js';
import { reportScheduleDecider } from '../../domain/reportSchedules/decide.js';
import { reportScheduleStream } from '../../domain/reportSchedules/events.js';
import { reportScheduleCollection, type ReportScheduleDoc } from '../../projections/reportSchedules/reader.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso } from '../shared/context.js';
import { randomBase62 } from '../shared/ids.js';
import type { Services } from '../shared/services.js';
import { defaultCountry } from '../shareLinks/shareLinks.js';

export interface ReportSchedule {
  id: string;
  reportId: string;
  cadence: Cadence;
  recipients: string[];
  days: number;
  country: string;
  createdDate: string;
  nextSendAt: string;
  sends: ReportScheduleDoc['sends'];
}

/** When the schedule sends next: now, when a due time has passed unsent, else the next due time. */
function nextSendAt(doc: ReportScheduleDoc, now: Date): string {
  return dueSend(doc.cadence, doc.sentThrough, now) === null ? nextDue(doc.cadence, now).toISOString() : now.toISOString();
}

const scheduleOf = (doc: ReportScheduleDoc, now: Date): ReportSchedule => ({
  id: doc._id,
  reportId: doc.reportId,
  cadence: doc.cadence,
  recipients: doc.recipients,
  days: doc.days,
  country: doc.country,
  createdDate: doc.createdDate,
  nextSendAt: nextSendAt(doc, now),
  sends: doc.sends,
});

/** The report's schedules, oldest first; `scheduleIds` narrows them. */
export async function listReportSchedules(services: Services, reportId: string, scheduleIds?: readonly string[]): Promise<ReportSchedule[]> {
  const found = await (await reportScheduleCollection(services.readModels)).find({ reportId, ...(scheduleIds ? { _id: { $in: [...scheduleIds] } } : {}) }, { sort: { createdDate: 1, _id: 1 } });
  return found.map((doc) => scheduleOf(doc, services.clock.now()));
}

export async function createReportSchedule(
  services: Services,
  report: ActiveBrandReport,
  input: { cadence: Cadence; recipients: string[]; days: number; country?: string | undefined },
): Promise<ReportSchedule> {
  const scheduleId = `rs_${randomBase62(16)}`;
  const { reportId, workspaceId, teamId } = report;
  const fields = { scheduleId, reportId, workspaceId, teamId, cadence: input.cadence, recipients: input.recipients, days: input.days, country: input.country ?? defaultCountry(report) };
  const { position } = await handleCommand(services.eventStore, reportScheduleStream(scheduleId), reportScheduleDecider, { type: 'CreateReportSchedule', data: { ...fields, now: nowIso(services) } });
  await services.readYourWrites(position);
  const [created] = await listReportSchedules(services, reportId, [scheduleId]);
  if (!created) throw new Error(`Report schedule ${scheduleId} is not in the read model after its creation`);
  return created;
}

export async function deleteReportSchedule(services: Services, reportId: string, scheduleId: string): Promise<void> {
  const { position } = await handleCommand(services.eventStore, reportScheduleStream(scheduleId), reportScheduleDecider, { type: 'DeleteReportSchedule', data: { scheduleId, reportId, now: nowIso(services) } });
  await services.readYourWrites(position);
}
