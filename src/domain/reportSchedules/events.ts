import type { DomainEvent } from '../shared/decider.js';
import type { Cadence } from './cadence.js';

/** A report's schedule of e-mails, and each send it made: one event per send, so none is made twice. */
export const reportScheduleStream = (scheduleId: string): string => `report-schedule-${scheduleId}`;

export interface ReportScheduleFields {
  scheduleId: string;
  reportId: string;
  workspaceId: string;
  teamId: string;
  cadence: Cadence;
  recipients: string[];
  days: number;
  country: string;
}

export interface ReportSend {
  dueAt: string;
  sentAt: string;
  /** Sent more than an hour after its due time (the server was not running then). */
  late: boolean;
  status: 'sent' | 'failed';
  error: string | null;
}

export type ReportScheduleCreated = DomainEvent<'ReportScheduleCreated', ReportScheduleFields & { createdDate: string }>;
export type ReportScheduleDeleted = DomainEvent<'ReportScheduleDeleted', { scheduleId: string; reportId: string; deletedDate: string }>;
export type ReportSent = DomainEvent<'ReportSent', ReportSend & { scheduleId: string; reportId: string }>;
export type ReportScheduleEvent = ReportScheduleCreated | ReportScheduleDeleted | ReportSent;

export const REPORT_SCHEDULE_EVENT_TYPES = ['ReportScheduleCreated', 'ReportScheduleDeleted', 'ReportSent'] as const;

export type ReportScheduleState =
  | { status: 'absent' }
  | ({ status: 'active'; createdDate: string; lastDueAt: string | null } & ReportScheduleFields)
  | { status: 'deleted'; scheduleId: string; reportId: string };

export const initialReportScheduleState = (): ReportScheduleState => ({ status: 'absent' });

export function evolveReportSchedule(state: ReportScheduleState, event: ReportScheduleEvent): ReportScheduleState {
  switch (event.type) {
    case 'ReportScheduleCreated':
      return { status: 'active', ...event.data, lastDueAt: null };
    case 'ReportScheduleDeleted':
      return { status: 'deleted', scheduleId: event.data.scheduleId, reportId: event.data.reportId };
    case 'ReportSent':
      return state.status === 'active' ? { ...state, lastDueAt: event.data.dueAt } : state;
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}
