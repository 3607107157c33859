import { assertNever } from '../../domain/shared/decider.js';
import type { Cadence } from '../../domain/reportSchedules/cadence.js';
import { REPORT_SCHEDULE_EVENT_TYPES, type ReportScheduleEvent, type ReportSend } from '../../domain/reportSchedules/events.js';
import type { Doc } from '../../ports/documentStore.js';
import type { Projection, ProjectedEvent, ProjectionScope } from '../runner/projection.js';

export const REPORT_SCHEDULE_COLLECTION = 'reportSchedules';

/** A live schedule with its sends, oldest first; `_id` is the schedule id. A deleted one leaves the collection. */
export interface ReportScheduleDoc extends Doc {
  reportId: string;
  workspaceId: string;
  teamId: string;
  cadence: Cadence;
  recipients: string[];
  days: number;
  country: string;
  createdDate: string;
  /** The due time of the last send, else the creation: the next send is the first due time after it. */
  sentThrough: string;
  sends: ReportSend[];
}

async function applyEvent(event: ProjectedEvent<ReportScheduleEvent>, scope: ProjectionScope): Promise<void> {
  const schedules = scope.collection<ReportScheduleDoc>(REPORT_SCHEDULE_COLLECTION);
  switch (event.type) {
    case 'ReportScheduleCreated': {
      const { scheduleId, ...fields } = event.data;
      await schedules.replaceOne({ _id: scheduleId }, { _id: scheduleId, ...fields, sentThrough: fields.createdDate, sends: [] }, { upsert: true });
      return;
    }
    case 'ReportScheduleDeleted':
      await schedules.deleteOne({ _id: event.data.scheduleId });
      return;
    case 'ReportSent': {
      const { scheduleId, reportId: _reportId, ...send } = event.data;
      await schedules.updateOne({ _id: scheduleId }, { $push: { sends: send }, $set: { sentThrough: send.dueAt } });
      return;
    }
    default:
      assertNever(event);
  }
}

/** Report e-mail schedules and their sends, as the API lists them and the send jobs find the due ones. */
export const reportSchedulesProjection: Projection<ReportScheduleEvent> = {
  name: 'reportSchedules',
  version: 1,
  eventTypes: [...REPORT_SCHEDULE_EVENT_TYPES],
  async setup(scope) {
    await scope.collection(REPORT_SCHEDULE_COLLECTION).createIndex({ reportId: 1, createdDate: 1 });
  },
  async apply(events, scope) {
    for (const event of events) await applyEvent(event, scope);
  },
};
