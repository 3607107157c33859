import type { Collection } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { REPORT_SCHEDULE_COLLECTION, reportSchedulesProjection, type ReportScheduleDoc } from './projection.js';

export type { ReportScheduleDoc } from './projection.js';

export const reportScheduleCollection = (readModels: ReadModels): Promise<Collection<ReportScheduleDoc>> =>
  readModels.collection<ReportScheduleDoc>(reportSchedulesProjection, REPORT_SCHEDULE_COLLECTION);
