import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import {
  evolveReportSchedule,
  initialReportScheduleState,
  type ReportScheduleEvent,
  type ReportScheduleFields,
  type ReportScheduleState,
  type ReportSend,
} from './events.js';

export type CreateReportSchedule = DomainCommand<'CreateReportSchedule', ReportScheduleFields & { now: string }>;
export type DeleteReportSchedule = DomainCommand<'DeleteReportSchedule', { scheduleId: string; reportId: string; now: string }>;
export type RecordReportSend = DomainCommand<'RecordReportSend', ReportSend & { scheduleId: string }>;
export type ReportScheduleCommand = CreateReportSchedule | DeleteReportSchedule | RecordReportSend;

function decide(command: ReportScheduleCommand, state: ReportScheduleState): ReportScheduleEvent[] {
  switch (command.type) {
    case 'CreateReportSchedule': {
      const { now, ...fields } = command.data;
      if (state.status !== 'absent') throw new ConflictError(`Report schedule ${fields.scheduleId} already exists`);
      return [{ type: 'ReportScheduleCreated', data: { ...fields, createdDate: now } }];
    }
    case 'DeleteReportSchedule': {
      const { scheduleId, reportId, now } = command.data;
      if (state.status !== 'active' || state.reportId !== reportId) throw new NotFoundError(`Report schedule ${scheduleId} not found for brand report ${reportId}`, 'scheduleId');
      return [{ type: 'ReportScheduleDeleted', data: { scheduleId, reportId, deletedDate: now } }];
    }
    case 'RecordReportSend': {
      // A send of a due time already recorded (another process's, or before a restart) records nothing.
      if (state.status !== 'active' || (state.lastDueAt !== null && command.data.dueAt <= state.lastDueAt)) return [];
      return [{ type: 'ReportSent', data: { ...command.data, reportId: state.reportId } }];
    }
    default:
      return assertNever(command);
  }
}

export const reportScheduleDecider: Decider<ReportScheduleState, ReportScheduleCommand, ReportScheduleEvent> = {
  initialState: initialReportScheduleState,
  evolve: evolveReportSchedule,
  decide,
};
