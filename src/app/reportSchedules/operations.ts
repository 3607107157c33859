import { z } from 'zod';
import { CADENCES } from '../../domain/reportSchedules/cadence.js';
import { createReportScheduleFields } from '../../domain/reportSchedules/schema.js';
import { REPORT_ERRORS, reportIdField } from '../brandReports/operations.js';
import { byReport } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { createReportSchedule, deleteReportSchedule, listReportSchedules } from './schedules.js';

const TAG = 'Client reports';

const reportScheduleSchema = z
  .object({
    id: z.string(),
    reportId: z.string(),
    cadence: z.enum(CADENCES),
    recipients: z.array(z.string()),
    days: z.number().int(),
    country: z.string(),
    createdDate: z.iso.datetime(),
    nextSendAt: z.iso.datetime().describe('07:00 UTC on the next Monday (weekly) or 1st (monthly); now when a send is due'),
    sends: z.array(
      z.object({
        dueAt: z.iso.datetime(),
        sentAt: z.iso.datetime(),
        late: z.boolean().describe('Sent more than an hour after its due time: the server was not running then'),
        status: z.enum(['sent', 'failed']),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'ReportSchedule' });

export const createReportScheduleOperation = defineOperation({
  name: 'createReportSchedule',
  summary: 'E-mail a brand report on a schedule',
  description:
    'Weekly on Mondays or monthly on the 1st, at 07:00 UTC, each recipient is sent the report’s PDF for the `days` days ending that day and ' +
    'a fresh share link valid 30 days (SMTP_URL). Each send is recorded once: a restart or a second server never sends it again. A due time ' +
    'missed while no server ran goes out once, late, and says so.',
  tag: TAG,
  access: 'write',
  input: z.object({ reportId: reportIdField, ...createReportScheduleFields }),
  output: reportScheduleSchema,
  answers: 'The schedule',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, ...input }, { deps, resource }) => createReportSchedule(deps, resource, input),
});

export const listReportSchedulesOperation = defineOperation({
  name: 'listReportSchedules',
  summary: "List a brand report's e-mail schedules",
  description: 'Oldest first, each with its sends’ times and statuses.',
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField }),
  output: z.object({ items: z.array(reportScheduleSchema) }),
  answers: 'The schedules',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: async ({ reportId }, { deps }) => ({ items: await listReportSchedules(deps, reportId) }),
});

export const deleteReportScheduleOperation = defineOperation({
  name: 'deleteReportSchedule',
  summary: 'Delete an e-mail schedule',
  tag: TAG,
  access: 'write',
  input: z.object({ reportId: reportIdField, scheduleId: z.string().min(1).describe('Schedule id') }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  answers: 'Deleted',
  errors: { ...REPORT_ERRORS, 404: 'No such report, or the schedule is not one of it' },
  resource: byReport,
  handler: async ({ reportId, scheduleId }, { deps }) => {
    await deleteReportSchedule(deps, reportId, scheduleId);
    return { id: scheduleId, deleted: true as const };
  },
});
