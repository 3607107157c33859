import type { Clock } from '../../background/clock.js';
import type { JobKind, WaitingQuery } from '../../background/leasedJobRunner.js';
import { brandReportDecider } from '../../domain/brandReport/decide.js';
import { brandReportStream } from '../../domain/brandReport/events.js';
import { dueSend } from '../../domain/reportSchedules/cadence.js';
import { reportScheduleDecider } from '../../domain/reportSchedules/decide.js';
import { reportScheduleStream, type ReportScheduleFields } from '../../domain/reportSchedules/events.js';
import { shareWindow } from '../../domain/shareLinks/window.js';
import type { Mailer } from '../../ports/mailer.js';
import { reportScheduleCollection } from '../../projections/reportSchedules/reader.js';
import { reportBranding } from '../branding/branding.js';
import { printReport } from '../reportPage/pdf.js';
import { loadState } from '../shared/aggregates.js';
import { handleCommand } from '../shared/commandHandler.js';
import type { Principal } from '../shared/principal.js';
import type { Services } from '../shared/services.js';
import { reportFigures } from '../shareLinks/figures.js';
import { createShareLink } from '../shareLinks/shareLinks.js';
import { reportEmail } from './message.js';

export const REPORT_SEND_JOB = 'reportSend';

/** One due send of one schedule; its id names the due time, so each due time is one job. */
export interface ReportSendJob {
  _id: string;
  teamId: string;
  scheduleId: string;
  dueAt: string;
}

export interface ReportSendPorts {
  services: Services;
  mailer: Mailer;
  clock: Clock;
}

async function dueJobs({ services, clock }: ReportSendPorts, { limit, ids, excluding, excludingTeams }: WaitingQuery): Promise<ReportSendJob[]> {
  const now = clock.now();
  const schedules = await (await reportScheduleCollection(services.readModels)).find(excludingTeams.length > 0 ? { teamId: { $nin: [...excludingTeams] } } : {}, { sort: { sentThrough: 1, _id: 1 } });
  const skipped = new Set(excluding);
  return schedules
    .flatMap((schedule) => {
      const due = dueSend(schedule.cadence, schedule.sentThrough, now);
      return due === null ? [] : [{ _id: `${schedule._id}@${due.dueAt}`, teamId: schedule.teamId, scheduleId: schedule._id, dueAt: due.dueAt }];
    })
    .filter((job) => !skipped.has(job._id) && (ids === undefined || ids.includes(job._id)))
    .slice(0, limit);
}

/** The report read as the schedule's recipients see it: read-only, in its one workspace. */
const readerOf = (schedule: ReportScheduleFields): Principal => ({ kind: 'shareLink', teamId: schedule.teamId, credentialId: schedule.scheduleId, permission: 'read', workspaceIds: [schedule.workspaceId] });

/** Prints the report for the schedule's window ending now, makes a fresh 30-day link, and mails both to every recipient. */
async function sendReport({ services, mailer }: ReportSendPorts, schedule: ReportScheduleFields, due: { dueAt: string; late: boolean }, now: Date): Promise<void> {
  const report = await loadState(services.eventStore, brandReportStream(schedule.reportId), brandReportDecider);
  if (report.status !== 'active') throw new Error(`brand report ${schedule.reportId} no longer exists`);
  const filters = { reportId: schedule.reportId, ...shareWindow(schedule.days, now), country: schedule.country };
  const figures = await reportFigures(services, readerOf(schedule), filters, services.logger);
  const branding = await reportBranding(services, schedule.workspaceId, 'embedded');
  const pdf = await printReport(services, figures, branding, schedule.teamId);
  const link = await createShareLink(services, report, { days: schedule.days, country: schedule.country, label: `${schedule.cadence} report e-mail, ${due.dueAt.slice(0, 10)}` });
  for (const to of schedule.recipients) {
    const content = { to, sender: branding.name ?? 'geolens', brand: report.brand, cadence: schedule.cadence, window: filters, shareUrl: link.url, shareExpiresAt: link.expiresAt, lateSince: due.late ? due.dueAt : null, pdf };
    await mailer.send(reportEmail(content));
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Scheduled report e-mails as leased jobs: one process at a time holds a due send; it sends, then records the
 * send (ReportSent) in the schedule's stream, which a second process or a restart then finds and skips. A due
 * time missed while no server ran goes out once, late, and says so; older missed ones are not sent.
 */
export function reportSendJobs(ports: ReportSendPorts): JobKind<ReportSendJob> {
  const { services, clock } = ports;
  const record = (job: ReportSendJob, outcome: { late: boolean; error: string | null }) =>
    handleCommand(services.eventStore, reportScheduleStream(job.scheduleId), reportScheduleDecider, {
      type: 'RecordReportSend',
      data: { scheduleId: job.scheduleId, dueAt: job.dueAt, sentAt: clock.now().toISOString(), late: outcome.late, status: outcome.error === null ? 'sent' : 'failed', error: outcome.error },
    });
  return {
    name: REPORT_SEND_JOB,
    waiting: (query) => dueJobs(ports, query),
    async run(job) {
      const now = clock.now();
      const schedule = await loadState(services.eventStore, reportScheduleStream(job.scheduleId), reportScheduleDecider);
      if (schedule.status !== 'active') return;
      const due = dueSend(schedule.cadence, schedule.lastDueAt ?? schedule.createdDate, now);
      if (due === null || due.dueAt !== job.dueAt) return;
      try {
        await sendReport(ports, schedule, due, now);
        await record(job, { late: due.late, error: null });
      } catch (error) {
        await record(job, { late: due.late, error: messageOf(error) });
      }
    },
    async abandon(job, reason) {
      await record(job, { late: true, error: `the send was abandoned: ${reason}` });
    },
  };
}
